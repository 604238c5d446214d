import { createECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoleFixture, createUserFixture, nextSequence } from '../../seed/factories.ts';
import { buildTestApp, call, createLogins, type DemoAccount, type TestApp } from '../../../test/helpers.ts';
import { thirdPartyConfig } from './thirdparty.config.ts';

const SMTP_USER = 'tourdesk';
const SMTP_PASSWORD = 'Richtig-Geheim-2026!';
const WRONG_PASSWORD = 'Falsch-Passwort-0815';
const ENV_PASSWORD = 'Env-Smtp-Passwort-4711';
const HTTP_TOKEN = 'kuschick-token-a1b2c3d4e5f6';
const FB_TOKEN = 'EAAB-facebook-page-token-zz99';

/** A local SMTP server that requires AUTH PLAIN/LOGIN with SMTP_USER / SMTP_PASSWORD (no TLS). */
async function startAuthSmtp(): Promise<{ port: number; close: () => Promise<void> }> {
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address() as AddressInfo;
  return { port: address.port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** An HTTP service that wants HTTP_TOKEN as `Authorization: Bearer` (ratio, insurer) or `X-Api-Key` (Kuschick). */
async function startHttpService(): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const ok = request.headers.authorization === `Bearer ${HTTP_TOKEN}` || request.headers['x-api-key'] === HTTP_TOKEN;
    response.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('third-party services (issue #18 item 4)', () => {
  let t: TestApp;
  let logins: Record<DemoAccount, string>;
  let admin: string;
  let reader: string;
  let smtp: Awaited<ReturnType<typeof startAuthSmtp>>;
  let http: Awaited<ReturnType<typeof startHttpService>>;
  const logLines: string[] = [];

  beforeAll(async () => {
    smtp = await startAuthSmtp();
    http = await startHttpService();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    });
    t = await buildTestApp({
      seed: 'defaults',
      // Everything the server logs, at its most talkative, to check that no secret reaches the log.
      logger: { level: 'trace', stream },
      config: { smtpUrl: `smtp://envuser:${encodeURIComponent(ENV_PASSWORD)}@127.0.0.1:1?ignoreTLS=true` },
    });
    logins = await createLogins(t.ctx);
    admin = logins.admin;
    const role = await createRoleFixture(t.ctx, `configs-reader-${nextSequence()}`, {
      access: { configs: { read: true } },
    });
    reader = `reader-${nextSequence()}@test.example`;
    await createUserFixture(t.ctx, 'staff', { email: reader, role: role.id_roles });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    http.server.close();
  });

  it('lists every service with its source; env values show, env secrets only as "set"', async () => {
    const response = await call(t.app, admin, { method: 'GET', url: '/thirdparty' });
    expect(response.statusCode).toBe(200);
    const providers = response.json().data.map((service: { provider: string }) => service.provider);
    expect(providers).toEqual([
      'smtp',
      'imap',
      'push',
      'maps',
      'adobeStock',
      'ratio',
      'kuschick',
      'insurer',
      'facebook',
    ]);
    const smtpService = response.json().data[0];
    expect(smtpService.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'host', value: '127.0.0.1', source: 'env' }),
        expect.objectContaining({ name: 'user', value: 'envuser', source: 'env' }),
        expect.objectContaining({ name: 'password', kind: 'secret', value: null, set: true, hint: '…4711' }),
      ]),
    );
    expect(response.body).not.toContain(ENV_PASSWORD);
  });

  it('stores values over the environment, seals secrets and never answers them', async () => {
    const saved = await call(t.app, admin, {
      method: 'PUT',
      url: '/thirdparty/smtp',
      payload: {
        values: { port: smtp.port, user: SMTP_USER, ignoreTls: true },
        secrets: { password: SMTP_PASSWORD },
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(SMTP_PASSWORD);
    const fields = Object.fromEntries(saved.json().fields.map((field: { name: string }) => [field.name, field]));
    expect(fields.port).toMatchObject({ value: smtp.port, source: 'stored' });
    expect(fields.host).toMatchObject({ value: '127.0.0.1', source: 'env' });
    // Long enough: its last four characters help to tell which password is stored.
    expect(fields.password).toMatchObject({ value: null, set: true, source: 'stored', hint: '…026!' });

    const detail = await call(t.app, reader, { method: 'GET', url: '/thirdparty/smtp' });
    expect(detail.statusCode).toBe(200);
    expect(detail.body).not.toContain(SMTP_PASSWORD);

    const row = await t.ctx.db
      .selectFrom('third_party_setting')
      .selectAll()
      .where('provider', '=', 'smtp')
      .executeTakeFirstOrThrow();
    expect(row.secrets).toMatch(/^v1\./);
    expect(row.secrets).not.toContain(SMTP_PASSWORD);
    expect(row.settings).not.toContain(SMTP_PASSWORD);

    // What features read: stored over env, the secret in clear.
    const config = await thirdPartyConfig({ ctx: t.ctx, config: t.config }, 'smtp');
    expect(config).toMatchObject({ host: '127.0.0.1', port: smtp.port, user: SMTP_USER, password: SMTP_PASSWORD });

    // Leaving a secret out keeps it; null removes a stored value (back to the environment's).
    const again = await call(t.app, admin, {
      method: 'PUT',
      url: '/thirdparty/smtp',
      payload: { values: { from: null } },
    });
    expect(again.statusCode).toBe(200);
    expect((await thirdPartyConfig({ ctx: t.ctx, config: t.config }, 'smtp')).password).toBe(SMTP_PASSWORD);

    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('action', '=', 'thirdparty_update')
      .execute();
    expect(audit.map((entry) => entry.detail)).toContain('smtp: port, user, ignoreTls, password');
    expect(JSON.stringify(audit)).not.toContain(SMTP_PASSWORD);
  });

  it('refuses values that do not fit their field, with the field and a message key', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ values: { port: 0 } }, 'values.port', 'error.invalid'],
      [{ values: { port: 'abc' } }, 'values.port', 'error.invalid'],
      [{ values: { secure: 'yes' } }, 'values.secure', 'error.invalid'],
      [{ values: { password: 'in the clear' } }, 'values.password', 'error.invalid'],
      [{ values: { nonsense: 'x' } }, 'values.nonsense', 'error.invalid'],
      [{ secrets: { host: 'x' } }, 'secrets.host', 'error.invalid'],
      [{ secrets: { password: '  ' } }, 'secrets.password', 'error.empty'],
    ];
    for (const [payload, field, key] of cases) {
      const response = await call(t.app, admin, { method: 'PUT', url: '/thirdparty/smtp', payload: payload as object });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors).toEqual([expect.objectContaining({ field, key })]);
    }
    const badUrl = await call(t.app, admin, {
      method: 'PUT',
      url: '/thirdparty/kuschick',
      payload: { values: { url: 'ftp://example.com' } },
    });
    expect(badUrl.json().errors).toEqual([expect.objectContaining({ field: 'values.url', key: 'error.invalid' })]);
    expect((await call(t.app, admin, { method: 'GET', url: '/thirdparty/nothing' })).statusCode).toBe(400);
  });

  it('serves a saved map tile server to the maps at once, and the pages allow its images', async () => {
    const pageCsp = async () =>
      String((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    const tileUrl = 'https://{s}.tiles.example.org/{z}/{x}/{y}.png';
    expect(await pageCsp()).not.toContain('tiles.example.org');
    const saved = await call(t.app, admin, {
      method: 'PUT',
      url: '/thirdparty/maps',
      payload: { values: { tileUrl } },
    });
    expect(saved.statusCode).toBe(200);
    try {
      expect((await call(t.app, null, { method: 'GET', url: '/settings-public' })).json().mapTileUrl).toBe(tileUrl);
      expect(await pageCsp()).toMatch(/img-src [^;]*https:\/\/\*\.tiles\.example\.org/);
    } finally {
      await call(t.app, admin, { method: 'PUT', url: '/thirdparty/maps', payload: { values: { tileUrl: null } } });
    }
    expect((await call(t.app, null, { method: 'GET', url: '/settings-public' })).json().mapTileUrl).toBe(
      t.config.mapTileUrl,
    );
    expect(await pageCsp()).not.toContain('tiles.example.org');
  });

  it('tests SMTP: the right password logs in, a wrong one says so without repeating it', async () => {
    const good = await call(t.app, admin, { method: 'POST', url: '/thirdparty/smtp/test', payload: {} });
    expect(good.json()).toMatchObject({ provider: 'smtp', ok: true, outcome: 'ok' });

    const wrong = await call(t.app, admin, {
      method: 'POST',
      url: '/thirdparty/smtp/test',
      payload: { secrets: { password: WRONG_PASSWORD } },
    });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toMatchObject({ ok: false, outcome: 'authFailed' });
    expect(wrong.json().detail).toMatch(/Invalid username or password|535/);
    expect(wrong.body).not.toContain(WRONG_PASSWORD);
    expect(wrong.body).not.toContain(SMTP_PASSWORD);
    // The test did not store the typed password.
    expect((await thirdPartyConfig({ ctx: t.ctx, config: t.config }, 'smtp')).password).toBe(SMTP_PASSWORD);

    const closed = await call(t.app, admin, {
      method: 'POST',
      url: '/thirdparty/smtp/test',
      payload: { values: { port: 1 } },
    });
    expect(closed.json()).toMatchObject({ ok: false, outcome: 'unreachable' });
  });

  it('tests IMAP: says which fields are missing, and when the server cannot be reached', async () => {
    const missing = await call(t.app, admin, { method: 'POST', url: '/thirdparty/imap/test', payload: {} });
    expect(missing.json()).toMatchObject({ ok: false, outcome: 'incomplete', detail: 'host, user, password' });
    const unreachable = await call(t.app, admin, {
      method: 'POST',
      url: '/thirdparty/imap/test',
      payload: {
        values: { host: '127.0.0.1', port: 1, secure: false, user: 'office' },
        secrets: { password: 'imap-geheim-123456' },
      },
    });
    expect(unreachable.json()).toMatchObject({ ok: false, outcome: 'unreachable' });
    expect(unreachable.body).not.toContain('imap-geheim-123456');
  });

  it('tests Web Push keys: a matching pair passes, a foreign private key does not', async () => {
    const pair = createECDH('prime256v1');
    pair.generateKeys();
    const other = createECDH('prime256v1');
    other.generateKeys();
    const publicKey = pair.getPublicKey().toString('base64url');
    const good = await call(t.app, admin, {
      method: 'POST',
      url: '/thirdparty/push/test',
      payload: {
        values: { publicKey, subject: 'mailto:office@example.com' },
        secrets: { privateKey: pair.getPrivateKey().toString('base64url') },
      },
    });
    expect(good.json()).toMatchObject({ ok: true, outcome: 'ok' });
    const foreignKey = other.getPrivateKey().toString('base64url');
    const mismatch = await call(t.app, admin, {
      method: 'POST',
      url: '/thirdparty/push/test',
      payload: { values: { publicKey }, secrets: { privateKey: foreignKey } },
    });
    expect(mismatch.json()).toMatchObject({ ok: false, outcome: 'keyMismatch' });
    expect(mismatch.body).not.toContain(foreignKey);
    const broken = await call(t.app, admin, {
      method: 'POST',
      url: '/thirdparty/push/test',
      payload: { values: { publicKey: 'abc' }, secrets: { privateKey: foreignKey } },
    });
    expect(broken.json()).toMatchObject({ ok: false, outcome: 'invalid' });
  });

  it('tests HTTP services with a GET: refused credentials, good ones, and the Facebook token in a header', async () => {
    await call(t.app, admin, {
      method: 'PUT',
      url: '/thirdparty/kuschick',
      payload: { values: { url: http.url }, secrets: { apiKey: 'wrong-token-000000' } },
    });
    const refused = await call(t.app, admin, { method: 'POST', url: '/thirdparty/kuschick/test', payload: {} });
    expect(refused.json()).toMatchObject({ ok: false, outcome: 'authFailed', detail: 'HTTP 401 Unauthorized' });
    const good = await call(t.app, admin, {
      method: 'POST',
      url: '/thirdparty/kuschick/test',
      payload: { secrets: { apiKey: HTTP_TOKEN } },
    });
    expect(good.json()).toMatchObject({ ok: true, outcome: 'ok' });

    const saved = await call(t.app, admin, {
      method: 'PUT',
      url: '/thirdparty/facebook',
      payload: { values: { graphUrl: http.url, pageId: '12345' }, secrets: { accessToken: FB_TOKEN } },
    });
    expect(saved.json().configured).toBe(true);
    expect(saved.body).not.toContain(FB_TOKEN);
    const facebook = await call(t.app, admin, { method: 'POST', url: '/thirdparty/facebook/test', payload: {} });
    expect(facebook.json()).toMatchObject({ ok: false, outcome: 'authFailed' });
    expect(facebook.body).not.toContain(FB_TOKEN);

    const list = await call(t.app, admin, { method: 'GET', url: '/thirdparty' });
    for (const secret of [SMTP_PASSWORD, HTTP_TOKEN, FB_TOKEN, ENV_PASSWORD, 'wrong-token-000000']) {
      expect(list.body).not.toContain(secret);
    }
  });

  it('lets configs-read see and only configs-update change or test', async () => {
    expect((await call(t.app, null, { method: 'GET', url: '/thirdparty' })).statusCode).toBe(401);
    expect((await call(t.app, reader, { method: 'GET', url: '/thirdparty' })).statusCode).toBe(200);
    expect(
      (await call(t.app, reader, { method: 'PUT', url: '/thirdparty/maps', payload: { values: {} } })).statusCode,
    ).toBe(403);
    expect((await call(t.app, reader, { method: 'POST', url: '/thirdparty/maps/test', payload: {} })).statusCode).toBe(
      403,
    );
    for (const account of ['office', 'agency', 'traveller', 'driver'] as const) {
      expect((await call(t.app, logins[account], { method: 'GET', url: '/thirdparty' })).statusCode, account).toBe(403);
      expect((await call(t.app, logins[account], { method: 'GET', url: '/thirdparty/smtp' })).statusCode, account).toBe(
        403,
      );
    }
  });

  it('never writes a secret to the log', () => {
    const log = logLines.join('');
    expect(log.length).toBeGreaterThan(0);
    for (const secret of [SMTP_PASSWORD, WRONG_PASSWORD, ENV_PASSWORD, HTTP_TOKEN, FB_TOKEN, 'imap-geheim-123456']) {
      expect(log).not.toContain(secret);
    }
  });
});
