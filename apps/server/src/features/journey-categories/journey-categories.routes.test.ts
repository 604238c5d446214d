import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { createCategoryFixture } from '../../seed/catalogue-factories.ts';
import { isCategoryActive } from './journey-categories.service.ts';

type Row = { id: number; name: string; journey_count: number; active: boolean };

describe('journey categories', () => {
  let t: TestApp;
  const as = { admin: '', office: '', agency: '', traveller: '' };
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    for (const role of ['admin', 'office', 'agency', 'traveller'] as const) as[role] = await createLogin(t.ctx, role);
  });
  afterAll(() => t.close());

  it('has the 31 categories of the spec, 0 to 30, from Advent trip to winter trip', async () => {
    const all = (await call(t.app, as.office, { method: 'GET', url: '/journey/category-all' })).json() as Row[];
    const seeded = all.filter((row) => row.id <= 30);
    expect(seeded).toHaveLength(31);
    expect(seeded.find((row) => row.id === 0)).toMatchObject({ name: 'Adventsreise', active: true, journey_count: 0 });
    expect(seeded.find((row) => row.id === 30)).toMatchObject({ name: 'Winterreise' });
    const names = all.map((row) => row.name);
    expect(names.indexOf('Städtereise')).toBeLessThan(names.indexOf('Studienreise'));
    const zero = await call(t.app, as.office, { method: 'GET', url: '/journey/category/0' });
    expect(zero.json()).toMatchObject({ id: 0, id_jrn_category: 0, name: 'Adventsreise' });
  });

  it('creates, renames, blocks and deletes a category; isCategoryActive follows', async () => {
    const created = await call(t.app, as.admin, {
      method: 'POST',
      url: '/journey/category',
      payload: { name: 'Genussreise' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(id).toBeGreaterThan(30);
    expect(created.json()).toMatchObject({ name: 'Genussreise', active: true, journey_count: 0 });
    expect(await isCategoryActive(t.ctx, id)).toBe(true);
    const blocked = await call(t.app, as.office, {
      method: 'PATCH',
      url: `/journey/category/${id}`,
      payload: { name: 'Genießerreise', active: false },
    });
    expect(blocked.json()).toMatchObject({ name: 'Genießerreise', active: false });
    expect(await isCategoryActive(t.ctx, id)).toBe(false);
    expect(await isCategoryActive(t.ctx, 999999)).toBe(false);
    const inactive = await call(t.app, as.office, { method: 'GET', url: '/journey/category?active=false' });
    expect(inactive.json().data.map((row: Row) => row.id)).toEqual([id]);
    const deleted = await call(t.app, as.admin, { method: 'DELETE', url: `/journey/category/${id}` });
    expect(deleted.statusCode).toBe(200);
    expect((await call(t.app, as.office, { method: 'GET', url: `/journey/category/${id}` })).statusCode).toBe(404);
  });

  it('answers field keys for invalid input', async () => {
    const invalid = await call(t.app, as.office, {
      method: 'POST',
      url: '/journey/category',
      payload: { name: 'X', active: 'yes' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual([
      expect.objectContaining({ field: 'name', key: 'error.min2' }),
      expect.objectContaining({ field: 'active', key: 'error.invalid' }),
    ]);
    expect((await call(t.app, as.office, { method: 'GET', url: '/journey/category/-1' })).statusCode).toBe(400);
  });

  it('searches and sorts the list and counts the journeys; refuses to delete a used category', async () => {
    const category = await createCategoryFixture(t.ctx, 1, { name: 'Ökoreise' });
    await t.ctx.db
      .insertInto('jrn_journey')
      .values({ title: 'Spreewald mit dem Rad', sort_title: 'spreewald mit dem rad', id_jrn_category: category.id })
      .execute();
    const found = await call(t.app, as.office, { method: 'GET', url: '/journey/category?lit-search=oko' });
    expect(found.json().data).toEqual([expect.objectContaining({ name: 'Ökoreise', journey_count: 1 })]);
    const byCount = await call(t.app, as.office, {
      method: 'GET',
      url: '/journey/category?$sort[journey_count]=-1&$limit=1',
    });
    expect(byCount.json().data[0].id).toBe(category.id);
    const all = await call(t.app, as.office, { method: 'GET', url: '/journey/category?pagination=false' });
    expect(all.json().length).toBeGreaterThanOrEqual(32);
    const refused = await call(t.app, as.admin, { method: 'DELETE', url: `/journey/category/${category.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      key: 'error.categoryInUse',
      usage: { journeys: [{ id: expect.any(Number), title: 'Spreewald mit dem Rad' }] },
    });
    expect(refused.json().message).toContain('Spreewald mit dem Rad');
  });

  it('needs the internet rights', async () => {
    expect((await call(t.app, as.office, { method: 'DELETE', url: '/journey/category/5' })).statusCode).toBe(403);
    for (const login of [as.agency, as.traveller]) {
      expect((await call(t.app, login, { method: 'GET', url: '/journey/category' })).statusCode).toBe(403);
      expect((await call(t.app, login, { method: 'GET', url: '/journey/category-all' })).statusCode).toBe(403);
      const post = await call(t.app, login, { method: 'POST', url: '/journey/category', payload: { name: 'Test' } });
      expect(post.statusCode).toBe(403);
    }
  });
});
