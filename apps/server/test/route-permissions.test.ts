import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasAnyPermission, type PermissionName } from '@tourdesk/contracts';
import { authPlugin } from '../src/features/auth/auth.plugin.ts';
import { buildTestApp, call, createLogins, DEMO_ACCOUNTS, type DemoAccount, type TestApp } from './helpers.ts';

/**
 * Every API route with the permission it declares. A new route shows up here in review; a route without a
 * permission cannot even be registered.
 */
describe('route permissions', () => {
  let t: TestApp;
  let logins: Record<DemoAccount, string>;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    logins = await createLogins(t.ctx);
  });
  afterAll(() => t.close());

  it('lists every route with its permission', () => {
    const routes = t.app.routePermissions
      .map(({ method, url, permission }) => `${method.padEnd(6)} ${url.padEnd(34)} ${[permission].flat().join(' | ')}`)
      .sort();
    expect(routes).toMatchSnapshot();
  });

  it('refuses to register a route that declares no permission', async () => {
    const app = Fastify({ logger: false });
    await app.register(authPlugin, { secret: 'x'.repeat(32), keyId: 'test', tokenTtlSeconds: 60 });
    await expect(
      app.register(async (api) => {
        api.get('/api/v1/unprotected', async () => ({}));
      }),
    ).rejects.toThrow(/declares no permission/);
    await app.close().catch(() => undefined);
  });

  /** A login of each README role against each protected route: allowed ones pass the gate, the rest get 403 (401 without login). */
  it('enforces the permission of every route for every demo role', async () => {
    const roles = Object.keys(DEMO_ACCOUNTS) as DemoAccount[];
    const subjects = new Map<
      DemoAccount,
      { admin: boolean; role: string; access: Record<string, Record<string, boolean>> }
    >();
    for (const role of roles)
      subjects.set(role, (await call(t.app, logins[role], { method: 'GET', url: '/userdata' })).json().permissions);

    let checked = 0;
    for (const { method, url, permission } of t.app.routePermissions) {
      if (permission === 'public') continue;
      const path = url.replace(':id', '999999');
      const payload = ['POST', 'PATCH', 'PUT'].includes(method) ? {} : undefined;
      const anonymous = await call(t.app, null, { method: method as 'GET', url: path, payload });
      expect(anonymous.statusCode, `${method} ${url} without login`).toBe(401);
      if (permission === 'authenticated') continue;
      const names: PermissionName[] = [permission].flat() as PermissionName[];
      for (const role of roles) {
        const response = await call(t.app, logins[role], { method: method as 'GET', url: path, payload });
        const allowed = hasAnyPermission(subjects.get(role)!, names);
        if (allowed) expect(response.statusCode, `${role} ${method} ${url}`).not.toBe(403);
        else expect(response.statusCode, `${role} ${method} ${url}`).toBe(403);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});
