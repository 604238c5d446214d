import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DefaultComponent } from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { nextSequence } from '../../seed/factories.ts';

/** The default component (issue #18 item 6): list, create, read, change, delete; superadmin only. */
describe('default components', () => {
  let t: TestApp;
  let superadmin = '';
  let admin = '';
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    superadmin = await createLogin(t.ctx, 'superadmin');
    admin = await createLogin(t.ctx, 'admin');
  });
  afterAll(() => t.close());

  const create = async (payload: Record<string, unknown>) => {
    const response = await call(t.app, superadmin, { method: 'POST', url: '/defaultcomponent', payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<DefaultComponent>();
  };

  it('creates, reads, changes and deletes a default component', async () => {
    const name = `Vorlage Ölmühle ${nextSequence()}`;
    const created = await create({ name, description: 'Die kleinste vollständige Funktion' });
    expect(created).toMatchObject({ name, description: 'Die kleinste vollständige Funktion', active: true });
    const read = await call(t.app, superadmin, { method: 'GET', url: `/defaultcomponent/${created.id}` });
    expect(read.json()).toEqual(created);
    const changed = await call(t.app, superadmin, {
      method: 'PATCH',
      url: `/defaultcomponent/${created.id}`,
      payload: { active: false, description: '' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ name, active: false, description: null });
    const deleted = await call(t.app, superadmin, { method: 'DELETE', url: `/defaultcomponent/${created.id}` });
    expect(deleted.statusCode).toBe(200);
    expect((await call(t.app, superadmin, { method: 'GET', url: `/defaultcomponent/${created.id}` })).statusCode).toBe(
      404,
    );
  });

  it('lists with search (accents ignored) and German sorting', async () => {
    const tag = nextSequence();
    await create({ name: `Zebra ${tag}` });
    await create({ name: `Ähre ${tag}` });
    await create({ name: `Birke ${tag}` });
    const list = await call(t.app, superadmin, {
      method: 'GET',
      url: `/defaultcomponent?lit-search=${tag}&$sort[name]=1`,
    });
    expect(list.json()).toMatchObject({ total: 3 });
    expect(list.json().data.map((row: DefaultComponent) => row.name)).toEqual([
      `Ähre ${tag}`,
      `Birke ${tag}`,
      `Zebra ${tag}`,
    ]);
    const found = await call(t.app, superadmin, { method: 'GET', url: `/defaultcomponent?lit-search=ahre%20${tag}` });
    expect(found.json().data.map((row: DefaultComponent) => row.name)).toEqual([`Ähre ${tag}`]);
  });

  it('answers 400 with the field and key for bad input', async () => {
    const response = await call(t.app, superadmin, {
      method: 'POST',
      url: '/defaultcomponent',
      payload: { name: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual(expect.objectContaining({ field: 'name' }));
    const wrongType = await call(t.app, superadmin, {
      method: 'POST',
      url: '/defaultcomponent',
      payload: { name: 'Gut', active: 'ja' },
    });
    expect(wrongType.statusCode).toBe(400);
  });

  it('is for superadmins only', async () => {
    expect((await call(t.app, admin, { method: 'GET', url: '/defaultcomponent' })).statusCode).toBe(403);
    expect(
      (await call(t.app, admin, { method: 'POST', url: '/defaultcomponent', payload: { name: 'Nicht erlaubt' } }))
        .statusCode,
    ).toBe(403);
    expect((await call(t.app, null, { method: 'GET', url: '/defaultcomponent' })).statusCode).toBe(401);
  });
});
