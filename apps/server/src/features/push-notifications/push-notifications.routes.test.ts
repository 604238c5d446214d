import type { Booking, PushNotification, PushReceiverCount, PushReceiversBody } from '@tourdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book } from '../../../test/agency-money.ts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { createDepartureFixture, type DepartureFixture } from '../../seed/departure-factories.ts';
import {
  createAgencyFixture,
  createDriverFixture,
  createRoleFixture,
  createUserFixture,
  DEMO_PASSWORD,
  nextSequence,
} from '../../seed/factories.ts';
import { linkTraveller } from '../traveller-trips/traveller-trips.service.ts';
import { runDue } from './push-notifications.service.ts';

/** The staff side of push notifications and topics (issue #16, docs/adr/0023). */
describe('push notifications (staff)', () => {
  let t: TestApp;
  const as = { admin: '', office: '', traveller: '', agency: '', nobody: '', reader: '', manager: '', driver: '' };

  const staffWith = async (access: Record<string, Record<string, boolean>>) => {
    const role = await createRoleFixture(t.ctx, `role-${nextSequence()}`, { access });
    const email = `staff-${nextSequence()}@test.example`;
    await createUserFixture(t.ctx, 'staff', { email, role: role.id_roles });
    return email;
  };
  const userId = async (email: string) =>
    (await t.ctx.db.selectFrom('user_account').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  /** A new active app account (a traveller), its id. */
  const traveller = async () => userId(await createLogin(t.ctx, 'traveller'));
  const count = async (body: PushReceiversBody) => {
    const response = await call(t.app, as.manager, {
      method: 'POST',
      url: '/app/pushnotifications/receivers',
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PushReceiverCount>();
  };
  const create = async (payload: object) => {
    const response = await call(t.app, as.manager, { method: 'POST', url: '/app/pushnotifications', payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<PushNotification>();
  };
  const send = (id: number, payload: object = {}) =>
    call(t.app, as.manager, { method: 'POST', url: `/app/pushnotifications/${id}/send`, payload });
  const inbox = async (id: number) =>
    (
      await t.ctx.db
        .selectFrom('user_notification')
        .select('id_user')
        .where('id_pushnotifications', '=', id)
        .orderBy('id_user')
        .execute()
    ).map((row) => row.id_user);
  const subscribe = (userIdValue: number, brandId: number | null = null) =>
    t.ctx.db
      .insertInto('push_subscription')
      .values({
        id_user: userIdValue,
        kind: 'webpush',
        endpoint: `https://push.example/${nextSequence()}`,
        p256dh: 'key',
        auth: 'auth',
        user_agent: null,
        id_brand: brandId,
        last_success_at: null,
      })
      .execute();

  // The coach fixture: two outbound coaches (A1 first, A2 second) of one departure.
  let departure: DepartureFixture;
  let coach1 = 0;
  let coach2 = 0;
  const travellers = { seated1: 0, unseated: 0, seated2: 0, cancelled: 0, waitlist: 0, inactive: 0, staff: 0 };
  let bookings: Booking[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    as.admin = await createLogin(t.ctx, 'admin');
    as.office = await createLogin(t.ctx, 'office');
    as.traveller = await createLogin(t.ctx, 'traveller');
    const agency = await createAgencyFixture(t.ctx, nextSequence());
    as.agency = await createLogin(t.ctx, 'agency', { agencyId: agency.id });
    as.nobody = await staffWith({});
    as.reader = await staffWith({ appusermanagement: { read: true } });
    as.manager = await staffWith({
      appusermanagement: { read: true, create: true, update: true, delete: true },
      pushmessage: { read: true, send: true },
    });
    as.driver = (await createDriverFixture(t.ctx, nextSequence(), { password: DEMO_PASSWORD })).loginEmail;

    departure = await createDepartureFixture(t.ctx, nextSequence(), { journey: { firstDate: '2027-07-05' } });
    coach1 = departure.transports.find((coach) => coach.direction === 'outbound')!.id;
    const first = await t.ctx.db.selectFrom('transport').selectAll().where('id', '=', coach1).executeTakeFirstOrThrow();
    coach2 = (
      await t.ctx.db
        .insertInto('transport')
        .values({
          id_jrn_date: first.id_jrn_date,
          direction: 'outbound',
          position: 2,
          name: 'Bus 2 Hinfahrt',
          id_seat_plan: first.id_seat_plan,
          layout: first.layout,
          id_driver_card: null,
          vehicle: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    bookings = [];
    for (let i = 0; i < 5; i++) bookings.push(await book(t, as.office, departure.nr, { participants: 1 }));
    const [seated1, unseated, seated2, cancelled, waitlist] = bookings.map((booking) => booking.id) as [
      number,
      number,
      number,
      number,
      number,
    ];
    const seats = t.ctx.db.deleteFrom('seat_assignment').where('id_booking', 'in', [seated1, unseated, seated2]);
    await seats.execute();
    const participant = async (bookingId: number) =>
      (
        await t.ctx.db
          .selectFrom('participant')
          .select('id')
          .where('id_booking', '=', bookingId)
          .executeTakeFirstOrThrow()
      ).id;
    // Seats: seated1 and cancelled on coach 1, seated2 on coach 2, unseated none in the outbound direction.
    await t.ctx.db
      .insertInto('seat_assignment')
      .values([
        { id_transport: coach1, seat: '1A', id_booking: seated1, id_participant: await participant(seated1) },
        { id_transport: coach2, seat: '1A', id_booking: seated2, id_participant: await participant(seated2) },
      ])
      .execute();
    await t.ctx.db.deleteFrom('seat_assignment').where('id_booking', '=', cancelled).execute();
    await t.ctx.db
      .insertInto('seat_assignment')
      .values({ id_transport: coach1, seat: '2A', id_booking: cancelled, id_participant: await participant(cancelled) })
      .execute();
    await t.ctx.db.updateTable('booking').set({ status: 'cancelled' }).where('id', '=', cancelled).execute();
    await t.ctx.db.updateTable('booking').set({ status: 'waitlist' }).where('id', '=', waitlist).execute();

    for (const key of ['seated1', 'unseated', 'seated2', 'cancelled', 'waitlist', 'inactive'] as const)
      travellers[key] = await traveller();
    await t.ctx.db
      .updateTable('user_account')
      .set({ is_active: false })
      .where('id', '=', travellers.inactive)
      .execute();
    travellers.staff = await userId(as.office);
    const link = (user: number, bookingId: number, relation: 'booker' | 'guest' = 'booker') =>
      linkTraveller(t.ctx, { userId: user, bookingId, relation, status: 'confirmed' });
    await link(travellers.seated1, seated1);
    // Two bookings of the same departure: still one receiver.
    await link(travellers.seated1, unseated, 'guest');
    await link(travellers.unseated, unseated);
    await link(travellers.seated2, seated2);
    await link(travellers.cancelled, cancelled);
    await link(travellers.waitlist, waitlist);
    await link(travellers.inactive, seated1, 'guest');
    await link(travellers.staff, seated1, 'guest');
  });
  afterAll(() => t.close());

  it('refuses travellers, agency users, staff without rights and strangers', async () => {
    for (const email of [as.traveller, as.agency, as.nobody]) {
      for (const url of ['/app/pushnotifications', '/app/topics', '/app/topics/all'])
        expect((await call(t.app, email, { method: 'GET', url })).statusCode, `${email} ${url}`).toBe(403);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/app/pushnotifications' });
    expect(anonymous.statusCode).toBe(401);
    // A reader sees, but cannot write or send.
    expect((await call(t.app, as.reader, { method: 'GET', url: '/app/pushnotifications' })).statusCode).toBe(200);
    const write = await call(t.app, as.reader, {
      method: 'POST',
      url: '/app/pushnotifications',
      payload: { title: 'X' },
    });
    expect(write.statusCode).toBe(403);
    const message = await create({ title: 'Rechte' });
    // Titles are searched lower-cased on both engines, capital umlauts too (SQLite's lower() folds only A–Z).
    const umlaut = await create({ title: 'ÜBERRASCHUNG IM ÖSTERREICH-URLAUB' });
    const found = await call(t.app, as.reader, {
      method: 'GET',
      url: `/app/pushnotifications?lit-search=${encodeURIComponent('überraschung österreich')}`,
    });
    expect(found.json().data.map((row: PushNotification) => row.id)).toEqual([umlaut.id]);
    expect(
      (await call(t.app, as.reader, { method: 'POST', url: `/app/pushnotifications/${message.id}/send`, payload: {} }))
        .statusCode,
    ).toBe(403);
    // A driver may send on their own channel (driver-app), not the office's quick messages or messages.
    const quick = await call(t.app, as.driver, {
      method: 'POST',
      url: '/app/channel-messages',
      payload: { channel: 'all', message: 'Hallo' },
    });
    expect(quick.statusCode).toBe(403);
    expect(
      (await call(t.app, as.driver, { method: 'POST', url: `/app/pushnotifications/${message.id}/send`, payload: {} }))
        .statusCode,
    ).toBe(403);
  });

  it('creates, lists, updates and deletes a message, and refuses bad values with their field', async () => {
    const topic = (
      await call(t.app, as.manager, { method: 'POST', url: '/app/topics', payload: { title: 'Reiseangebote CRUD' } })
    ).json<{ id: number }>();
    const created = await create({
      title: 'Frühbucher',
      short: 'Jetzt buchen',
      message: 'Alle Reisen 2027 mit 10 % Rabatt.',
      id_topics: topic.id,
      link: 'https://example.com/angebote',
      receiver_group: 'dates',
      receiver_ids: [departure.nr, departure.nr],
    });
    expect(created).toMatchObject({
      id_pushnotifications: created.id,
      title: 'Frühbucher',
      short: 'Jetzt buchen',
      topic: 'Reiseangebote CRUD',
      status: 'draft',
      sent: false,
      sentAt: null,
      receiver_group: 'dates',
      receiver_ids: [departure.nr],
      receiver_labels: [{ id: departure.nr, label: expect.stringContaining('05.07.2027') }],
      surveys: [],
      channel: null,
      receivers: 0,
      deliveries: { sent: 0, queued: 0, failed: 0, gone: 0 },
    });
    const list = await call(t.app, as.reader, { method: 'GET', url: '/app/pushnotifications?lit-search=frühbucher' });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((row: PushNotification) => row.id)).toEqual([created.id]);
    const filtered = await call(t.app, as.reader, {
      method: 'GET',
      url: '/app/pushnotifications?receiver_group=dates&status=draft&channel=none&$sort[title]=1',
    });
    expect(filtered.json().data.map((row: PushNotification) => row.id)).toContain(created.id);
    const updated = await call(t.app, as.manager, {
      method: 'PATCH',
      url: `/app/pushnotifications/${created.id}`,
      payload: { link: '/app/reisen', short: '', receiver_group: 'bus', receiver_ids: [coach1] },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      link: '/app/reisen',
      short: null,
      receiver_group: 'bus',
      receiver_ids: [coach1],
    });
    const regrouped = await call(t.app, as.manager, {
      method: 'PATCH',
      url: `/app/pushnotifications/${created.id}`,
      payload: { receiver_group: 'dates' },
    });
    expect(regrouped.json()).toMatchObject({ receiver_group: 'dates', receiver_ids: [], receiver_labels: [] });

    const bad = async (payload: object, field: string, key: string) => {
      const response = await call(t.app, as.manager, { method: 'POST', url: '/app/pushnotifications', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors).toEqual([expect.objectContaining({ field, key })]);
    };
    await bad({ title: '' }, 'title', 'error.empty');
    await bad({ title: 'x'.repeat(121) }, 'title', 'error.tooLong');
    await bad({ title: 'A', short: 'x'.repeat(256) }, 'short', 'error.tooLong');
    await bad({ title: 'A', message: 'x'.repeat(4001) }, 'message', 'error.tooLong');
    await bad({ title: 'A', link: 'http://example.com' }, 'link', 'error.invalid');
    await bad({ title: 'A', link: 'javascript:alert(1)' }, 'link', 'error.invalid');
    await bad({ title: 'A', receiver_group: 'everyone' }, 'receiver_group', 'error.invalid');
    await bad({ title: 'A', receiver_group: 'customers', receiver_ids: [999_999] }, 'receiver_ids', 'error.invalid');
    await bad({ title: 'A', receiver_group: 'bus', receiver_ids: [999_999] }, 'receiver_ids', 'error.invalid');
    await bad({ title: 'A', receiver_group: 'bus', receiver_ids: [coach1, coach2] }, 'receiver_ids', 'error.invalid');
    await bad({ title: 'A', receiver_group: 'dates', receiver_ids: [999_999] }, 'receiver_ids', 'error.invalid');
    await bad({ title: 'A', receiver_group: 'topic', id_topics: 999_999 }, 'id_topics', 'error.invalid');
    await bad({ title: 'A', surveys: [999_999] }, 'surveys', 'error.invalid');

    const removed = await call(t.app, as.manager, { method: 'DELETE', url: `/app/pushnotifications/${created.id}` });
    expect(removed.statusCode).toBe(200);
    expect(
      (await call(t.app, as.reader, { method: 'GET', url: `/app/pushnotifications/${created.id}` })).statusCode,
    ).toBe(404);
  });

  it('counts the travellers of a coach: seated on it, and on the first coach those without a seat', async () => {
    expect(await count({ receiver_group: 'bus', receiver_ids: [coach1] })).toEqual({ receivers: 2, devices: 0 });
    expect(await count({ receiver_group: 'bus', receiver_ids: [coach2] })).toEqual({ receivers: 1, devices: 0 });
    // The return coach is the first of its direction: nobody holds a seat there, so every travelling booking.
    const back = departure.transports.find((coach) => coach.direction === 'return')!.id;
    await t.ctx.db.deleteFrom('seat_assignment').where('id_transport', '=', back).execute();
    expect((await count({ receiver_group: 'bus', receiver_ids: [back] })).receivers).toBe(3);
    // Through sending: the inbox holds exactly those travellers.
    const message = await create({ title: 'Abfahrt', receiver_group: 'bus', receiver_ids: [coach1] });
    const sent = await send(message.id);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'sent', sent: true, receivers: 2 });
    expect(await inbox(message.id)).toEqual([travellers.seated1, travellers.unseated].sort((a, b) => a - b));
    const second = await create({ title: 'Bus 2', receiver_group: 'bus', receiver_ids: [coach2] });
    expect((await send(second.id)).statusCode).toBe(200);
    expect(await inbox(second.id)).toEqual([travellers.seated2]);
  });

  it('counts the travellers of departures, of customers and of a topic, never inactive or staff accounts', async () => {
    expect(await count({ receiver_group: 'dates', receiver_ids: [departure.nr] })).toEqual({
      receivers: 3,
      devices: 0,
    });
    // Customers: the booker link of a booking, and an account of the card itself.
    const booker = bookings[2]!;
    const card = (
      await t.ctx.db
        .selectFrom('booking')
        .select('id_booker_card')
        .where('id', '=', booker.id)
        .executeTakeFirstOrThrow()
    ).id_booker_card!;
    expect(await count({ receiver_group: 'customers', receiver_ids: [card] })).toEqual({ receivers: 1, devices: 0 });
    const own = await traveller();
    const otherCard = (
      await t.ctx.db
        .selectFrom('booking')
        .select('id_booker_card')
        .where('id', '=', bookings[0]!.id)
        .executeTakeFirstOrThrow()
    ).id_booker_card!;
    await t.ctx.db.updateTable('user_account').set({ id_vc_card: otherCard }).where('id', '=', own).execute();
    // Booker of bookings[0] is seated1 (booker link); the card's own account too.
    expect((await count({ receiver_group: 'customers', receiver_ids: [card, otherCard] })).receivers).toBe(3);

    const topic = (
      await call(t.app, as.manager, { method: 'POST', url: '/app/topics', payload: { title: 'Gruppenreisen Test' } })
    ).json<{ id: number }>();
    await t.ctx.db
      .insertInto('app_topic_follower')
      .values(
        [travellers.seated1, travellers.inactive, travellers.staff].map((id_user) => ({
          id_topics: topic.id,
          id_user,
        })),
      )
      .execute();
    expect(await count({ receiver_group: 'topic', id_topics: topic.id })).toEqual({ receivers: 1, devices: 0 });
    const topics = await call(t.app, as.reader, { method: 'GET', url: '/app/topics?lit-search=gruppen' });
    expect(topics.json().data).toEqual([expect.objectContaining({ id: topic.id, followers: 3 })]);
    const missing = await call(t.app, as.manager, {
      method: 'POST',
      url: '/app/pushnotifications/receivers',
      payload: { receiver_group: 'topic' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([expect.objectContaining({ field: 'id_topics', key: 'error.empty' })]);

    // All: every active app account once, and the devices.
    const before = await count({ receiver_group: 'all' });
    const fresh = await traveller();
    await subscribe(fresh);
    await subscribe(fresh);
    expect(await count({ receiver_group: 'all' })).toEqual({
      receivers: before.receivers + 1,
      devices: before.devices + 2,
    });
  });

  it('sends a message once: a second send, an edit or a delete is 409, and of two at once one wins', async () => {
    const message = await create({ title: 'Einmal', receiver_group: 'dates', receiver_ids: [departure.nr] });
    const [a, b] = await Promise.all([send(message.id), send(message.id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((response) => response.statusCode === 409)!.json()).toMatchObject({
      key: 'error.pushAlreadySent',
    });
    expect(await inbox(message.id)).toHaveLength(3);
    const again = await send(message.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ key: 'error.pushAlreadySent' });
    for (const request of [
      { method: 'PATCH' as const, url: `/app/pushnotifications/${message.id}`, payload: { title: 'Neu' } },
      { method: 'DELETE' as const, url: `/app/pushnotifications/${message.id}` },
      { method: 'POST' as const, url: `/app/pushnotifications/${message.id}/unschedule` },
    ]) {
      const response = await call(t.app, as.manager, request);
      expect(response.statusCode, request.method).toBe(409);
    }
    const receivers = await call(t.app, as.reader, {
      method: 'GET',
      url: `/app/pushnotifications/${message.id}/receivers?$limit=2`,
    });
    expect(receivers.statusCode, receivers.body).toBe(200);
    expect(receivers.json()).toMatchObject({ total: 3, limit: 2, skip: 0 });
    expect(receivers.json().data).toHaveLength(2);
    expect(receivers.json().data[0]).toMatchObject({ read_at: null, opened_at: null, delivery: null });

    // Nobody to receive it: 400, and it stays a draft.
    const empty = await create({ title: 'Leer', receiver_group: 'dates', receiver_ids: [departure.nr] });
    await t.ctx.db
      .updateTable('push_notification')
      .set({ receiver_ids: '[]' })
      .where('id_pushnotifications', '=', empty.id)
      .execute();
    expect((await send(empty.id)).statusCode).toBe(400);
    const topic = (
      await call(t.app, as.manager, { method: 'POST', url: '/app/topics', payload: { title: 'Leeres Thema' } })
    ).json<{ id: number }>();
    const nobody = await create({ title: 'Niemand', receiver_group: 'topic', id_topics: topic.id });
    const refused = await send(nobody.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ key: 'error.noReceivers' });
    expect(
      (await call(t.app, as.reader, { method: 'GET', url: `/app/pushnotifications/${nobody.id}` })).json(),
    ).toMatchObject({
      status: 'draft',
    });
  });

  it('schedules a message, sends it when due and not before, and unschedules', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const message = await create({ title: 'Später', receiver_group: 'dates', receiver_ids: [departure.nr] });
    const scheduled = await send(message.id, { at });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json()).toMatchObject({ status: 'scheduled', scheduledAt: at, sent: false });
    expect(await runDue(t.ctx, new Date(Date.now() + 60_000))).toBe(0);
    expect(await inbox(message.id)).toEqual([]);
    expect(await runDue(t.ctx, new Date(Date.now() + 3_700_000))).toBe(1);
    const done = await call(t.app, as.reader, { method: 'GET', url: `/app/pushnotifications/${message.id}` });
    expect(done.json()).toMatchObject({ status: 'sent', sent: true, receivers: 3 });
    expect(await runDue(t.ctx, new Date(Date.now() + 3_800_000))).toBe(0);

    const other = await create({ title: 'Doch nicht', receiver_group: 'dates', receiver_ids: [departure.nr] });
    expect((await send(other.id, { at })).statusCode).toBe(200);
    const back = await call(t.app, as.manager, {
      method: 'POST',
      url: `/app/pushnotifications/${other.id}/unschedule`,
    });
    expect(back.json()).toMatchObject({ status: 'draft', scheduledAt: null });
    expect(await runDue(t.ctx, new Date(Date.now() + 3_700_000))).toBe(0);
    const bad = await send(other.id, { at: 'morgen' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'at', key: 'error.invalid' })]);
  });

  it('queues deliveries of a brand’s message only to that brand’s devices', async () => {
    const brand = (
      await t.ctx.db
        .insertInto('brand')
        .values({
          host: `brand-${nextSequence()}.example`,
          name: 'Elbland Reisen',
          logo: null,
          company: null,
          street: null,
          zip: null,
          city: null,
          tel: null,
          fax: null,
          email: null,
          web: null,
          court: null,
          registration_number: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await subscribe(travellers.seated2, brand);
    await subscribe(travellers.seated2, null);
    await subscribe(travellers.seated2, brand);
    expect(await count({ receiver_group: 'bus', receiver_ids: [coach2], id_brand: brand })).toEqual({
      receivers: 1,
      devices: 2,
    });
    const message = await create({ title: 'Marke', receiver_group: 'bus', receiver_ids: [coach2], id_brand: brand });
    const sent = await send(message.id);
    expect(sent.json()).toMatchObject({ receivers: 1, deliveries: { queued: 2, sent: 0, failed: 0, gone: 0 } });
  });

  it('sends the quick messages of the two channels at once', async () => {
    const all = await call(t.app, as.manager, {
      method: 'POST',
      url: '/app/channel-messages',
      payload: { channel: 'all', message: 'Frohe Weihnachten!' },
    });
    expect(all.statusCode, all.body).toBe(201);
    expect(all.json()).toMatchObject({
      channel: 'all',
      receiver_group: 'all',
      status: 'sent',
      message: 'Frohe Weihnachten!',
      // Named after the operator (the brand of the host), not a text in one language.
      title: 'Tourdesk',
    });
    const bus = await call(t.app, as.manager, {
      method: 'POST',
      url: '/app/channel-messages',
      payload: { channel: 'bus', id_transport: coach1, message: 'Wir halten in 10 Minuten.' },
    });
    expect(bus.statusCode, bus.body).toBe(201);
    expect(bus.json()).toMatchObject({ channel: 'bus', receiver_group: 'bus', receiver_ids: [coach1], receivers: 2 });
    const channels = await call(t.app, as.reader, { method: 'GET', url: '/app/pushnotifications?channel=bus' });
    expect(channels.json().data.map((row: PushNotification) => row.id)).toEqual([bus.json().id]);
    const missing = await call(t.app, as.manager, {
      method: 'POST',
      url: '/app/channel-messages',
      payload: { channel: 'bus', message: 'x' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([expect.objectContaining({ field: 'id_transport', key: 'error.empty' })]);
    const unknown = await call(t.app, as.manager, {
      method: 'POST',
      url: '/app/channel-messages',
      payload: { channel: 'bus', id_transport: 999_999, message: 'x' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([expect.objectContaining({ field: 'id_transport', key: 'error.invalid' })]);
  });

  it('manages topics: unique names, follower counts, and deleting one clears the messages using it', async () => {
    const created = await call(t.app, as.manager, {
      method: 'POST',
      url: '/app/topics',
      payload: { title: 'Neuigkeiten' },
    });
    expect(created.statusCode).toBe(201);
    const topic = created.json<{ id: number }>();
    expect(created.json()).toMatchObject({ id_topics: topic.id, title: 'Neuigkeiten', followers: 0 });
    const twice = await call(t.app, as.manager, {
      method: 'POST',
      url: '/app/topics',
      payload: { title: ' neuigkeiten ' },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual([expect.objectContaining({ field: 'title', key: 'error.nameExists' })]);
    const empty = await call(t.app, as.manager, { method: 'POST', url: '/app/topics', payload: { title: '' } });
    expect(empty.json().errors).toEqual([expect.objectContaining({ field: 'title', key: 'error.empty' })]);
    const renamed = await call(t.app, as.manager, {
      method: 'PATCH',
      url: `/app/topics/${topic.id}`,
      payload: { title: 'Neuigkeiten aus dem Reisebüro' },
    });
    expect(renamed.json()).toMatchObject({ title: 'Neuigkeiten aus dem Reisebüro' });
    const all = await call(t.app, as.reader, { method: 'GET', url: '/app/topics/all' });
    expect(all.json().map((row: { id: number }) => row.id)).toContain(topic.id);
    const message = await create({ title: 'Thema', receiver_group: 'topic', id_topics: topic.id });
    expect((await call(t.app, as.manager, { method: 'DELETE', url: `/app/topics/${topic.id}` })).statusCode).toBe(200);
    const after = await call(t.app, as.reader, { method: 'GET', url: `/app/pushnotifications/${message.id}` });
    expect(after.json()).toMatchObject({ id_topics: null, topic: null });
  });
});
