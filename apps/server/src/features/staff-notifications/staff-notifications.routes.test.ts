import type { StaffNotificationList } from '@tourdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, createLogin, TEST_DIALECT, type TestApp } from '../../../test/helpers.ts';
import { openStream } from '../../../test/sse.ts';
import { findStaffWithPermission, notifyStaff } from './staff-notifications.service.ts';

/** The back office's bell (issue #17, docs/adr/0024). */
describe('staff notifications', () => {
  let t: TestApp & { location: { url: string; schema?: string } };
  let second: TestApp | null = null;
  let base = '';
  let office = '';
  let colleague = '';
  let officeId = 0;
  let colleagueId = 0;

  const userId = async (email: string) =>
    (await t.ctx.db.selectFrom('user_account').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const bell = async (as: string, query = ''): Promise<StaffNotificationList> =>
    (await call(t.app, as, { method: 'GET', url: `/notifications${query}` })).json();
  const publish = (app: TestApp['app']) => app.realtime.publish.bind(app.realtime);

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults', keepDatabase: TEST_DIALECT === 'postgres' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    office = await createLogin(t.ctx, 'office');
    colleague = await createLogin(t.ctx, 'office');
    officeId = await userId(office);
    colleagueId = await userId(colleague);
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  it('shows each user only their own entries, newest first, with the unread count', async () => {
    await notifyStaff(t.ctx, publish(t.app), [officeId], {
      kind: 'mail',
      text: 'Anna Müller: Anfrage',
      link: '/email',
    });
    await notifyStaff(t.ctx, publish(t.app), [officeId, colleagueId], { kind: 'todoDue', text: 'Busse prüfen' });
    const mine = await bell(office);
    expect(mine.unread).toBe(2);
    expect(mine.data.map((entry) => entry.kind)).toEqual(['todoDue', 'mail']);
    expect(mine.data[1]).toMatchObject({ text: 'Anna Müller: Anfrage', link: '/email', read: false });
    expect((await bell(colleague)).data.map((entry) => entry.text)).toEqual(['Busse prüfen']);
    expect((await bell(office, '?$limit=1')).data).toHaveLength(1);
    expect((await call(t.app, office, { method: 'GET', url: '/notifications?$limit=0' })).statusCode).toBe(400);
    expect((await call(t.app, null, { method: 'GET', url: '/notifications' })).statusCode).toBe(401);
  });

  it('rings once per dedupe key, however often a job runs', async () => {
    const notice = { kind: 'optionLapsing', text: 'V-1001', dedupeKey: 'option:1001' } as const;
    expect(await notifyStaff(t.ctx, publish(t.app), [colleagueId], notice)).toEqual([colleagueId]);
    expect(await notifyStaff(t.ctx, publish(t.app), [colleagueId], notice)).toEqual([]);
    expect((await bell(colleague)).data.filter((entry) => entry.text === 'V-1001')).toHaveLength(1);
  });

  it('marks given entries or all read, and never another user’s', async () => {
    const [first] = (await bell(office)).data;
    const theirs = (await bell(colleague)).data[0]!;
    const read = await call(t.app, office, {
      method: 'POST',
      url: '/notifications/read',
      payload: { ids: [first!.id, theirs.id] },
    });
    expect(read.json()).toEqual({ unread: 1 });
    expect((await bell(colleague)).data.find((entry) => entry.id === theirs.id)?.read).toBe(false);
    const bad = await call(t.app, office, { method: 'POST', url: '/notifications/read', payload: { ids: ['x'] } });
    expect(bad.statusCode).toBe(400);
    expect((await call(t.app, office, { method: 'POST', url: '/notifications/read', payload: {} })).json()).toEqual({
      unread: 0,
    });
  });

  it('streams the unread count: first the state, then after each new entry', async () => {
    const stream = await openStream(t.app, base, '/notifications/stream', colleague);
    const first = await stream.next();
    expect(first.event).toBe('unread');
    const before = (first.data as { unread: number }).unread;
    await notifyStaff(t.ctx, publish(t.app), [colleagueId], { kind: 'chatMention', text: '@Kollege bitte' });
    expect((await stream.next()).data).toEqual({ unread: before + 1 });
    await call(t.app, colleague, { method: 'POST', url: '/notifications/read', payload: {} });
    expect((await stream.next()).data).toEqual({ unread: 0 });
    await stream.close();
    const plain = await call(t.app, colleague, { method: 'GET', url: '/notifications/stream' });
    expect(plain.statusCode).toBe(406);
  });

  it('finds the staff holding a permission (admins hold all; travellers none)', async () => {
    const traveller = await createLogin(t.ctx, 'traveller');
    const holders = await findStaffWithPermission(t.ctx.db, 'vorgang-read');
    expect(holders).toContain(officeId);
    expect(holders).not.toContain(await userId(traveller));
  });

  // Several instances run on PostgreSQL only (SQLite is the one-instance database).
  if (TEST_DIALECT === 'postgres')
    it('rings a bell followed on another instance', async () => {
      second = await buildTestApp({ seed: false, location: t.location, keepDatabase: true });
      const otherBase = await second.app.listen({ port: 0, host: '127.0.0.1' });
      const stream = await openStream(second.app, otherBase, '/notifications/stream', office);
      await stream.next();
      await notifyStaff(t.ctx, publish(t.app), [officeId], { kind: 'agencyBooking', text: 'V-2002' });
      expect(((await stream.next()).data as { unread: number }).unread).toBeGreaterThan(0);
      await stream.close();
    });
});
