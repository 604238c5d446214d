import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { createRoleFixture, createUserFixture, nextSequence } from '../../seed/factories.ts';

describe('product and article groups', () => {
  let t: TestApp;
  const as = { admin: '', office: '', traveller: '', shop: '', shopReader: '' };
  const staffWith = async (access: Record<string, Record<string, boolean>>) => {
    const role = await createRoleFixture(t.ctx, `role-${nextSequence()}`, { access });
    const email = `staff-${nextSequence()}@test.example`;
    await createUserFixture(t.ctx, 'staff', { email, role: role.id_roles });
    return email;
  };
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    for (const role of ['admin', 'office', 'traveller'] as const) as[role] = await createLogin(t.ctx, role);
    as.shop = await staffWith({ shop: { read: true, create: true, update: true, delete: true } });
    as.shopReader = await staffWith({ shop: { read: true } });
  });
  afterAll(() => t.close());

  it('creates, lists, copies, updates and deletes a product group', async () => {
    const created = await call(t.app, as.shop, {
      method: 'POST',
      url: '/shop/product-group',
      payload: { name: 'Ausflüge', description: 'Vor Ort', vat_rate: 19, account_code: '8400', position: 1 },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({
      id_shop_product_group: id,
      name: 'Ausflüge',
      description: 'Vor Ort',
      vat_rate: 19,
      account_code: '8400',
      position: 1,
      active: true,
    });
    const defaults = await call(t.app, as.shop, {
      method: 'POST',
      url: '/shop/product-group',
      payload: { name: 'Versicherungen', vat_rate: 0 },
    });
    expect(defaults.json()).toMatchObject({ vat_rate: 0, account_code: null, description: null, position: 0 });
    const list = await call(t.app, as.shopReader, { method: 'GET', url: '/shop/product-group?lit-search=ausfluge' });
    expect(list.json().data).toEqual([expect.objectContaining({ id, name: 'Ausflüge' })]);
    const sorted = await call(t.app, as.shopReader, { method: 'GET', url: '/shop/product-group' });
    expect(sorted.json().data.map((row: { name: string }) => row.name)).toEqual(['Versicherungen', 'Ausflüge']);
    const all = await call(t.app, as.shopReader, { method: 'GET', url: '/shop/product-group/all' });
    expect(all.json()).toHaveLength(2);
    const one = await call(t.app, as.shopReader, { method: 'GET', url: `/shop/product-group/${id}` });
    // The copy screen posts the fields of the group it copies under a new name.
    const { name, description, vat_rate, account_code, position } = one.json();
    const copy = await call(t.app, as.shop, {
      method: 'POST',
      url: '/shop/product-group',
      payload: { name: `${name} (Kopie)`, description, vat_rate, account_code, position },
    });
    expect(copy.json()).toMatchObject({ name: 'Ausflüge (Kopie)', vat_rate: 19, account_code: '8400' });
    const updated = await call(t.app, as.shop, {
      method: 'PATCH',
      url: `/shop/product-group/${id}`,
      payload: { vat_rate: 7, active: false, account_code: '', description: '' },
    });
    expect(updated.json()).toMatchObject({ vat_rate: 7, active: false, account_code: null, description: null });
    const inactive = await call(t.app, as.shop, { method: 'GET', url: '/shop/product-group?active=false' });
    expect(inactive.json().data.map((row: { id: number }) => row.id)).toEqual([id]);
    expect((await call(t.app, as.shop, { method: 'DELETE', url: `/shop/product-group/${id}` })).statusCode).toBe(200);
    expect((await call(t.app, as.shop, { method: 'GET', url: `/shop/product-group/${id}` })).statusCode).toBe(404);
  });

  it('creates, lists, updates and deletes an article group', async () => {
    const created = await call(t.app, as.shop, {
      method: 'POST',
      url: '/shop/article-group',
      payload: { name: 'Getränke', description: 'An Bord' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ id_shop_article_group: id, name: 'Getränke', active: true, position: 0 });
    const list = await call(t.app, as.shopReader, { method: 'GET', url: '/shop/article-group?lit-search=getranke' });
    expect(list.json().data).toEqual([expect.objectContaining({ id })]);
    const all = await call(t.app, as.shopReader, { method: 'GET', url: '/shop/article-group/all' });
    expect(all.json().map((row: { id: number }) => row.id)).toContain(id);
    const updated = await call(t.app, as.shop, {
      method: 'PATCH',
      url: `/shop/article-group/${id}`,
      payload: { name: 'Heißgetränke', position: 3 },
    });
    expect(updated.json()).toMatchObject({ name: 'Heißgetränke', position: 3 });
    expect((await call(t.app, as.shop, { method: 'GET', url: `/shop/article-group/${id}` })).json().name).toBe(
      'Heißgetränke',
    );
    expect((await call(t.app, as.shop, { method: 'DELETE', url: `/shop/article-group/${id}` })).statusCode).toBe(200);
    expect((await call(t.app, as.shop, { method: 'DELETE', url: `/shop/article-group/${id}` })).statusCode).toBe(404);
  });

  it('answers field keys for invalid input, 400 for bad ids and 404 for missing ones', async () => {
    const invalid = await call(t.app, as.shop, {
      method: 'POST',
      url: '/shop/product-group',
      payload: { name: 'X', vat_rate: 16, account_code: '84 00', position: -1, active: 'ja' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual([
      expect.objectContaining({ field: 'name', key: 'error.min2' }),
      expect.objectContaining({ field: 'vat_rate', key: 'error.invalid' }),
      expect.objectContaining({ field: 'account_code', key: 'error.invalid' }),
      expect.objectContaining({ field: 'position', key: 'error.number' }),
      expect.objectContaining({ field: 'active', key: 'error.invalid' }),
    ]);
    const article = await call(t.app, as.shop, {
      method: 'POST',
      url: '/shop/article-group',
      payload: { description: 'x'.repeat(2001) },
    });
    expect(article.json().errors).toEqual([
      expect.objectContaining({ field: 'name', key: 'error.empty' }),
      expect.objectContaining({ field: 'description', key: 'error.tooLong' }),
    ]);
    for (const url of ['/shop/product-group/0', '/shop/article-group/abc']) {
      expect((await call(t.app, as.shop, { method: 'GET', url })).statusCode, url).toBe(400);
    }
    for (const url of ['/shop/product-group/999999', '/shop/article-group/999999']) {
      expect((await call(t.app, as.shop, { method: 'GET', url })).statusCode, url).toBe(404);
      const patch = await call(t.app, as.shop, { method: 'PATCH', url, payload: { name: 'Neu' } });
      expect(patch.statusCode, url).toBe(404);
    }
  });

  it('needs the shop rights, not the internet rights', async () => {
    for (const login of [as.office, as.traveller]) {
      for (const url of ['/shop/product-group', '/shop/product-group/all', '/shop/article-group/1']) {
        expect((await call(t.app, login, { method: 'GET', url })).statusCode, url).toBe(403);
      }
      const post = await call(t.app, login, { method: 'POST', url: '/shop/article-group', payload: { name: 'Test' } });
      expect(post.statusCode).toBe(403);
    }
    const readerPost = await call(t.app, as.shopReader, {
      method: 'POST',
      url: '/shop/product-group',
      payload: { name: 'Test' },
    });
    expect(readerPost.statusCode).toBe(403);
    expect((await call(t.app, as.shopReader, { method: 'DELETE', url: '/shop/article-group/1' })).statusCode).toBe(403);
    expect((await call(t.app, as.shop, { method: 'GET', url: '/web/menu' })).statusCode).toBe(403);
    expect((await call(t.app, as.admin, { method: 'GET', url: '/shop/product-group' })).statusCode).toBe(200);
  });
});
