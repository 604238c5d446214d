import type {
  ChatChannelDetail,
  ChatChannelList,
  ChatMessage,
  ChatMessagePage,
  ChatUnreadEvent,
  StaffNotificationList,
} from '@tourdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, createLogin, TEST_DIALECT, type TestApp } from '../../../test/helpers.ts';
import { openStream } from '../../../test/sse.ts';
import { createDepartureFixture, type DepartureFixture } from '../../seed/departure-factories.ts';
import {
  addDays,
  createDriverFixture,
  createRoleFixture,
  createUserFixture,
  DEMO_PASSWORD,
  nextSequence,
} from '../../seed/factories.ts';
import { officeDay } from '../driver-app/driver-app.service.ts';

/** The chat (issue #17 item 2, docs/adr/0026). */
describe('chat', () => {
  let t: TestApp & { location: { url: string; schema?: string } };
  let second: TestApp | null = null;
  let base = '';
  let office = '';
  let colleague = '';
  let reader = '';
  let outsider = '';
  let agency = '';
  let traveller = '';
  let driver = '';
  let otherDriver = '';
  let officeId = 0;
  let colleagueId = 0;
  let driverId = 0;
  let mine: DepartureFixture;
  let theirs: DepartureFixture;

  const userId = async (email: string) =>
    (await t.ctx.db.selectFrom('user_account').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const post = (as: string, channel: string | number, payload: Record<string, unknown>) =>
    call(t.app, as, { method: 'POST', url: `/chat/channels/${channel}/messages`, payload });
  const page = async (as: string, channel: string | number, query = ''): Promise<ChatMessagePage> =>
    (await call(t.app, as, { method: 'GET', url: `/chat/channels/${channel}/messages${query}` })).json();
  const channels = async (as: string): Promise<ChatChannelList> =>
    (await call(t.app, as, { method: 'GET', url: '/chat/channels' })).json();
  const open = async (as: string, departure: number) =>
    call(t.app, as, { method: 'POST', url: `/chat/departures/${departure}` });
  const generalUnread = async (as: string) => (await channels(as)).data.find((c) => c.kind === 'general')!.unread;

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults', keepDatabase: TEST_DIALECT === 'postgres' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    office = await createLogin(t.ctx, 'office');
    colleague = await createLogin(t.ctx, 'office');
    agency = await createLogin(t.ctx, 'agency');
    traveller = await createLogin(t.ctx, 'traveller');
    officeId = await userId(office);
    colleagueId = await userId(colleague);
    // staff who may read but not write, and staff without the chat at all
    reader = `reader-${nextSequence()}@test.example`;
    outsider = `outsider-${nextSequence()}@test.example`;
    const readRole = await createRoleFixture(t.ctx, `chat-reader-${nextSequence()}`, {
      access: { chat: { read: true } },
    });
    const noRole = await createRoleFixture(t.ctx, `no-chat-${nextSequence()}`, {
      access: { customers: { read: true } },
    });
    await createUserFixture(t.ctx, 'staff', { email: reader, role: readRole.id_roles });
    await createUserFixture(t.ctx, 'staff', { email: outsider, role: noRole.id_roles });

    const day = officeDay();
    mine = await createDepartureFixture(t.ctx, nextSequence(), { journey: { firstDate: addDays(day, 3) } });
    theirs = await createDepartureFixture(t.ctx, nextSequence(), { journey: { firstDate: addDays(day, 5) } });
    const me = await createDriverFixture(t.ctx, nextSequence(), { password: DEMO_PASSWORD });
    const other = await createDriverFixture(t.ctx, nextSequence(), { password: DEMO_PASSWORD });
    driver = me.loginEmail;
    otherDriver = other.loginEmail;
    driverId = me.userId;
    const drive = (transport: number, card: number) =>
      t.ctx.db.updateTable('transport').set({ id_driver_card: card }).where('id', '=', transport).execute();
    await drive(mine.transports[0]!.id, me.customer.id);
    await drive(theirs.transports[0]!.id, other.customer.id);
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  it('posts to the general channel and pages the history, oldest first', async () => {
    const texts = ['Guten Morgen zusammen!', 'Der Bus nach Wien ist voll.', 'Kaffee steht in der Küche.'];
    for (const text of texts) expect((await post(office, 'general', { text })).statusCode).toBe(201);
    const last = await page(office, 'general', '?$limit=2');
    expect(last.data.map((m) => m.text)).toEqual(texts.slice(1));
    expect(last.hasMore).toBe(true);
    expect(last.data[0]).toMatchObject({ own: true, deleted: false, editedAt: null });
    expect(last.data[0]!.author.id).toBe(officeId);
    const older = await page(office, 'general', `?$limit=2&before=${last.data[0]!.id}`);
    expect(older.data.map((m) => m.text)).toContain(texts[0]);
    expect((await page(colleague, 'general', '?$limit=1')).data[0]!.own).toBe(false);
  });

  it('refuses empty and over-long messages with their keys, and writes nothing', async () => {
    const before = (await page(office, 'general', '?$limit=100')).data.length;
    const empty = await post(office, 'general', { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toMatchObject({ field: 'text', key: 'error.empty' });
    const long = await post(office, 'general', { text: 'x'.repeat(4001) });
    expect(long.json().errors[0].key).toBe('error.tooLong');
    expect((await post(office, 'general', { text: 'a', mentions: ['x'] })).statusCode).toBe(400);
    expect((await call(t.app, office, { method: 'GET', url: '/chat/channels/abc/messages' })).statusCode).toBe(400);
    expect((await call(t.app, office, { method: 'GET', url: '/chat/channels/999999' })).statusCode).toBe(404);
    expect((await page(office, 'general', '?$limit=100')).data.length).toBe(before);
  });

  it('counts unread messages of others per user until they read the channel', async () => {
    await call(t.app, colleague, { method: 'POST', url: '/chat/channels/general/read', payload: {} });
    expect(await generalUnread(colleague)).toBe(0);
    await post(office, 'general', { text: 'Bitte die Rechnungen prüfen.' });
    await post(office, 'general', { text: 'Danke!' });
    expect(await generalUnread(colleague)).toBe(2);
    expect(await generalUnread(office)).toBe(0);
    const newest = (await page(colleague, 'general', '?$limit=2')).data;
    const partly = await call(t.app, colleague, {
      method: 'POST',
      url: '/chat/channels/general/read',
      payload: { messageId: newest[0]!.id },
    });
    expect(partly.json()).toMatchObject({ unread: 1 });
    // a marker never moves back
    await call(t.app, colleague, { method: 'POST', url: '/chat/channels/general/read', payload: {} });
    const back = await call(t.app, colleague, {
      method: 'POST',
      url: '/chat/channels/general/read',
      payload: { messageId: newest[0]!.id },
    });
    expect(back.json()).toMatchObject({ unread: 0 });
  });

  it('rings the bell of a mentioned colleague once per message, linking to the channel', async () => {
    const sent = await post(office, 'general', {
      text: 'Hallo @Erika Kollegin, bitte übernimm den Anruf.',
      mentions: [colleagueId, colleagueId, 999999],
    });
    const message: ChatMessage = sent.json();
    expect(message.mentions.map((m) => m.id)).toEqual([colleagueId]);
    const bell: StaffNotificationList = (await call(t.app, colleague, { method: 'GET', url: '/notifications' })).json();
    const mention = bell.data.find((entry) => entry.kind === 'chatMention')!;
    expect(mention.link).toBe('/chat/channel/general');
    expect(mention.text).toContain('bitte übernimm den Anruf');
    // editing the message keeps one entry per message
    const edited = await call(t.app, office, {
      method: 'PATCH',
      url: `/chat/messages/${message.id}`,
      payload: { text: 'Hallo @Erika Kollegin, bitte übernimm den Anruf um 10 Uhr.', mentions: [colleagueId] },
    });
    expect(edited.json().editedAt).not.toBeNull();
    const again: StaffNotificationList = (
      await call(t.app, colleague, { method: 'GET', url: '/notifications' })
    ).json();
    expect(again.data.filter((entry) => entry.kind === 'chatMention')).toHaveLength(1);
    // the author's own bell stays quiet
    const own: StaffNotificationList = (await call(t.app, office, { method: 'GET', url: '/notifications' })).json();
    expect(own.data.filter((entry) => entry.kind === 'chatMention')).toHaveLength(0);
  });

  it('edits and deletes only one’s own messages', async () => {
    const message: ChatMessage = (await post(office, 'general', { text: 'Tippfehler im Text' })).json();
    const theirsEdit = await call(t.app, colleague, {
      method: 'PATCH',
      url: `/chat/messages/${message.id}`,
      payload: { text: 'fremd' },
    });
    expect(theirsEdit.statusCode).toBe(403);
    expect((await call(t.app, colleague, { method: 'DELETE', url: `/chat/messages/${message.id}` })).statusCode).toBe(
      403,
    );
    const deleted = await call(t.app, office, { method: 'DELETE', url: `/chat/messages/${message.id}` });
    expect(deleted.json()).toMatchObject({ deleted: true, text: '' });
    const shown = (await page(office, 'general', '?$limit=1')).data[0]!;
    expect(shown).toMatchObject({ id: message.id, deleted: true, text: '' });
    expect((await call(t.app, office, { method: 'DELETE', url: `/chat/messages/${message.id}` })).statusCode).toBe(404);
  });

  it('searches the history case- and accent-insensitively', async () => {
    await post(colleague, 'general', { text: 'Die Fähre nach Rügen fährt um 9:30.' });
    await post(colleague, 'general', { text: 'Hotel in Binz bestätigt.' });
    const found = await page(office, 'general', `?q=${encodeURIComponent('RUGEN fahre')}`);
    expect(found.data.map((m) => m.text)).toEqual(['Die Fähre nach Rügen fährt um 9:30.']);
    expect((await page(office, 'general', '?q=Kreuzfahrt')).data).toEqual([]);
  });

  it('opens a departure’s channel on demand, once, for staff and that departure’s driver only', async () => {
    const first = await open(office, mine.nr);
    expect(first.statusCode).toBe(200);
    const channel: ChatChannelDetail = first.json();
    expect(channel).toMatchObject({ kind: 'departure', departureId: mine.nr });
    expect(channel.members.map((m) => m.id)).toEqual(expect.arrayContaining([officeId, driverId]));
    expect(channel.coaches.length).toBeGreaterThan(0);
    expect((await open(colleague, mine.nr)).json().id).toBe(channel.id);
    expect((await open(office, 999999)).statusCode).toBe(404);
    const listed = (
      await call(t.app, office, { method: 'GET', url: `/chat/departures?q=${mine.journey.title.split(' ')[0]}` })
    ).json();
    expect(listed.data.find((d: { departureId: number }) => d.departureId === mine.nr)?.channelId).toBe(channel.id);
    const driversDepartures = (await call(t.app, driver, { method: 'GET', url: '/chat/departures' })).json();
    expect(driversDepartures.data.map((d: { departureId: number }) => d.departureId)).toEqual([mine.nr]);

    // the driver reads and writes his departure, and sees nothing else
    expect((await post(driver, channel.id, { text: 'Bin um 6 Uhr am Depot.' })).statusCode).toBe(201);
    const driversList = await channels(driver);
    expect(driversList.data.map((c) => c.departureId)).toEqual([mine.nr]);
    expect((await call(t.app, driver, { method: 'GET', url: '/chat/channels/general/messages' })).statusCode).toBe(403);
    expect((await open(driver, theirs.nr)).statusCode).toBe(403);
    const theirChannel: ChatChannelDetail = (await open(office, theirs.nr)).json();
    expect((await post(driver, theirChannel.id, { text: 'falsch' })).statusCode).toBe(403);
    expect((await call(t.app, otherDriver, { method: 'GET', url: `/chat/channels/${channel.id}` })).statusCode).toBe(
      403,
    );
    expect((await page(office, channel.id)).data.map((m) => m.text)).toEqual(['Bin um 6 Uhr am Depot.']);
    expect((await channels(office)).data.find((c) => c.id === channel.id)?.unread).toBe(1);
  });

  it('lets no one else in: no chat right 403, read-only staff cannot write, agency and travellers nothing', async () => {
    for (const who of [outsider, agency, traveller]) {
      expect((await call(t.app, who, { method: 'GET', url: '/chat/channels' })).statusCode).toBe(403);
      expect((await call(t.app, who, { method: 'GET', url: '/chat/channels/general/messages' })).statusCode).toBe(403);
      expect((await post(who, 'general', { text: 'Hallo' })).statusCode).toBe(403);
    }
    expect((await call(t.app, null, { method: 'GET', url: '/chat/channels' })).statusCode).toBe(401);
    expect((await page(reader, 'general')).data.length).toBeGreaterThan(0);
    expect((await post(reader, 'general', { text: 'Hallo' })).statusCode).toBe(403);
  });

  it('delivers a message to two connected stream clients with their own unread counts', async () => {
    const a = await openStream(t.app, base, '/chat/stream', colleague);
    const b = await openStream(t.app, base, '/chat/stream', office);
    const firstA = await a.next();
    expect(firstA.event).toBe('unread');
    const before = (firstA.data as ChatUnreadEvent).counts.find((c) => c.channelId === 1)?.unread ?? 0;
    await b.next();
    const sent: ChatMessage = (await post(office, 'general', { text: 'Neue Nachricht für alle' })).json();
    const toA = await a.next();
    expect(toA).toEqual({
      event: 'message',
      data: {
        channelId: sent.channelId,
        messageId: sent.id,
        authorId: officeId,
        action: 'created',
        unread: before + 1,
      },
    });
    const toB = await b.next();
    expect(toB.data).toMatchObject({ messageId: sent.id, unread: 0 });
    // reading in one tab updates the count in the others
    await call(t.app, colleague, { method: 'POST', url: '/chat/channels/general/read', payload: {} });
    expect(await a.next()).toEqual({ event: 'unread', data: { counts: [{ channelId: sent.channelId, unread: 0 }] } });
    await a.close();
    await b.close();
    expect((await call(t.app, office, { method: 'GET', url: '/chat/stream' })).statusCode).toBe(406);
  });

  it('streams a driver only his departure’s channel', async () => {
    const stream = await openStream(t.app, base, '/chat/stream', driver);
    const first = await stream.next();
    const mineChannel: ChatChannelDetail = (await open(office, mine.nr)).json();
    expect((first.data as ChatUnreadEvent).counts.map((c) => c.channelId)).toEqual([mineChannel.id]);
    const theirChannel: ChatChannelDetail = (await open(office, theirs.nr)).json();
    await post(office, theirChannel.id, { text: 'Nicht für dich' });
    await post(office, 'general', { text: 'Auch nicht für dich' });
    const sent: ChatMessage = (await post(office, mineChannel.id, { text: 'Abfahrt 6:15 Uhr' })).json();
    expect((await stream.next()).data).toMatchObject({ channelId: mineChannel.id, messageId: sent.id });
    await stream.close();
  });

  // Several instances run on PostgreSQL only (SQLite is the one-instance database).
  if (TEST_DIALECT === 'postgres')
    it('delivers a message written on one instance to a client of another', async () => {
      second = await buildTestApp({ seed: false, location: t.location, keepDatabase: true });
      const otherBase = await second.app.listen({ port: 0, host: '127.0.0.1' });
      const stream = await openStream(second.app, otherBase, '/chat/stream', colleague);
      await stream.next();
      const sent: ChatMessage = (await post(office, 'general', { text: 'Über zwei Instanzen' })).json();
      expect((await stream.next()).data).toMatchObject({ messageId: sent.id, authorId: officeId, action: 'created' });
      const read = (await call(second.app, colleague, { method: 'GET', url: `/chat/messages/${sent.id}` })).json();
      expect(read.text).toBe('Über zwei Instanzen');
      await stream.close();
    });
});
