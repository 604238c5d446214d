import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from '../../plugins/errors.ts';
import { ApiError } from '../../lib/errors.ts';
import {
  buildTestApp,
  call,
  createLogins,
  TEST_DIALECT,
  type DemoAccount,
  type TestApp,
} from '../../../test/helpers.ts';

describe('debug (issue #18 item 5)', () => {
  let t: TestApp;
  let logins: Record<DemoAccount, string>;
  let superadmin: string;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    logins = await createLogins(t.ctx);
    superadmin = logins.superadmin;
  });
  afterAll(() => t.close());

  it('answers version, database, migrations, health, queues and recent errors', async () => {
    const response = await call(t.app, superadmin, { method: 'GET', url: '/debug' });
    expect(response.statusCode).toBe(200);
    const info = response.json();
    expect(info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(info.database.engine).toBe(TEST_DIALECT);
    expect(info.database.sizeBytes).toBeGreaterThan(0);
    expect(info.database.serverVersion).toEqual(expect.any(String));
    expect(info.migrations.pending).toEqual([]);
    expect(info.migrations.applied.map((row: { name: string }) => row.name)).toContain(
      '2026_12_02_0500_create_third_party_and_setting_history',
    );
    const health = Object.fromEntries(
      info.health.map((entry: { service: string; status: string }) => [entry.service, entry.status]),
    );
    expect(health).toEqual({
      database: 'ok',
      smtp: 'notConfigured',
      imap: 'notConfigured',
      push: 'notConfigured',
      objectStore: 'ok',
    });
    expect(info.queues.mail).toEqual({ queued: 0, sending: 0, failed: 0, sent: 0, dueNow: 0 });
    expect(Array.isArray(info.queues.jobs)).toBe(true);
    expect(Array.isArray(info.recentErrors)).toBe(true);
  });

  it('reports a failing SMTP server in words', async () => {
    await call(t.app, superadmin, {
      method: 'PUT',
      url: '/thirdparty/smtp',
      payload: { values: { host: '127.0.0.1', port: 1 } },
    });
    const info = (await call(t.app, superadmin, { method: 'GET', url: '/debug' })).json();
    expect(info.health.find((entry: { service: string }) => entry.service === 'smtp')).toMatchObject({
      status: 'failing',
      outcome: 'unreachable',
    });
  });

  it('pages and filters the audit log by action, user and date', async () => {
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication',
      payload: { strategy: 'local', email: logins.office, password: 'wrong-password-1' },
    });
    expect(failed.statusCode).toBe(401);
    const all = (await call(t.app, superadmin, { method: 'GET', url: '/debug/audit' })).json();
    expect(all.total).toBeGreaterThan(1);
    expect(all.actions).toEqual(expect.arrayContaining(['login', 'login_failed']));

    const byAction = (await call(t.app, superadmin, { method: 'GET', url: '/debug/audit?action=login_failed' })).json();
    expect(byAction.data.map((entry: { email: string }) => entry.email)).toEqual([logins.office]);

    const byUser = (
      await call(t.app, superadmin, { method: 'GET', url: `/debug/audit?user=${encodeURIComponent('OFFICE-')}` })
    ).json();
    expect(byUser.total).toBeGreaterThan(0);
    expect(byUser.data.every((entry: { email: string }) => entry.email.startsWith('office-'))).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    const inRange = (
      await call(t.app, superadmin, { method: 'GET', url: `/debug/audit?from=${today}&to=${today}` })
    ).json();
    expect(inRange.total).toBe(all.total);
    const before = (
      await call(t.app, superadmin, { method: 'GET', url: '/debug/audit?from=2000-01-01&to=2000-01-02' })
    ).json();
    expect(before.total).toBe(0);

    const page2 = (await call(t.app, superadmin, { method: 'GET', url: '/debug/audit?perPage=1&page=2' })).json();
    expect(page2.data).toHaveLength(1);
    expect(page2.data[0].id).toBe(all.data[1].id);

    const bad = await call(t.app, superadmin, { method: 'GET', url: '/debug/audit?from=gestern' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'from' })]);
  });

  it('is for superadmins only', async () => {
    expect((await call(t.app, null, { method: 'GET', url: '/debug' })).statusCode).toBe(401);
    for (const account of ['admin', 'office', 'agency', 'traveller'] as const) {
      expect((await call(t.app, logins[account], { method: 'GET', url: '/debug' })).statusCode, account).toBe(403);
      expect((await call(t.app, logins[account], { method: 'GET', url: '/debug/audit' })).statusCode, account).toBe(
        403,
      );
    }
  });
});

describe('recent errors', () => {
  it('keeps the last 50 answers with status 5xx, newest first, with their request ids', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/boom/:n', async (request) => {
      throw new Error(`broken ${(request.params as { n: string }).n}`);
    });
    app.get('/fine', async () => ({ ok: true }));
    app.get('/refused', async () => {
      throw new ApiError(409, 'error.conflict');
    });
    app.get('/unavailable', async () => {
      throw new ApiError(503, 'error.serviceUnavailable');
    });
    for (let n = 1; n <= 55; n += 1) await app.inject({ method: 'GET', url: `/boom/${n}?secret=x` });
    await app.inject({ method: 'GET', url: '/fine' });
    await app.inject({ method: 'GET', url: '/refused' });
    await app.inject({ method: 'GET', url: '/nowhere' });
    let list = app.recentErrors.list();
    expect(list).toHaveLength(50);
    expect(list[0]).toMatchObject({ method: 'GET', url: '/boom/55', statusCode: 500, message: 'broken 55' });
    expect(list[0]!.requestId).toEqual(expect.any(String));
    expect(list[49]!.url).toBe('/boom/6');
    // A service error a route answers on purpose is kept as well, with its own status.
    await app.inject({ method: 'GET', url: '/unavailable' });
    list = app.recentErrors.list();
    expect(list[0]).toMatchObject({ url: '/unavailable', statusCode: 503 });
    await app.close();
  });
});
