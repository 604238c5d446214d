import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';

describe('content categories and pages', () => {
  let t: TestApp;
  const as = { admin: '', office: '', agency: '', traveller: '' };
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    for (const role of ['admin', 'office', 'agency', 'traveller'] as const) as[role] = await createLogin(t.ctx, role);
  });
  afterAll(() => t.close());

  it('creates, renames and deletes a category; one with pages stays', async () => {
    const created = await call(t.app, as.office, {
      method: 'POST',
      url: '/web/content-category',
      payload: { name: 'Über uns' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ id_web_content_category: id, name: 'Über uns', page_count: 0 });
    const renamed = await call(t.app, as.office, {
      method: 'PATCH',
      url: `/web/content-category/${id}`,
      payload: { name: 'Über unser Unternehmen' },
    });
    expect(renamed.json().name).toBe('Über unser Unternehmen');
    const all = await call(t.app, as.office, { method: 'GET', url: '/web/content-category/all' });
    expect(all.json()).toEqual([expect.objectContaining({ id, name: 'Über unser Unternehmen' })]);
    const found = await call(t.app, as.office, { method: 'GET', url: '/web/content-category?lit-search=uber' });
    expect(found.json().data.map((row: { id: number }) => row.id)).toEqual([id]);

    const page = await call(t.app, as.office, {
      method: 'POST',
      url: '/web/content',
      payload: { id_web_content_category: id, title: 'Team', body: '<p>Wir sind <i>zwölf</i>.</p>' },
    });
    const refused = await call(t.app, as.admin, { method: 'DELETE', url: `/web/content-category/${id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ key: 'error.contentCategoryInUse', usage: { pages: [{ title: 'Team' }] } });
    await call(t.app, as.admin, { method: 'DELETE', url: `/web/content/${page.json().id}` });
    expect((await call(t.app, as.admin, { method: 'DELETE', url: `/web/content-category/${id}` })).statusCode).toBe(
      200,
    );
    expect((await call(t.app, as.office, { method: 'GET', url: `/web/content-category/${id}` })).statusCode).toBe(404);
  });

  it('creates, edits, filters and deletes a page', async () => {
    const category = (
      await call(t.app, as.office, { method: 'POST', url: '/web/content-category', payload: { name: 'Service' } })
    ).json();
    const other = (
      await call(t.app, as.office, { method: 'POST', url: '/web/content-category', payload: { name: 'Rechtliches' } })
    ).json();
    const created = await call(t.app, as.office, {
      method: 'POST',
      url: '/web/content',
      payload: { id_web_content_category: category.id, title: 'Gutscheine', body: '<p>In <b>jeder</b> Höhe.</p>' },
    });
    expect(created.statusCode).toBe(201);
    const page = created.json();
    expect(page).toMatchObject({
      id_web_content: page.id,
      id_web_content_category: category.id,
      category_name: 'Service',
      title: 'Gutscheine',
      body: '<p>In <strong>jeder</strong> Höhe.</p>',
      active: false,
    });
    const moved = await call(t.app, as.office, {
      method: 'PATCH',
      url: `/web/content/${page.id}`,
      payload: { id_web_content_category: other.id, active: true, body: '' },
    });
    expect(moved.json()).toMatchObject({ category_name: 'Rechtliches', active: true, body: null });
    const list = await call(t.app, as.office, {
      method: 'GET',
      url: `/web/content?id_web_content_category=${other.id}&active=true`,
    });
    expect(list.json()).toMatchObject({ total: 1, data: [{ id: page.id, title: 'Gutscheine' }] });
    const byCategory = await call(t.app, as.office, { method: 'GET', url: '/web/content?$sort[category_name]=-1' });
    expect(byCategory.statusCode).toBe(200);
    const deleted = await call(t.app, as.admin, { method: 'DELETE', url: `/web/content/${page.id}` });
    expect(deleted.statusCode).toBe(200);
    expect((await call(t.app, as.office, { method: 'GET', url: `/web/content/${page.id}` })).statusCode).toBe(404);
  });

  it('answers field keys for invalid input and 404 for what is not there', async () => {
    const invalid = await call(t.app, as.office, {
      method: 'POST',
      url: '/web/content',
      payload: { title: '', active: 1 },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'id_web_content_category', key: 'error.empty' }),
        expect.objectContaining({ field: 'title', key: 'error.empty' }),
        expect.objectContaining({ field: 'active', key: 'error.invalid' }),
      ]),
    );
    const unknown = await call(t.app, as.office, {
      method: 'POST',
      url: '/web/content',
      payload: { id_web_content_category: 999999, title: 'Irgendwo' },
    });
    expect(unknown.json().errors).toEqual([
      expect.objectContaining({ field: 'id_web_content_category', key: 'error.notFound' }),
    ]);
    const short = await call(t.app, as.office, {
      method: 'POST',
      url: '/web/content-category',
      payload: { name: 'A' },
    });
    expect(short.json().errors).toEqual([expect.objectContaining({ field: 'name', key: 'error.min2' })]);
    expect((await call(t.app, as.office, { method: 'GET', url: '/web/content/abc' })).statusCode).toBe(400);
    expect((await call(t.app, as.office, { method: 'GET', url: '/web/content/999999' })).statusCode).toBe(404);
    expect(
      (await call(t.app, as.office, { method: 'PATCH', url: '/web/content/999999', payload: { title: 'Neu' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, as.office, { method: 'PATCH', url: '/web/content-category/999999', payload: { name: 'Neu' } }))
        .statusCode,
    ).toBe(404);
    expect((await call(t.app, as.admin, { method: 'DELETE', url: '/web/content-category/999999' })).statusCode).toBe(
      404,
    );
  });

  it('needs the internet rights', async () => {
    expect((await call(t.app, as.office, { method: 'DELETE', url: '/web/content/1' })).statusCode).toBe(403);
    expect((await call(t.app, as.office, { method: 'DELETE', url: '/web/content-category/1' })).statusCode).toBe(403);
    for (const login of [as.agency, as.traveller]) {
      for (const url of ['/web/content', '/web/content/1', '/web/content-category', '/web/content-category/all']) {
        expect((await call(t.app, login, { method: 'GET', url })).statusCode).toBe(403);
      }
      const post = await call(t.app, login, {
        method: 'POST',
        url: '/web/content-category',
        payload: { name: 'Test' },
      });
      expect(post.statusCode).toBe(403);
    }
    expect((await call(t.app, null, { method: 'GET', url: '/web/content' })).statusCode).toBe(401);
  });
});
