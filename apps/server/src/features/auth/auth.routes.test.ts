import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, call, createLogin, tokenFor, type TestApp } from '../../../test/helpers.ts';
import { createAgencyFixture, createUserFixture, DEMO_PASSWORD } from '../../seed/factories.ts';
import { findRoleId } from '../roles/roles.service.ts';
import { findAuditEntries } from './auth.repository.ts';
import { LOGIN_POLICIES } from './auth.service.ts';
import { isKnownAddress, KNOWN_ADDRESS_TTL_MS, rememberKnownAddress } from './throttle.service.ts';

const login = (t: TestApp, payload: Record<string, unknown>, ip = '203.0.113.1') =>
  t.app.inject({ method: 'POST', url: '/api/v1/authentication', payload, remoteAddress: ip });

describe('authentication', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
  });
  afterAll(() => t.close());

  it('logs in with e-mail and password and answers a token and the user', async () => {
    await createUserFixture(t.ctx, 'staff', {
      email: 'andrea.koehler@example.com',
      firstname: 'Andrea',
      lastname: 'Köhler',
      role: (await findRoleId(t.ctx, 'admin'))!,
      password: DEMO_PASSWORD,
    });
    const response = await login(t, {
      strategy: 'local',
      email: 'Andrea.Koehler@Example.com',
      password: DEMO_PASSWORD,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.user).toMatchObject({
      email: 'andrea.koehler@example.com',
      permissions: { admin: true, role: 'admin' },
      vc_card: { name: 'Andrea Köhler', agencyId: null },
    });
    expect(body.user).not.toHaveProperty('password_hash');
  });

  it('stores passwords as argon2id hashes', async () => {
    const office = await createLogin(t.ctx, 'office');
    const row = await t.ctx.db
      .selectFrom('user_account')
      .select('password_hash')
      .where('email', '=', office)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses wrong credentials with 401 and the catalogue message, for known and unknown e-mails alike', async () => {
    const office = await createLogin(t.ctx, 'office');
    const wrongPassword = await login(t, { strategy: 'local', email: office, password: 'nope-nope' }, '203.0.113.9');
    const unknownUser = await login(
      t,
      { strategy: 'local', email: 'nobody@example.com', password: 'nope-nope' },
      '203.0.113.9',
    );
    for (const response of [wrongPassword, unknownUser]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        key: 'error.invalidCredentials',
        message: 'E-mail/password combination invalid.',
      });
    }
    const audit = await findAuditEntries(t.ctx.db, { action: 'login_failed', email: office });
    expect(audit[0]).toMatchObject({ ip: '203.0.113.9', url: '/api/v1/authentication' });
  });

  it('validates the login body with field keys', async () => {
    const response = await login(t, { strategy: 'local', email: '', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'email', key: 'error.empty' }),
        expect.objectContaining({ field: 'password', key: 'error.empty' }),
      ]),
    );
  });

  it('slows down failed logins per account from addresses it never logged in from (429 with a key)', async () => {
    const email = await createLogin(t.ctx, 'driver');
    const office = await createLogin(t.ctx, 'office');
    for (let attempt = 0; attempt < LOGIN_POLICIES.accountFromNewAddresses.free; attempt++) {
      const response = await login(t, { email, password: 'wrong-password' }, `198.51.100.${attempt + 1}`);
      expect(response.statusCode).toBe(401);
    }
    const blocked = await login(t, { email, password: DEMO_PASSWORD }, '198.51.100.200');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().key).toBe('error.tooManyRequests');
    // Retry-After says when to try again: the first delay of the policy, in whole seconds.
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_POLICIES.accountFromNewAddresses.firstDelayMs / 1000);
    // Another account from a fresh address is not affected.
    expect((await login(t, { email: office, password: DEMO_PASSWORD }, '198.51.100.201')).statusCode).toBe(201);
  });

  it('limits failed logins per client address across accounts', async () => {
    const ip = '192.0.2.77';
    const admin = await createLogin(t.ctx, 'admin');
    for (let attempt = 0; attempt < LOGIN_POLICIES.address.free; attempt++) {
      await login(t, { email: `probe${attempt}@example.com`, password: 'wrong-password' }, ip);
    }
    const blocked = await login(t, { email: admin, password: DEMO_PASSWORD }, ip);
    expect(blocked.statusCode).toBe(429);
    expect((await findAuditEntries(t.ctx.db, { action: 'login_throttled', email: admin }))[0]?.ip).toBe(ip);
  });

  it('issue #8 §1.5: counts parallel wrong passwords before checking them, so no more than the limit are checked', async () => {
    const email = await createLogin(t.ctx, 'superadmin');
    const responses = await Promise.all(
      Array.from({ length: 40 }, () => login(t, { email, password: 'wrong-password' }, '198.51.100.77')),
    );
    const checked = responses.filter((response) => response.statusCode === 401).length;
    const refused = responses.filter((response) => response.statusCode === 429).length;
    expect(checked + refused).toBe(40);
    expect(checked).toBe(LOGIN_POLICIES.accountAndAddress.free);
    const failures = await findAuditEntries(t.ctx.db, { action: 'login_failed', email });
    expect(failures).toHaveLength(LOGIN_POLICIES.accountAndAddress.free);
  });

  it('issue #8 §1.6: an attacker cannot lock the owner out; the owner’s known address still gets in', async () => {
    const email = await createLogin(t.ctx, 'agency', { agencyId: (await createAgencyFixture(t.ctx, 2)).id });
    const home = '203.0.113.90';
    expect((await login(t, { email, password: DEMO_PASSWORD }, home)).statusCode).toBe(201);
    // The attacker tries from many addresses and from one, far beyond every limit.
    for (let attempt = 0; attempt < 2 * LOGIN_POLICIES.accountFromNewAddresses.free; attempt++) {
      await login(t, { email, password: 'wrong-password' }, `198.51.101.${attempt + 1}`);
    }
    for (let attempt = 0; attempt < 2 * LOGIN_POLICIES.accountAndAddress.free; attempt++) {
      await login(t, { email, password: 'wrong-password' }, '198.51.102.1');
    }
    expect((await login(t, { email, password: DEMO_PASSWORD }, '198.51.102.1')).statusCode).toBe(429);
    expect((await login(t, { email, password: DEMO_PASSWORD }, '198.51.101.99')).statusCode).toBe(429);
    // The owner, from where they logged in before, gets in with the right password.
    expect((await login(t, { email, password: DEMO_PASSWORD }, home)).statusCode).toBe(201);
  });

  it('answers /userdata with permissions, card, previous login and avatar', async () => {
    const agency = await createAgencyFixture(t.ctx, 1);
    const email = await createLogin(t.ctx, 'agency', { agencyId: agency.id });
    await login(t, { email, password: DEMO_PASSWORD }, '203.0.113.50');
    const first = await t.ctx.db
      .selectFrom('user_account')
      .select('last_login_at')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const second = await login(t, { email, password: DEMO_PASSWORD }, '203.0.113.50');
    const token = second.json().accessToken as string;
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/userdata',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    const user = response.json();
    expect(user.permissions).toEqual({
      admin: false,
      role: 'agency',
      access: { agencydata: { read: true, update: true, create: true }, myprofile: { read: true, update: true } },
    });
    expect(user.permissionNames).toContain('agencydata-read');
    expect(user.vc_card.agencyId).toBe(agency.id);
    expect(user.lastLogin).toBe(new Date(first.last_login_at as string | Date).toISOString());
    expect(user).toHaveProperty('avatar', null);
  });

  it('answers 401 without a token and with a forged or expired one', async () => {
    const office = await createLogin(t.ctx, 'office');
    const sub = String((await call(t.app, office, { method: 'GET', url: '/userdata' })).json().id);
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/userdata' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().key).toBe('error.unauthorized');

    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/v1/userdata',
      headers: {
        authorization: `Bearer ${t.app.jwt.sign({ sub, kind: 'staff', iatMs: Date.now() }, { key: 'another-secret' })}`,
      },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().key).toBe('error.tokenInvalid');

    // Signed like a real token of this user, once as if issued just now and once so long ago that its `exp` passed.
    const sign = (issuedAtMs: number) =>
      t.app.jwt.sign({ sub, kind: 'staff', iatMs: issuedAtMs }, { clockTimestamp: issuedAtMs });
    const withToken = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/userdata', headers: { authorization: `Bearer ${token}` } });
    expect((await withToken(sign(Date.now()))).statusCode).toBe(200);
    const response = await withToken(sign(Date.now() - (t.config.tokenTtlSeconds + 60) * 1000));
    expect(response.statusCode).toBe(401);
    expect(response.json().key).toBe('error.tokenInvalid');
  });

  describe('with the clock moved on', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('refuses a token once it has expired, however often it was accepted before', async () => {
      const email = await createLogin(t.ctx, 'admin');
      const admin = await t.app.inject({
        method: 'GET',
        url: '/api/v1/userdata',
        headers: { authorization: `Bearer ${await tokenFor(t.app, email)}` },
      });
      // Verified tokens are remembered (features/auth/auth.plugin.ts); that must end with the token's own expiry.
      const token = t.app.jwt.sign(
        { sub: String(admin.json().id), kind: 'staff', iatMs: Date.now() },
        { expiresIn: 60 },
      );
      const headers = { authorization: `Bearer ${token}` };
      const before = await t.app.inject({ method: 'GET', url: '/api/v1/userdata', headers });
      expect(before.statusCode).toBe(200);
      // Two minutes later by the clock, without waiting them.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 120_000 });
      const after = await t.app.inject({ method: 'GET', url: '/api/v1/userdata', headers });
      expect(after.statusCode).toBe(401);
      expect(after.json().key).toBe('error.tokenInvalid');
    });
  });

  it('refuses a malformed authorization header', async () => {
    const token = await tokenFor(t.app, await createLogin(t.ctx, 'traveller'));
    for (const authorization of [token, `Bearer  ${token}`, `Bearer ${token} x`, 'Bearer ', `Basic ${token}`]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/userdata', headers: { authorization } });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json().key, authorization).toBe('error.tokenInvalid');
    }
    const lowerCase = await t.app.inject({
      method: 'GET',
      url: '/api/v1/userdata',
      headers: { authorization: `bearer ${token}` },
    });
    expect(lowerCase.statusCode).toBe(200);
  });

  it('refuses the token of a user disabled after logging in, on the next request', async () => {
    const travellerEmail = await createLogin(t.ctx, 'traveller');
    const admin = await createLogin(t.ctx, 'admin');
    const token = await tokenFor(t.app, travellerEmail);
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/v1/userdata',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(before.statusCode).toBe(200);
    const traveller = before.json();
    const disabled = await call(t.app, admin, {
      method: 'PATCH',
      url: `/users-app/${traveller.id}`,
      payload: { isActive: false },
    });
    expect(disabled.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/userdata',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);
    expect(after.json().key).toBe('error.accountDisabled');
    const relogin = await login(t, { email: travellerEmail, password: DEMO_PASSWORD }, '203.0.113.60');
    expect(relogin.statusCode).toBe(401);
  });

  it('audits permission denials with who, what and from where', async () => {
    const office = await createLogin(t.ctx, 'office');
    const response = await call(t.app, office, { method: 'GET', url: '/roles-lit', remoteAddress: '203.0.113.70' });
    expect(response.statusCode).toBe(403);
    expect(response.json().key).toBe('error.forbidden');
    const [entry] = await findAuditEntries(t.ctx.db, { action: 'permission_denied', email: office });
    expect(entry).toMatchObject({ method: 'GET', url: '/api/v1/roles-lit', detail: 'admin|user-read' });
  });

  it('forgets a known address 90 days after the last login from it, and prunes such rows when logins are written', async () => {
    const email = await createLogin(t.ctx, 'office');
    const now = Date.now();
    const knownRows = () =>
      t.ctx.db.selectFrom('auth_throttle').select('key').where('key', 'like', `known:${email}:%`).execute();
    await rememberKnownAddress(t.ctx, email, '203.0.113.120', now - KNOWN_ADDRESS_TTL_MS - 60_000);
    await rememberKnownAddress(t.ctx, email, '203.0.113.121', now - KNOWN_ADDRESS_TTL_MS + 60_000);
    expect(await isKnownAddress(t.ctx, email, '203.0.113.120', now)).toBe(false);
    expect(await isKnownAddress(t.ctx, email, '203.0.113.121', now)).toBe(true);

    expect((await login(t, { email, password: DEMO_PASSWORD }, '203.0.113.122')).statusCode).toBe(201);
    expect((await knownRows()).map((row) => row.key).sort()).toEqual([
      `known:${email}:203.0.113.121`,
      `known:${email}:203.0.113.122`,
    ]);
  });
});
