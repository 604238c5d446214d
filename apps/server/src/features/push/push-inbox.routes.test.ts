import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { insertTestBooking } from '../../../test/departure-bookings.ts';
import { createDepartureFixture } from '../../seed/departure-factories.ts';
import { addDays, createDriverFixture, DEMO_PASSWORD, nextSequence } from '../../seed/factories.ts';
import { officeDay } from '../driver-app/driver-app.service.ts';
import { linkTraveller } from '../traveller-trips/traveller-trips.service.ts';
import { sendNotification, type ReceiverTarget } from './push.service.ts';

/** The traveller's inbox, topics and channel thread, and the driver's quick message (issue #16, docs/adr/0023). */
describe('push inbox', () => {
  let t: TestApp;
  let anna: string;
  let bernd: string;
  let carla: string;
  let dora: string;
  let driver: string;
  let colleague: string;
  let ids: Record<'anna' | 'bernd' | 'carla', number>;
  let coach = 0;
  let otherCoach = 0;
  let topic = 0;
  let otherTopic = 0;

  const userId = async (email: string) =>
    (await t.ctx.db.selectFrom('user_account').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  /** Writes a message and sends it as the staff screen will. */
  async function send(title: string, target: ReceiverTarget, extra: { link?: string; channel?: 'all' | 'bus' } = {}) {
    const now = new Date().toISOString();
    return t.ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('push_notification')
        .values({
          title,
          short: `${title} kurz`,
          message: `${title} lang`,
          link: extra.link ?? null,
          channel: extra.channel ?? null,
          receiver_group: target.group,
          receiver_ids: JSON.stringify(target.ids),
          id_topics: target.topicId,
        })
        .returning('id_pushnotifications')
        .executeTakeFirstOrThrow();
      await sendNotification(trx, row.id_pushnotifications, target, now);
      return row.id_pushnotifications;
    });
  }
  const inbox = async (as: string, query = '') =>
    (await call(t.app, as, { method: 'GET', url: `/app/usernotifications-lit${query}` })).json();
  const unread = async (as: string) =>
    (await call(t.app, as, { method: 'GET', url: '/app/usernotifications/unread-count' })).json().unread;

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    anna = await createLogin(t.ctx, 'traveller');
    bernd = await createLogin(t.ctx, 'traveller');
    carla = await createLogin(t.ctx, 'traveller');
    ids = { anna: await userId(anna), bernd: await userId(bernd), carla: await userId(carla) };
    const mine = await createDriverFixture(t.ctx, nextSequence(), { password: DEMO_PASSWORD });
    const theirs = await createDriverFixture(t.ctx, nextSequence(), { password: DEMO_PASSWORD });
    driver = mine.loginEmail;
    colleague = theirs.loginEmail;
    const today = await createDepartureFixture(t.ctx, nextSequence(), { journey: { firstDate: officeDay() } });
    const outbound = today.transports.find((transport) => transport.direction === 'outbound')!;
    coach = outbound.id;
    otherCoach = today.transports.find((transport) => transport.direction === 'return')!.id;
    await t.ctx.db.updateTable('transport').set({ id_driver_card: mine.customer.id }).where('id', '=', coach).execute();
    await t.ctx.db
      .updateTable('transport')
      .set({ id_driver_card: theirs.customer.id })
      .where('id', '=', otherCoach)
      .execute();
    // Anna and Bernd travel on the driver's coach (one booking); Dora on another departure; Carla on nothing
    const family = await insertTestBooking(t.ctx, {
      nr: today.nr,
      status: 'firm',
      participants: [
        {
          name: 'Zeller, Anna',
          stopOut: today.stops.outbound[0]!,
          seats: [{ transport: coach, seat: outbound.seats[0]! }],
        },
        {
          name: 'Adler, Bernd',
          stopOut: today.stops.outbound[0]!,
          seats: [{ transport: coach, seat: outbound.seats[1]! }],
        },
      ],
    });
    await linkTraveller(t.ctx, { userId: ids.anna, bookingId: family.id, relation: 'booker', status: 'confirmed' });
    await linkTraveller(t.ctx, { userId: ids.bernd, bookingId: family.id, relation: 'guest', status: 'confirmed' });
    const later = await createDepartureFixture(t.ctx, nextSequence(), {
      journey: { firstDate: addDays(officeDay(), 9) },
    });
    const doraBooking = await insertTestBooking(t.ctx, {
      nr: later.nr,
      status: 'firm',
      participants: [{ name: 'Lang, Dora', stopOut: later.stops.outbound[0]! }],
    });
    dora = await createLogin(t.ctx, 'traveller');
    await linkTraveller(t.ctx, {
      userId: await userId(dora),
      bookingId: doraBooking.id,
      relation: 'booker',
      status: 'confirmed',
    });
    topic = (
      await t.ctx.db
        .insertInto('app_topic')
        .values({ title: 'Wanderreisen', sort_name: 'wanderreisen' })
        .returning('id_topics')
        .executeTakeFirstOrThrow()
    ).id_topics;
    otherTopic = (
      await t.ctx.db
        .insertInto('app_topic')
        .values({ title: 'Ausflüge', sort_name: 'ausfluge' })
        .returning('id_topics')
        .executeTakeFirstOrThrow()
    ).id_topics;
  });
  afterAll(() => t.close());

  it('lists only the user’s own entries, newest first, and 404s another user’s entry', async () => {
    const first = await send('Erste', { group: 'all', ids: [], topicId: null }, { link: '/appuser/Diary' });
    const second = await send('Zweite', { group: 'customers', ids: [], topicId: null }).catch(() => null);
    expect(second).toBeNull(); // an incomplete target is a 400 and sends nothing
    await send('Nur Anna', { group: 'topic', ids: [], topicId: otherTopic }).catch(() => null);
    const page = await inbox(anna);
    expect(page).toMatchObject({ total: 1, limit: 20, skip: 0 });
    expect(page.data[0]).toMatchObject({
      id_pushnotifications: first,
      title: 'Erste',
      short: 'Erste kurz',
      message: 'Erste lang',
      link: '/appuser/Diary',
      channel: null,
      read: false,
      opened: false,
      surveys: [],
    });
    const annaEntry = page.data[0].id;
    const berndPage = await inbox(bernd);
    expect(berndPage.total).toBe(1);
    expect(berndPage.data[0].id).not.toBe(annaEntry);
    for (const request of [
      { method: 'GET' as const, url: `/app/usernotifications/${annaEntry}` },
      { method: 'PATCH' as const, url: `/app/usernotifications/${annaEntry}`, payload: { read: true } },
      { method: 'POST' as const, url: `/app/usernotifications/${annaEntry}/opened` },
    ])
      expect((await call(t.app, bernd, request)).statusCode).toBe(404);
    expect((await call(t.app, anna, { method: 'GET', url: `/app/usernotifications/${annaEntry}` })).statusCode).toBe(
      200,
    );
    await send('Dritte', { group: 'all', ids: [], topicId: null });
    const newest = await inbox(anna, '?$limit=1');
    expect(newest).toMatchObject({ total: 2, limit: 1, skip: 0 });
    expect(newest.data[0].title).toBe('Dritte');
    expect((await inbox(anna, '?$limit=1&$skip=1')).data[0].title).toBe('Erste');
    expect((await call(t.app, anna, { method: 'GET', url: '/app/usernotifications-lit?$limit=x' })).statusCode).toBe(
      400,
    );
  });

  it('marks read, unread, opened and all read, and counts the unread', async () => {
    const before = await unread(anna);
    expect(before).toBe(2);
    const [newest, older] = (await inbox(anna)).data;
    const read = await call(t.app, anna, {
      method: 'PATCH',
      url: `/app/usernotifications/${newest.id}`,
      payload: { read: true },
    });
    expect(read.json()).toMatchObject({ read: true, opened: false });
    expect(await unread(anna)).toBe(1);
    const again = await call(t.app, anna, {
      method: 'PATCH',
      url: `/app/usernotifications/${newest.id}`,
      payload: { read: false },
    });
    expect(again.json()).toMatchObject({ read: false });
    expect(await unread(anna)).toBe(2);
    const bad = await call(t.app, anna, {
      method: 'PATCH',
      url: `/app/usernotifications/${newest.id}`,
      payload: { read: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors?.[0] ?? bad.json()).toBeTruthy();
    const opened = await call(t.app, anna, { method: 'POST', url: `/app/usernotifications/${older.id}/opened` });
    expect(opened.json()).toMatchObject({ read: true, opened: true });
    expect(await unread(anna)).toBe(1);
    const all = await call(t.app, anna, { method: 'POST', url: '/app/usernotifications/read-all' });
    expect(all.json()).toEqual({ updated: 1 });
    expect(await unread(anna)).toBe(0);
    // Bernd's inbox is untouched
    expect(await unread(bernd)).toBe(2);
  });

  it('lets a traveller follow and leave topics idempotently; a topic message reaches its followers only', async () => {
    const list = (await call(t.app, anna, { method: 'GET', url: '/app/my-topics' })).json();
    expect(list).toEqual([
      { id: otherTopic, title: 'Ausflüge', following: false },
      { id: topic, title: 'Wanderreisen', following: false },
    ]);
    for (let i = 0; i < 2; i++) {
      const follow = await call(t.app, anna, { method: 'PUT', url: `/app/my-topics/${topic}` });
      expect(follow.json()).toEqual({ id: topic, title: 'Wanderreisen', following: true });
    }
    expect((await call(t.app, carla, { method: 'PUT', url: `/app/my-topics/${topic}` })).statusCode).toBe(200);
    expect((await call(t.app, carla, { method: 'DELETE', url: `/app/my-topics/${topic}` })).statusCode).toBe(200);
    expect((await call(t.app, carla, { method: 'DELETE', url: `/app/my-topics/${topic}` })).statusCode).toBe(200);
    expect((await call(t.app, anna, { method: 'PUT', url: '/app/my-topics/999999' })).statusCode).toBe(404);
    const mine = (await call(t.app, anna, { method: 'GET', url: '/app/my-topics' })).json();
    expect(mine.find((row: { id: number }) => row.id === topic).following).toBe(true);
    await send('Wandern', { group: 'topic', ids: [], topicId: topic });
    expect((await inbox(anna)).data[0].title).toBe('Wandern');
    expect((await inbox(carla)).data.map((row: { title: string }) => row.title)).not.toContain('Wandern');
    expect((await inbox(bernd)).data.map((row: { title: string }) => row.title)).not.toContain('Wandern');
  });

  it('lists the attached surveys with whether the user answered them', async () => {
    const survey = await t.ctx.db
      .insertInto('survey_survey')
      .values({ title: 'Wie war die Reise?' })
      .returning('id_survey_survey')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const message = await t.ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('push_notification')
        .values({ title: 'Umfrage', receiver_group: 'all' })
        .returning('id_pushnotifications')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('push_notification_survey')
        .values({ id_pushnotifications: row.id_pushnotifications, id_survey_survey: survey.id_survey_survey })
        .execute();
      await sendNotification(trx, row.id_pushnotifications, { group: 'all', ids: [], topicId: null }, now);
      return row.id_pushnotifications;
    });
    await t.ctx.db
      .insertInto('survey_response')
      .values({ id_survey_survey: survey.id_survey_survey, id_user: ids.anna, id_pushnotifications: message })
      .execute();
    const annaEntry = (await inbox(anna)).data.find((row: { title: string }) => row.title === 'Umfrage');
    expect(annaEntry.surveys).toEqual([{ id: survey.id_survey_survey, title: 'Wie war die Reise?', answered: true }]);
    const berndEntry = (await inbox(bernd)).data.find((row: { title: string }) => row.title === 'Umfrage');
    expect(berndEntry.surveys).toEqual([{ id: survey.id_survey_survey, title: 'Wie war die Reise?', answered: false }]);
  });

  it('lets a driver message their own coach: sent at once to exactly its travellers, shown in the thread', async () => {
    const response = await call(t.app, driver, {
      method: 'POST',
      url: `/driver/transports/${coach}/messages`,
      payload: { message: '  Wir fahren in 10 Minuten ab.  ' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ message: 'Wir fahren in 10 Minuten ab.', receivers: 2, read: 0 });
    const id = response.json().id;
    const row = await t.ctx.db
      .selectFrom('push_notification')
      .selectAll()
      .where('id_pushnotifications', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', channel: 'bus', receiver_group: 'bus', receiver_ids: `[${coach}]` });
    // Titled with the driver's name, as a chat names who wrote, in no one language.
    const name = await t.ctx.db
      .selectFrom('user_account')
      .select(['firstname', 'lastname'])
      .where('email', '=', driver)
      .executeTakeFirstOrThrow();
    expect(row.title).toBe(`${name.firstname} ${name.lastname}`);
    expect(response.json().title).toBe(row.title);
    const reached = await t.ctx.db
      .selectFrom('user_notification')
      .select('id_user')
      .where('id_pushnotifications', '=', id)
      .orderBy('id_user')
      .execute();
    expect(reached.map((r) => r.id_user)).toEqual([ids.anna, ids.bernd].sort((a, b) => a - b));
    const thread = (await call(t.app, anna, { method: 'GET', url: '/app/channel-messages' })).json();
    expect(thread.at(-1)).toMatchObject({ message: 'Wir fahren in 10 Minuten ab.', channel: 'bus', read: false });
    expect(thread.at(-1).senderName).toBeTruthy();
    for (const outsider of [carla, dora])
      expect((await call(t.app, outsider, { method: 'GET', url: '/app/channel-messages' })).json()).toEqual([]);
    const sent = (await call(t.app, driver, { method: 'GET', url: `/driver/transports/${coach}/messages` })).json();
    expect(sent[0]).toMatchObject({ id, message: 'Wir fahren in 10 Minuten ab.' });
  });

  it('refuses another coach (403), a traveller without pushmessage-send (403) and an empty or long message (400)', async () => {
    const post = (as: string, transport: number, message: string) =>
      call(t.app, as, { method: 'POST', url: `/driver/transports/${transport}/messages`, payload: { message } });
    const other = await post(driver, otherCoach, 'Hallo');
    expect(other.statusCode).toBe(403);
    expect(other.json().message ?? other.json().error).toBeTruthy();
    expect(JSON.stringify(other.json())).toContain('error.notYourDeparture');
    expect(
      (await call(t.app, driver, { method: 'GET', url: `/driver/transports/${otherCoach}/messages` })).statusCode,
    ).toBe(403);
    expect((await post(colleague, coach, 'Hallo')).statusCode).toBe(403);
    expect((await post(driver, 999999, 'Hallo')).statusCode).toBe(404);
    expect((await post(anna, coach, 'Hallo')).statusCode).toBe(403);
    expect((await post(driver, coach, '   ')).statusCode).toBe(400);
    expect((await post(driver, coach, 'x'.repeat(1001))).statusCode).toBe(400);
    const count = await t.ctx.db
      .selectFrom('push_notification')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('channel', '=', 'bus')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });
});
