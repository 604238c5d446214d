import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { SmtpSink } from '../../../test/smtp-sink.ts';
import { retryDelayMs } from '../../lib/backoff.ts';

/** A loopback port with nothing listening on it (yet). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const resetFor = (t: TestApp, email: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/password-reset', payload: { email }, remoteAddress: '198.20.0.1' });

async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const outboxFor = (t: TestApp, email: string) =>
  t.ctx.db
    .selectFrom('mail_outbox')
    .select(['id', 'status', 'attempts', 'last_error'])
    .where('to_address', '=', email)
    .where('template', '=', 'reset')
    .execute();

describe('mail delivery never loses a mail', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()!();
  });

  it('waits with retries and back-off while SMTP is down, then delivers exactly once', async () => {
    const port = await freePort();
    const t = await buildTestApp({
      seed: 'defaults',
      config: {
        smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true&connectionTimeout=500`,
        mailRetryBaseMs: 100,
        mailMaxAttempts: 50,
      },
    });
    cleanups.push(() => t.close());

    const email = await createLogin(t.ctx, 'admin');
    expect((await resetFor(t, email)).statusCode).toBe(202);
    await until(async () => ((await outboxFor(t, email))[0]?.attempts ?? 0) >= 2);
    const waiting = (await outboxFor(t, email))[0]!;
    expect(waiting.status).toBe('queued');
    expect(waiting.last_error).toMatch(/ECONNREFUSED|connect/i);

    const smtp = await new SmtpSink().start(port);
    cleanups.push(() => smtp.stop());
    await smtp.waitFor(email, 'Reset your password');
    await until(async () => (await outboxFor(t, email))[0]?.status === 'sent');
    // More passes of the worker must not send it again.
    await t.app.mailer.deliverNow();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(smtp.to(email, 'Reset your password')).toHaveLength(1);
    const attempts = await t.ctx.db.selectFrom('mail_attempt').select('ok').where('id_mail', '=', waiting.id).execute();
    expect(attempts.at(-1)!.ok).toBeTruthy();
    expect(attempts.filter((attempt) => !attempt.ok).length).toBeGreaterThanOrEqual(2);
  });

  it('loses nothing when the app stops between the commit and the delivery', async () => {
    // First run: no SMTP configured; the change commits and its mail waits in the outbox.
    const first = await buildTestApp({ seed: 'defaults', keepDatabase: true, config: { smtpUrl: null } });
    const email = await createLogin(first.ctx, 'office');
    expect((await resetFor(first, email)).statusCode).toBe(202);
    expect((await outboxFor(first, email))[0]).toMatchObject({ status: 'queued', attempts: 0 });
    const location = first.location;
    await first.close();

    // Restart on the same database with SMTP: the worker finds the mail and sends it once.
    const smtp = await new SmtpSink().start();
    cleanups.push(() => smtp.stop());
    const second = await buildTestApp({ location, config: { smtpUrl: smtp.url } });
    cleanups.push(() => second.close());
    await smtp.waitFor(email, 'Reset your password');
    await until(async () => (await outboxFor(second, email))[0]?.status === 'sent');
    expect(smtp.to(email, 'Reset your password')).toHaveLength(1);
  });

  it('takes over a mail whose worker died mid-delivery once its lease runs out', async () => {
    const smtp = await new SmtpSink().start();
    cleanups.push(() => smtp.stop());
    const t = await buildTestApp({ seed: 'defaults', config: { smtpUrl: null } });
    cleanups.push(() => t.close());
    const email = await createLogin(t.ctx, 'agency');
    await resetFor(t, email);
    const [mail] = await outboxFor(t, email);
    // As a crashed worker leaves it: taken, lease already over.
    await t.ctx.db
      .updateTable('mail_outbox')
      .set({ status: 'sending', locked_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', mail!.id)
      .execute();
    const { deliverDueMails } = await import('./mail-delivery.ts');
    const nodemailer = (await import('nodemailer')).default;
    const sent = await deliverDueMails(t.ctx, nodemailer.createTransport(smtp.url), {
      from: 'test <test@example.org>',
      retryBaseMs: 100,
      maxAttempts: 3,
    });
    expect(sent).toBeGreaterThanOrEqual(1);
    await smtp.waitFor(email, 'Reset your password');
  });

  it('marks a mail failed after the last attempt; an administrator resends it and it goes out', async () => {
    const port = await freePort();
    const t = await buildTestApp({
      seed: 'defaults',
      config: {
        smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true&connectionTimeout=500`,
        mailRetryBaseMs: 50,
        mailMaxAttempts: 2,
      },
    });
    cleanups.push(() => t.close());
    const email = await createLogin(t.ctx, 'superadmin');
    const admin = await createLogin(t.ctx, 'admin');
    await resetFor(t, email);
    await until(async () => (await outboxFor(t, email))[0]?.status === 'failed');
    const [failed] = await outboxFor(t, email);
    expect(failed).toMatchObject({ attempts: 2 });
    const listed = (await call(t.app, admin, { method: 'GET', url: '/mail-outbox?status=failed' })).json();
    expect(listed.data.map((mail: { id: number }) => mail.id)).toContain(failed!.id);

    const smtp = await new SmtpSink().start(port);
    cleanups.push(() => smtp.stop());
    const resent = await call(t.app, admin, { method: 'POST', url: `/mail-outbox/${failed!.id}/resend` });
    expect(resent.json().status).toBe('queued');
    await smtp.waitFor(email, 'Reset your password');
    await until(async () => (await outboxFor(t, email))[0]?.status === 'sent');
    // A sent mail cannot be resent by accident.
    expect((await call(t.app, admin, { method: 'POST', url: `/mail-outbox/${failed!.id}/resend` })).statusCode).toBe(
      409,
    );
  });

  it('keeps mails in the outbox until SMTP is configured on the screen, then sends through the saved server', async () => {
    const one = await new SmtpSink().start();
    const two = await new SmtpSink().start();
    cleanups.push(
      () => one.stop(),
      () => two.stop(),
    );
    // Closed before the SMTP servers, so they need not wait for the app's open connections.
    const t = await buildTestApp({ seed: 'defaults', config: { smtpUrl: null } });
    cleanups.push(() => t.close());
    const superadmin = await createLogin(t.ctx, 'superadmin');
    const first = await createLogin(t.ctx, 'admin');
    await resetFor(t, first);
    expect(await t.app.mailer.deliverNow()).toBe(0);
    expect(await outboxFor(t, first)).toEqual([expect.objectContaining({ status: 'queued', attempts: 0 })]);

    const saveSmtp = (port: number) =>
      call(t.app, superadmin, {
        method: 'PUT',
        url: '/thirdparty/smtp',
        payload: {
          values: { host: '127.0.0.1', port, ignoreTls: true, from: 'Reisen Tourdesk <reisen@test.example>' },
        },
      });
    expect((await saveSmtp(one.port)).statusCode).toBe(200);
    const received = await one.waitFor(first, 'Reset your password');
    expect(received.raw.from?.value).toEqual([{ name: 'Reisen Tourdesk', address: 'reisen@test.example' }]);
    await until(async () => (await outboxFor(t, first))[0]?.status === 'sent');

    // Another server saved: the next mail goes there, without a restart.
    expect((await saveSmtp(two.port)).statusCode).toBe(200);
    const second = await createLogin(t.ctx, 'admin');
    await resetFor(t, second);
    await two.waitFor(second, 'Reset your password');
    expect(one.to(second, 'Reset your password')).toHaveLength(0);
  });

  it('backs off exponentially, capped at an hour', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20, 30_000)).toBe(60 * 60 * 1000);
  });
});
