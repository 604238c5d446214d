import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveJwtSecret } from '../src/features/auth/auth.service.ts';
import { buildTestApp, call, type TestApp } from './helpers.ts';

/** Cross-cutting security rules of issue #8 §1, on the database of TEST_DB. */
describe('security', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { frameAncestors: ['https://alpenblick-reisen.example'] } });
  });
  afterAll(() => t.close());

  describe('issue #8 §1.3: a NUL character is a 400 with a key, never a 500', () => {
    it('is refused in the public login and registration bodies', async () => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v1/authentication',
        payload: { strategy: 'local', email: 'admin@example.com', password: 'Demo\u00001234!' },
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
        const response = await call(t.app, 'admin', { method: 'GET', url });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().key, url).toBe('error.invalidQuery');
      }
      const code = await t.app.inject({ method: 'PATCH', url: '/api/v1/registration/abc%00def' });
      expect(code.statusCode).toBe(400);
    });

    it('is refused on every registered route, whatever it declares', async () => {
      for (const { method, url } of t.app.routePermissions) {
        const path = url.replaceAll(/:(\w+)/g, (_match, name: string) => (name === 'id' ? '1' : 'x%00y'));
        const response = await call(t.app, 'superadmin', {
          method: method as 'GET',
          url: `${path}${path.includes('?') ? '&' : '?'}q=%00`,
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: { name: 'nul\u0000' } }),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(400);
      }
    });
  });

  it('issue #8 §1.1: only a superadmin may change a superadmin, in any field', async () => {
    const superadmin = (await call(t.app, 'superadmin', { method: 'GET', url: '/userdata' })).json();
    for (const url of [`/users-lit/${superadmin.id}`, `/users/${superadmin.id}`]) {
      for (const payload of [
        { password: 'Taken0ver!x', passwordRepeat: 'Taken0ver!x' },
        { email: 'attacker@example.org' },
        { firstname: 'Mallory' },
      ]) {
        const response = await call(t.app, 'admin', { method: 'PATCH', url, payload });
        expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(403);
      }
    }
    const unchanged = (await call(t.app, 'superadmin', { method: 'GET', url: `/users-lit/${superadmin.id}` })).json();
    expect(unchanged).toMatchObject({ email: superadmin.email, firstname: superadmin.firstname });
    const own = await call(t.app, 'superadmin', {
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
      payload: { email: 'superadmin@example.com' },
      remoteAddress: '203.0.113.2',
    });
    expect(reset.statusCode).toBe(202);
    const raw = await t.ctx.db
      .selectFrom('mail_outbox')
      .select(['id', 'text', 'html'])
      .where('to_address', '=', 'superadmin@example.com')
      .where('template', '=', 'reset')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const code = /\/auth\/reset-page\/([\w-]+)/.exec(raw.text)![1]!;
    expect(code.length).toBeGreaterThan(30);

    const shown = await call(t.app, 'admin', { method: 'GET', url: `/mail-outbox/${raw.id}` });
    expect(shown.statusCode).toBe(200);
    const mail = shown.json();
    expect(mail.text).not.toContain(code);
    expect(mail.html).not.toContain(code);
    expect(mail.text).toContain('/auth/reset-page/••••••');
    // What support needs is still there.
    expect(mail).toMatchObject({ to: 'superadmin@example.com', status: expect.any(String), attempts: 0 });
    expect(mail.subject).toEqual(expect.any(String));

    const list = await call(t.app, 'admin', { method: 'GET', url: '/mail-outbox?$limit=100' });
    expect(list.body).not.toContain(code);
  });

  it('issue #8 §1.4: a bad date filter is a 400, a good one is compared as an instant', async () => {
    for (const value of ['not-a-date', '2026-02-30', '2026-13-01', '2026-01-01T25:00:00Z', '99999-01-01']) {
      const response = await call(t.app, 'admin', { method: 'GET', url: `/users-lit?createdAt=${value}` });
      expect(response.statusCode, value).toBe(400);
      expect(response.json().key, value).toBe('error.invalidFilter');
    }
    const user = (await call(t.app, 'admin', { method: 'GET', url: '/users-lit?$limit=1' })).json().data[0];
    for (const value of [user.createdAt, user.createdAt.slice(0, 10)]) {
      const response = await call(t.app, 'admin', {
        method: 'GET',
        url: `/users-lit?createdAt=${encodeURIComponent(value)}`,
      });
      expect(response.statusCode, value).toBe(200);
    }
    const exact = await call(t.app, 'admin', {
      method: 'GET',
      url: `/users-lit?createdAt=${encodeURIComponent(user.createdAt)}`,
    });
    expect(exact.json().data.map((row: { id: number }) => row.id)).toContain(user.id);
  });

  it('issue #8 §1.11: brand legal links take only https:, http: and mailto:', async () => {
    const brand = (await call(t.app, 'superadmin', { method: 'GET', url: '/brands?$limit=1' })).json().data[0];
    for (const link of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<b>x</b>',
      'java\tscript:x',
      '/relative',
    ]) {
      const response = await call(t.app, 'superadmin', {
        method: 'PATCH',
        url: `/brands/${brand.id}`,
        payload: { legalLinks: { imprint: link } },
      });
      expect(response.statusCode, link).toBe(400);
      expect(response.json().errors, link).toEqual([expect.objectContaining({ field: 'legalLinks.imprint' })]);
    }
    const good = await call(t.app, 'superadmin', {
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

  it('issue #8 §1.10: refuses a token without exp', async () => {
    const admin = await call(t.app, 'admin', { method: 'GET', url: '/userdata' });
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
      for (const url of ['/auth/login', '/customers', '/api/v1/brand']) {
        const page = await t.app.inject({ method: 'GET', url });
        expect(page.headers['content-security-policy'], url).toContain("frame-ancestors 'self';");
      }
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
