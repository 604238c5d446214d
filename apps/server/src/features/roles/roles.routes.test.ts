import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, createLogin, tokenFor, type TestApp } from '../../../test/helpers.ts';
import { createUserFixture, DEMO_PASSWORD } from '../../seed/factories.ts';

/** The system roles of a fresh installation, plus the logins and roles each test makes. */
describe('roles', () => {
  let t: TestApp;
  const as = { superadmin: '', admin: '', office: '' };
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    for (const role of ['superadmin', 'admin', 'office'] as const) as[role] = await createLogin(t.ctx, role);
  });
  afterAll(() => t.close());

  it('lists roles with their derived permissions and user counts, searchable by name and access', async () => {
    for (let n = 0; n < 3; n++) await createLogin(t.ctx, 'driver');
    const page = (await call(t.app, as.admin, { method: 'GET', url: '/roles-lit' })).json();
    // Sorted by name; other tests' roles may be listed too.
    const system = ['admin', 'agency', 'driver', 'office', 'superadmin', 'traveller'];
    const names = page.data.map((role: { role: string }) => role.role);
    expect(names.filter((name: string) => system.includes(name))).toEqual(system);
    const office = page.data.find((role: { role: string }) => role.role === 'office');
    expect(office).toMatchObject({ admin: false, userCount: 1 });
    expect(office.permissions).toEqual(expect.arrayContaining(['customers-read', 'email-send', 'documents-create']));
    expect(office.permissions).not.toContain('customers-delete');

    const byAccess = (
      await call(t.app, as.admin, { method: 'GET', url: '/roles-lit?lit-search=buslocation-update' })
    ).json();
    expect(byAccess.data.map((role: { role: string }) => role.role)).toEqual(['driver']);
    const byName = (await call(t.app, as.admin, { method: 'GET', url: '/roles-lit?lit-search=TRAV' })).json();
    expect(byName.data.map((role: { role: string }) => role.role)).toEqual(['traveller']);
    const sorted = (await call(t.app, as.admin, { method: 'GET', url: '/roles-lit?$sort[userCount]=-1' })).json();
    const counts = sorted.data.map((role: { userCount: number }) => role.userCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(sorted.data[0]).toMatchObject({ role: 'driver', userCount: 3 });
  });

  it('creates a role, keeping only known areas and actions', async () => {
    const response = await call(t.app, as.admin, {
      method: 'POST',
      url: '/roles',
      payload: {
        role: 'Disposition',
        access: { calendar: { read: true, create: true }, todo: { read: true, fly: true }, spaceship: { read: true } },
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      role: 'Disposition',
      admin: false,
      access: { calendar: { read: true, create: true }, todo: { read: true } },
      permissions: ['todo-read', 'calendar-read', 'calendar-create'],
      userCount: 0,
    });
    const read = await call(t.app, as.admin, { method: 'GET', url: `/roles-lit/${response.json().id_roles}` });
    expect(read.json().role).toBe('Disposition');
  });

  it('validates names and refuses duplicates', async () => {
    const short = await call(t.app, as.admin, { method: 'POST', url: '/roles', payload: { role: 'X' } });
    expect(short.json().errors).toEqual([expect.objectContaining({ field: 'role', key: 'error.min2' })]);
    const duplicate = await call(t.app, as.admin, { method: 'POST', url: '/roles', payload: { role: 'office' } });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().errors).toEqual([expect.objectContaining({ field: 'role', key: 'error.nameExists' })]);
    const badAccess = await call(t.app, as.admin, {
      method: 'POST',
      url: '/roles',
      payload: { role: 'Bad', access: { user: { read: 'yes' } } },
    });
    expect(badAccess.statusCode).toBe(400);
  });

  it('changes a role and the change reaches its users on their next request', async () => {
    const role = (
      await call(t.app, as.admin, { method: 'POST', url: '/roles', payload: { role: 'Buchhaltung', access: {} } })
    ).json();
    const user = await createUserFixture(t.ctx, 'staff', { role: role.id_roles, email: 'buchhaltung@example.com' });
    const token = await tokenFor(t.app, user.email, DEMO_PASSWORD);
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users-lit', headers })).statusCode).toBe(403);
    const patched = await call(t.app, as.admin, {
      method: 'PATCH',
      url: `/roles/${role.id_roles}`,
      payload: { access: { user: { read: true } } },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().permissions).toEqual(['user-read']);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users-lit', headers })).statusCode).toBe(200);
    const userdata = (await t.app.inject({ method: 'GET', url: '/api/v1/userdata', headers })).json();
    expect(userdata.permissions.access).toEqual({ user: { read: true } });
  });

  it('refuses to delete a role still held by users (409) and deletes an unused one', async () => {
    const office = (await call(t.app, as.admin, { method: 'GET', url: '/roles-lit?role=office' })).json().data[0];
    const inUse = await call(t.app, as.admin, { method: 'DELETE', url: `/role/${office.id_roles}` });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().key).toBe('error.conflict');
    const unused = (
      await call(t.app, as.admin, { method: 'POST', url: '/roles', payload: { role: 'Praktikum' } })
    ).json();
    expect((await call(t.app, as.admin, { method: 'DELETE', url: `/role/${unused.id_roles}` })).statusCode).toBe(200);
    expect((await call(t.app, as.admin, { method: 'GET', url: `/roles-lit/${unused.id_roles}` })).statusCode).toBe(404);
  });

  it('protects the superadmin role from admins and from losing its name or flag', async () => {
    const superRole = (await call(t.app, as.admin, { method: 'GET', url: '/roles-lit?role=superadmin' })).json()
      .data[0];
    expect(
      (await call(t.app, as.admin, { method: 'PATCH', url: `/roles/${superRole.id_roles}`, payload: { access: {} } }))
        .statusCode,
    ).toBe(403);
    const rename = await call(t.app, as.superadmin, {
      method: 'PATCH',
      url: `/roles/${superRole.id_roles}`,
      payload: { role: 'boss' },
    });
    expect(rename.statusCode).toBe(400);
    const unflag = await call(t.app, as.superadmin, {
      method: 'PATCH',
      url: `/roles/${superRole.id_roles}`,
      payload: { admin: false },
    });
    expect(unflag.statusCode).toBe(400);
    expect((await call(t.app, as.admin, { method: 'DELETE', url: `/role/${superRole.id_roles}` })).statusCode).toBe(
      400,
    );
  });

  it('is managed by admins only; user managers may read roles to assign them', async () => {
    expect(
      (await call(t.app, as.office, { method: 'POST', url: '/roles', payload: { role: 'Hack', admin: true } }))
        .statusCode,
    ).toBe(403);
    expect((await call(t.app, as.office, { method: 'GET', url: '/roles-lit' })).statusCode).toBe(403);
    expect((await call(t.app, null, { method: 'GET', url: '/roles-lit' })).statusCode).toBe(401);
  });
});
