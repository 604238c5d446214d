import { randomUUID } from 'node:crypto';
import type { StaffNotificationList } from '@tourdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dovecot } from '../../../test/dovecot.ts';
import { buildTestApp, call, createLogin, type TestApp, type TestDatabaseLocation } from '../../../test/helpers.ts';
import { mailSource } from '../../seed/demo-mail-inbox.ts';

const waitFor = async <T>(what: () => Promise<T | null | undefined | false>, timeoutMs: number): Promise<T> => {
  const started = Date.now();
  for (;;) {
    const value = await what();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** New mail noticed by IMAP IDLE (docs/adr/0025), with polling switched as good as off. */
describe('mail inbox IDLE', () => {
  const user = { user: 'idle@reisen.test', password: 'Geheim-123!' };
  const dovecot = new Dovecot([user]);
  let t: TestApp & { location: TestDatabaseLocation };
  let second: TestApp | null = null;
  let office = '';
  let mailboxId = 0;

  const bell = async (): Promise<StaffNotificationList> =>
    (await call(t.app, office, { method: 'GET', url: '/notifications' })).json();
  const mailNotices = async (title: string) =>
    (await bell()).data.filter((n) => n.kind === 'mail' && n.text.includes(title));
  const seenUid = async () =>
    (await t.ctx.db.selectFrom('mailbox').select('seen_uid').where('id', '=', mailboxId).executeTakeFirst())
      ?.seen_uid ?? null;

  beforeAll(async () => {
    await dovecot.start();
    // The poll job would only run after an hour: whatever rings here, IDLE rang. The database is kept for the
    // second instance (on SQLite a file both open); the run removes it at its end.
    t = await buildTestApp({
      seed: 'defaults',
      keepDatabase: true,
      config: { mailInboxIdle: true, mailInboxPollMs: 3_600_000 },
    });
    const admin = await createLogin(t.ctx, 'admin');
    office = await createLogin(t.ctx, 'office');
    const created = await call(t.app, admin, {
      method: 'POST',
      url: '/mail-accounts',
      payload: {
        name: 'IDLE',
        address: user.user,
        host: '127.0.0.1',
        port: dovecot.port,
        secure: false,
        username: user.user,
        password: user.password,
      },
    });
    expect(created.statusCode).toBe(201);
    mailboxId = created.json<{ id: number }>().id;
    // The watcher's first sync after opening INBOX sets the mark: from then on it is in IDLE.
    await waitFor(async () => (await seenUid()) !== null, 10_000);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
    await dovecot.stop();
  });

  it('rings the bell within seconds of a message arriving, without the poll', async () => {
    const title = `Anfrage per IDLE ${randomUUID().slice(0, 8)}`;
    const started = Date.now();
    await dovecot.deliver(
      await mailSource({ from: 'Jörg Weiß <j.weiss@kunde.test>', to: user.user, subject: title, text: 'Hallo' }),
    );
    const notices = await waitFor(async () => {
      const found = await mailNotices(title);
      return found.length > 0 ? found : null;
    }, 10_000);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(5_000);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ text: `Jörg Weiß: ${title}`, read: false });
    console.info(`IDLE: bell rang ${elapsed} ms after the message was delivered`);
  });

  it('rings once when two instances watch the same mailbox', async () => {
    second = await buildTestApp({
      seed: false,
      location: t.location,
      keepDatabase: true,
      config: { mailInboxIdle: true, mailInboxPollMs: 3_600_000 },
    });
    // Give the second instance's watcher time to open its IDLE connection.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const title = `Zwei Instanzen ${randomUUID().slice(0, 8)}`;
    await dovecot.deliver(await mailSource({ from: 'a@kunde.test', to: user.user, subject: title, text: 'x' }));
    await waitFor(async () => (await mailNotices(title)).length > 0, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await mailNotices(title)).toHaveLength(1);
  });

  it('closes without hanging while an IDLE connection is open', async () => {
    const probe = await buildTestApp({ seed: 'defaults', config: { mailInboxIdle: true, mailInboxPollMs: 3_600_000 } });
    const admin = await createLogin(probe.ctx, 'admin');
    await call(probe.app, admin, {
      method: 'POST',
      url: '/mail-accounts',
      payload: {
        name: 'Kurz',
        address: user.user,
        host: '127.0.0.1',
        port: dovecot.port,
        secure: false,
        username: user.user,
        password: user.password,
      },
    });
    // Closed while its IDLE connection is open (its first sync has set the mark).
    await waitFor(
      async () => (await probe.ctx.db.selectFrom('mailbox').select('seen_uid').executeTakeFirst())?.seen_uid != null,
      10_000,
    );
    const started = Date.now();
    await probe.close();
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
