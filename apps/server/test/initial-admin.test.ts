import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDefaults, seedInitialAdmin } from '../src/seed/demo.ts';
import { buildTestApp, tokenFor, type TestApp } from './helpers.ts';

describe('an installation without demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    await seedDefaults(t.ctx);
  });
  afterAll(() => t.close());

  it('gets the system roles and the initial superadmin from the environment, once', async () => {
    const roles = await t.ctx.db.selectFrom('role').select('role').orderBy('role').execute();
    expect(roles.map((row) => row.role)).toEqual(['admin', 'agency', 'driver', 'superadmin', 'traveller']);
    expect(await seedInitialAdmin(t.ctx, 'Chefin@Example.org', 'Anfang2027!')).toBe(true);
    expect(await seedInitialAdmin(t.ctx, 'zweite@example.org', 'Anfang2027!')).toBe(false);
    const token = await tokenFor(t.app, 'chefin@example.org', 'Anfang2027!');
    const me = (
      await t.app.inject({ method: 'GET', url: '/api/v1/userdata', headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(me.permissions).toMatchObject({ admin: true, role: 'superadmin' });
  });

  it('refuses a weak INITIAL_ADMIN_PASSWORD with a start-up error that names it, and creates no account', async () => {
    const empty = await buildTestApp({ seed: false });
    try {
      await seedDefaults(empty.ctx);
      for (const weak of ['password', '12345678', 'Password1']) {
        await expect(seedInitialAdmin(empty.ctx, 'chef@example.org', weak)).rejects.toThrow(/INITIAL_ADMIN_PASSWORD/);
      }
      const accounts = await empty.ctx.db.selectFrom('user_account').select('id').execute();
      expect(accounts).toEqual([]);
    } finally {
      await empty.close();
    }
  });
});
