import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveJwtSecret } from '../src/features/auth/auth.service.ts';
import { createBrand } from '../src/features/brands/brands.service.ts';
import { createUserFixture } from '../src/seed/factories.ts';
import { buildTestApp, call, createLogin, createLogins, type DemoAccount, type TestApp } from './helpers.ts';

/** Cross-cutting security rules of issue #8 §1, on the database of TEST_DB. */
describe('security', () => {
  let t: TestApp;
  let logins: Record<DemoAccount, string>;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults', config: { frameAncestors: ['https://alpenblick-reisen.example'] } });
    logins = await createLogins(t.ctx);
  });
  afterAll(() => t.close());

  describe('issue #8 §1.3: a NUL character is a 400 with a key, never a 500', () => {
    it('is refused in the public login and registration bodies', async () => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v1/authentication',
        payload: { strategy: 'local', email: logins.admin, password: 'Demo\u00001234!' },
      });
      expect(login.statusCode).toBe(400);
      expect(login.json()).toMatchObject({
        key: 'error.badRequest',
        errors: [{ field: 'password', key: 'error.invalid' }],
      });

      const registration = await t.app.inject({
        method: 'POST',
        url: '/api/v1/registration',
        payload: {
          firstname: 'Ro\u0000sa',
          lastname: 'Reiselust',
          email: 'rosa-nul@example.org',
          password: 'Urlaub2027!',
          passwordRepeat: 'Urlaub2027!',
          acceptTerms: true,
          acceptPrivacy: true,
        },
      });
      expect(registration.statusCode).toBe(400);
      expect(registration.json().errors).toEqual([
        expect.objectContaining({ field: 'firstname', key: 'error.invalid' }),
      ]);
    });

    it('is refused in a search, a filter, a nested key and a path parameter', async () => {
      for (const url of [
        '/users-lit?lit-search=%00',
        '/users-lit?lastname=a%00b',
        '/users-lit?lastname[$in][]=%00',
        '/customers?%00=1',
      ]) {
        const response = await call(t.app, logins.admin, { method: 'GET', url });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().key, url).toBe('error.invalidQuery');
      }
      const code = await t.app.inject({ method: 'PATCH', url: '/api/v1/registration/abc%00def' });
      expect(code.statusCode).toBe(400);
    });

    it('is refused on every registered route, whatever it declares', async () => {
      for (const { method, url } of t.app.routePermissions) {
        const path = url.replaceAll(/:(\w+)/g, (_match, name: string) => (name === 'id' ? '1' : 'x%00y'));
        const response = await call(t.app, logins.superadmin, {
          method: method as 'GET',
          url: `${path}${path.includes('?') ? '&' : '?'}q=%00`,
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: { name: 'nul\u0000' } }),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(400);
      }
    });
  });

  it('issue #8 §1.1: only a superadmin may change a superadmin, in any field', async () => {
    const superadmin = (await call(t.app, logins.superadmin, { method: 'GET', url: '/userdata' })).json();
    for (const url of [`/users-lit/${superadmin.id}`, `/users/${superadmin.id}`]) {
      for (const payload of [
        { password: 'Taken0ver!x', passwordRepeat: 'Taken0ver!x' },
        { email: 'attacker@example.org' },
        { firstname: 'Mallory' },
      ]) {
        const response = await call(t.app, logins.admin, { method: 'PATCH', url, payload });
        expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(403);
      }
    }
    const unchanged = (
      await call(t.app, logins.superadmin, { method: 'GET', url: `/users-lit/${superadmin.id}` })
    ).json();
    expect(unchanged).toMatchObject({ email: superadmin.email, firstname: superadmin.firstname });
    const own = await call(t.app, logins.superadmin, {
      method: 'PATCH',
      url: `/users-lit/${superadmin.id}`,
      payload: { firstname: superadmin.firstname },
    });
    expect(own.statusCode).toBe(200);
  });

  it('issue #8 §1.2: the outbox never shows a live code, and the mail still carries it', async () => {
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/password-reset',
      payload: { email: logins.superadmin },
      remoteAddress: '203.0.113.2',
    });
    expect(reset.statusCode).toBe(202);
    const raw = await t.ctx.db
      .selectFrom('mail_outbox')
      .select(['id', 'text', 'html'])
      .where('to_address', '=', logins.superadmin)
      .where('template', '=', 'reset')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const code = /\/auth\/reset-page\/([\w-]+)/.exec(raw.text)![1]!;
    expect(code.length).toBeGreaterThan(30);

    const shown = await call(t.app, logins.admin, { method: 'GET', url: `/mail-outbox/${raw.id}` });
    expect(shown.statusCode).toBe(200);
    const mail = shown.json();
    expect(mail.text).not.toContain(code);
    expect(mail.html).not.toContain(code);
    expect(mail.text).toContain('/auth/reset-page/••••••');
    // What support needs is still there.
    expect(mail).toMatchObject({ to: logins.superadmin, status: expect.any(String), attempts: 0 });
    expect(mail.subject).toEqual(expect.any(String));

    const list = await call(t.app, logins.admin, { method: 'GET', url: '/mail-outbox?$limit=100' });
    expect(list.body).not.toContain(code);
  });

  it('issue #8 §1.4: a bad date filter is a 400, a good one is compared as an instant', async () => {
    for (const value of ['not-a-date', '2026-02-30', '2026-13-01', '2026-01-01T25:00:00Z', '99999-01-01']) {
      const response = await call(t.app, logins.admin, { method: 'GET', url: `/users-lit?createdAt=${value}` });
      expect(response.statusCode, value).toBe(400);
      expect(response.json().key, value).toBe('error.invalidFilter');
    }
    const user = (await call(t.app, logins.admin, { method: 'GET', url: '/users-lit?$limit=1' })).json().data[0];
    for (const value of [user.createdAt, user.createdAt.slice(0, 10)]) {
      const response = await call(t.app, logins.admin, {
        method: 'GET',
        url: `/users-lit?createdAt=${encodeURIComponent(value)}`,
      });
      expect(response.statusCode, value).toBe(200);
    }
    const exact = await call(t.app, logins.admin, {
      method: 'GET',
      url: `/users-lit?createdAt=${encodeURIComponent(user.createdAt)}`,
    });
    expect(exact.json().data.map((row: { id: number }) => row.id)).toContain(user.id);
  });

  it('issue #8 §1.11: brand legal links take only https:, http: and mailto:', async () => {
    const brand = await createBrand(t.ctx, { host: 'links.example', name: 'Links' });
    for (const link of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<b>x</b>',
      'java\tscript:x',
      '/relative',
    ]) {
      const response = await call(t.app, logins.superadmin, {
        method: 'PATCH',
        url: `/brands/${brand.id}`,
        payload: { legalLinks: { imprint: link } },
      });
      expect(response.statusCode, link).toBe(400);
      expect(response.json().errors, link).toEqual([expect.objectContaining({ field: 'legalLinks.imprint' })]);
    }
    const good = await call(t.app, logins.superadmin, {
      method: 'PATCH',
      url: `/brands/${brand.id}`,
      payload: {
        legalLinks: {
          imprint: 'https://example.org/imprint',
          privacy: 'http://example.org/p',
          terms: 'mailto:legal@example.org',
        },
      },
    });
    expect(good.statusCode).toBe(200);
    expect(good.json().legalLinks.terms).toBe('mailto:legal@example.org');
  });

  /** The code of the newest mail of `template` to `to`, read from the outbox table (the API masks it). */
  const mailedCode = async (to: string, template: string) => {
    const row = await t.ctx.db
      .selectFrom('mail_outbox')
      .select('text')
      .where('to_address', '=', to)
      .where('template', '=', template)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return /\/auth\/[\w-]+\/([\w-]{20,})/.exec(row.text)![1]!;
  };

  describe('issue #8 §1.7: common and trivial passwords are refused with error.weakPassword', () => {
    const WEAK = ['password', '12345678', 'aaaaaaaa', 'Password1', 'Passwort1', 'qwertzuiop'];
    const expectWeak = (response: { statusCode: number; json: () => { errors?: unknown } }, label: string) => {
      expect(response.statusCode, label).toBe(400);
      expect(response.json().errors, label).toEqual([
        expect.objectContaining({ field: 'password', key: 'error.weakPassword' }),
      ]);
    };
    let officeRole: number;
    beforeAll(async () => {
      officeRole = (
        await t.ctx.db.selectFrom('role').select('id_roles').where('role', '=', 'office').executeTakeFirstOrThrow()
      ).id_roles;
    });

    it('on registration', async () => {
      for (const password of WEAK) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v1/registration',
          remoteAddress: '203.0.113.30',
          payload: {
            firstname: 'Rosa',
            lastname: 'Reiselust',
            email: 'rosa.weak@example.org',
            password,
            passwordRepeat: password,
            acceptTerms: true,
            acceptPrivacy: true,
          },
        });
        expectWeak(response, password);
      }
    });

    it('when staff create or change a user, and for the own name as password', async () => {
      const base = { firstname: 'Wilma', lastname: 'Schwachstelle', email: 'wilma@example.org', role: officeRole };
      for (const password of [...WEAK, 'Schwachstelle1']) {
        expectWeak(
          await call(t.app, logins.admin, {
            method: 'POST',
            url: '/users-lit',
            payload: { ...base, password, passwordRepeat: password },
          }),
          password,
        );
      }
      const created = await call(t.app, logins.admin, {
        method: 'POST',
        url: '/users-lit',
        payload: { ...base, password: 'Vorlaeufig1!', passwordRepeat: 'Vorlaeufig1!' },
      });
      expect(created.statusCode).toBe(201);
      expectWeak(
        await call(t.app, logins.admin, {
          method: 'PATCH',
          url: `/users-lit/${created.json().id}`,
          payload: { password: 'Password1', passwordRepeat: 'Password1' },
        }),
        'patch',
      );
    });

    it('on reset and on the first password of a blocked user, keeping the link usable', async () => {
      const office = await createLogin(t.ctx, 'office');
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/password-reset',
        payload: { email: office },
        remoteAddress: '203.0.113.31',
      });
      const reset = await mailedCode(office, 'reset');
      expectWeak(
        await t.app.inject({
          method: 'PATCH',
          url: `/api/v1/password-reset/${reset}`,
          payload: { password: '12345678', passwordRepeat: '12345678' },
        }),
        'reset',
      );
      const strong = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/password-reset/${reset}`,
        payload: { password: 'Demo1234!', passwordRepeat: 'Demo1234!' },
      });
      expect(strong.statusCode).toBe(200);

      const blocked = await call(t.app, logins.admin, {
        method: 'POST',
        url: '/users-disabled',
        payload: {
          firstname: 'Bodo',
          lastname: 'Blockiert',
          email: 'bodo@example.org',
          role: officeRole,
          password: 'Vorlaeufig1!',
          passwordRepeat: 'Vorlaeufig1!',
        },
      });
      expect(blocked.statusCode).toBe(201);
      const activation = await mailedCode('bodo@example.org', 'activate');
      expectWeak(
        await t.app.inject({
          method: 'PATCH',
          url: `/api/v1/set-password/${activation}`,
          payload: { password: 'aaaaaaaa', passwordRepeat: 'aaaaaaaa' },
        }),
        'set-password',
      );
      const activated = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/set-password/${activation}`,
        payload: { password: 'Bergtour-2027', passwordRepeat: 'Bergtour-2027' },
      });
      expect(activated.statusCode).toBe(200);
    });
  });

  describe('issue #8 §1.8: changing one’s own password', () => {
    it('needs the current password, ends the other sessions and renews this one', async () => {
      const email = await createLogin(t.ctx, 'driver');
      const login = async (password: string, ip: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/authentication',
          payload: { email, password },
          remoteAddress: ip,
        });
      const first = (await login('Demo1234!', '203.0.113.40')).json();
      const other = (await login('Demo1234!', '203.0.113.41')).json();
      const as = (token: string) => ({ authorization: `Bearer ${token}` });
      const patch = (token: string, payload: object) =>
        t.app.inject({ method: 'PATCH', url: `/api/v1/users/${first.user.id}`, headers: as(token), payload });

      const missing = await patch(first.accessToken, { password: 'Bergtour-2027', passwordRepeat: 'Bergtour-2027' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual([
        expect.objectContaining({ field: 'currentPassword', key: 'error.empty' }),
      ]);
      const wrong = await patch(first.accessToken, {
        currentPassword: 'not-my-password',
        password: 'Bergtour-2027',
        passwordRepeat: 'Bergtour-2027',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toEqual([
        expect.objectContaining({ field: 'currentPassword', key: 'error.currentPasswordWrong' }),
      ]);
      expect((await login('Demo1234!', '203.0.113.42')).statusCode).toBe(201);

      const changed = await patch(first.accessToken, {
        currentPassword: 'Demo1234!',
        password: 'Bergtour-2027',
        passwordRepeat: 'Bergtour-2027',
      });
      expect(changed.statusCode).toBe(200);
      const fresh = changed.json().accessToken as string;
      expect(fresh).toEqual(expect.any(String));
      const userdata = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/userdata', headers: as(token) });
      expect((await userdata(other.accessToken)).statusCode).toBe(401);
      expect((await userdata(first.accessToken)).statusCode).toBe(401);
      expect((await userdata(fresh)).statusCode).toBe(200);
      expect((await login('Bergtour-2027', '203.0.113.43')).statusCode).toBe(201);
      // Other profile changes need no password.
      expect((await patch(fresh, { city: 'Füssen' })).statusCode).toBe(200);
    });

    it('applies to administrators editing their own record in the user list too', async () => {
      const roleId = async (name: string) =>
        (await t.ctx.db.selectFrom('role').select('id_roles').where('role', '=', name).executeTakeFirstOrThrow())
          .id_roles;
      const admin = await createUserFixture(t.ctx, 'staff', {
        role: await roleId('admin'),
        email: 'selbst@example.org',
      });
      const office = await createUserFixture(t.ctx, 'staff', { role: await roleId('office') });
      const payload = { password: 'Bergtour-2027', passwordRepeat: 'Bergtour-2027' };
      const own = (extra: object) =>
        call(t.app, admin.email, { method: 'PATCH', url: `/users-lit/${admin.id}`, payload: { ...payload, ...extra } });
      expect((await own({})).json().errors).toEqual([
        expect.objectContaining({ field: 'currentPassword', key: 'error.empty' }),
      ]);
      const changed = await own({ currentPassword: 'Demo1234!' });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().accessToken).toEqual(expect.any(String));
      // Setting someone else's password answers no token.
      const other = await call(t.app, logins.superadmin, { method: 'PATCH', url: `/users-lit/${office.id}`, payload });
      expect(other.statusCode).toBe(200);
      expect(other.json()).not.toHaveProperty('accessToken');
    });
  });

  it('issue #8 §1.10: refuses a token without exp', async () => {
    const admin = await call(t.app, logins.admin, { method: 'GET', url: '/userdata' });
    // Signed with the app's own key, exactly like its tokens, but without `exp`.
    const { secret, keyId } = await resolveJwtSecret(t.ctx, null);
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${part({ alg: 'HS256', typ: 'JWT', kid: keyId })}.${part({ sub: String(admin.json().id), kind: 'staff', iatMs: Date.now(), iat: Math.floor(Date.now() / 1000) })}`;
    const forever = `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/userdata',
      headers: { authorization: `Bearer ${forever}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().key).toBe('error.tokenInvalid');
  });

  describe('issue #8 §1.12: framing', () => {
    it('lets the configured origins frame the auth iframe pages only', async () => {
      const framed = await t.app.inject({ method: 'GET', url: '/auth/loginIframe' });
      expect(framed.headers['content-security-policy']).toContain(
        "frame-ancestors 'self' https://alpenblick-reisen.example",
      );
      const reset = await t.app.inject({ method: 'GET', url: '/auth/reset-pageIframe/abc' });
      expect(reset.headers['content-security-policy']).toContain('https://alpenblick-reisen.example');
      for (const url of ['/auth/login', '/customers']) {
        const page = await t.app.inject({ method: 'GET', url });
        expect(page.headers['content-security-policy'], url).toContain("frame-ancestors 'self';");
      }
      // JSON answers of the API may not be framed at all.
      const json = await t.app.inject({ method: 'GET', url: '/api/v1/brand' });
      expect(json.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    });

    it('keeps every page to the app itself without FRAME_ANCESTORS', async () => {
      const plain = await buildTestApp({ seed: false });
      try {
        const framed = await plain.app.inject({ method: 'GET', url: '/auth/loginIframe' });
        expect(framed.headers['content-security-policy']).toContain("frame-ancestors 'self';");
      } finally {
        await plain.close();
      }
    });
  });
});
