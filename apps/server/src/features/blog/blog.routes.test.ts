import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainPng } from '../../../test/fixtures/images.ts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { addLibraryImage, findImageUsages } from '../images/image-library.service.ts';

type TypeRow = { id: number; title: string; system: string | null; post_count: number };

describe('blog posts and blog types', () => {
  let t: TestApp;
  const as = { admin: '', office: '', agency: '', traveller: '' };
  let libraryId = 0;
  const items: Array<{ id_img_library_item: number; id_stored_file: number; name: string }> = [];

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    for (const role of ['admin', 'office', 'agency', 'traveller'] as const) as[role] = await createLogin(t.ctx, role);
    libraryId = (
      await t.ctx.db
        .insertInto('img_library')
        .values({ name: 'Website', type: 'library', user_id: null })
        .returning('id_img_library')
        .executeTakeFirstOrThrow()
    ).id_img_library;
    for (const [index, color] of [300, 301, 302].entries()) {
      const item = await addLibraryImage(t.ctx, t.app.fileStore, {
        libraryId,
        file: { buffer: await plainPng(color, 200), filename: `bild-${index}.png`, mimetype: 'image/png' },
        createdBy: null,
      });
      items.push(item);
    }
  });
  afterAll(() => t.close());

  it('has the system blog types of spec §3, type 5 being the employee list', async () => {
    const system = (await call(t.app, as.office, { method: 'GET', url: '/web/blog-type/system' })).json() as TypeRow[];
    expect(system.map((row) => [row.id, row.system]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [1, 'news'],
      [2, 'timeline'],
      [3, 'help'],
      [4, 'gallery'],
      [5, 'staff'],
      [6, 'faq'],
    ]);
    const five = await call(t.app, as.office, { method: 'GET', url: '/web/blog-type/5' });
    expect(five.json()).toMatchObject({ id: 5, id_web_blog_type: 5, title: 'Mitarbeiter', system: 'staff' });
    const page = await call(t.app, as.office, { method: 'GET', url: '/web/blog-type?$sort[title]=1' });
    expect(page.json().total).toBeGreaterThanOrEqual(6);
  });

  it('creates, renames and deletes an own blog type; system types and used types stay', async () => {
    const created = await call(t.app, as.office, {
      method: 'POST',
      url: '/web/blog-type',
      payload: { title: 'Reiseberichte' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ title: 'Reiseberichte', system: null, post_count: 0 });
    const renamed = await call(t.app, as.office, {
      method: 'PATCH',
      url: `/web/blog-type/${id}`,
      payload: { title: 'Reiseberichte unserer Gäste' },
    });
    expect(renamed.json().title).toBe('Reiseberichte unserer Gäste');
    const all = (await call(t.app, as.office, { method: 'GET', url: '/web/blog-type/all' })).json() as TypeRow[];
    expect(all.some((row) => row.id === id)).toBe(true);
    const found = await call(t.app, as.office, { method: 'GET', url: '/web/blog-type?lit-search=gaste' });
    expect(found.json().data.map((row: TypeRow) => row.id)).toEqual([id]);

    const system = await call(t.app, as.admin, { method: 'DELETE', url: '/web/blog-type/5' });
    expect(system.statusCode).toBe(409);
    expect(system.json().key).toBe('error.systemBlogType');

    const post = await call(t.app, as.office, {
      method: 'POST',
      url: '/web/blog',
      payload: { title: 'Gardasee im Herbst', id_web_blog_type: id },
    });
    const used = await call(t.app, as.admin, { method: 'DELETE', url: `/web/blog-type/${id}` });
    expect(used.statusCode).toBe(409);
    expect(used.json()).toMatchObject({
      key: 'error.blogTypeInUse',
      usage: { posts: [{ title: 'Gardasee im Herbst' }] },
    });
    await call(t.app, as.admin, { method: 'DELETE', url: `/web/blog/${post.json().id}` });
    const deleted = await call(t.app, as.admin, { method: 'DELETE', url: `/web/blog-type/${id}` });
    expect(deleted.statusCode).toBe(200);
    expect((await call(t.app, as.office, { method: 'GET', url: `/web/blog-type/${id}` })).statusCode).toBe(404);
  });

  it('creates a post with images, reorders them, publishes and deletes it', async () => {
    const created = await call(t.app, as.office, {
      method: 'POST',
      url: '/web/blog',
      payload: {
        title: 'Unser neuer Reisebus',
        subtitle: 'Mit WLAN und Bordküche',
        id_web_blog_type: 1,
        display_date: '2026-11-20',
        body: '<p>Ab <b>Dezember</b> unterwegs.</p>',
        images: [items[0]!.id_img_library_item, items[1]!.id_img_library_item],
      },
    });
    expect(created.statusCode).toBe(201);
    const post = created.json();
    expect(post).toMatchObject({
      title: 'Unser neuer Reisebus',
      subtitle: 'Mit WLAN und Bordküche',
      active: false,
      id_web_blog_type: 1,
      type_title: 'Neuigkeiten',
      display_date: '2026-11-20',
      body: '<p>Ab <strong>Dezember</strong> unterwegs.</p>',
      images: [items[0]!.id_img_library_item, items[1]!.id_img_library_item],
    });
    expect(post.imageFiles[0]).toMatchObject({
      position: 0,
      name: 'bild-0',
      width: 300,
      url: `/api/v1/files/${items[0]!.id_stored_file}/web`,
      thumbUrl: `/api/v1/files/${items[0]!.id_stored_file}/thumb`,
      libraryThumbUrl: `/api/v1/img/library-item/${items[0]!.id_img_library_item}/file/thumb`,
    });

    // A used history row for each newly attached image, and the image database knows where it is used.
    const history = await t.ctx.db
      .selectFrom('img_history')
      .select(['id_img_library_item', 'detail'])
      .where('action', '=', 'used')
      .execute();
    expect(history).toEqual(
      expect.arrayContaining([
        { id_img_library_item: items[0]!.id_img_library_item, detail: `blog post ${post.id}` },
        { id_img_library_item: items[1]!.id_img_library_item, detail: `blog post ${post.id}` },
      ]),
    );
    const usages = await findImageUsages(t.ctx, [items[1]!]);
    expect(usages.get(items[1]!.id_img_library_item)).toEqual([
      { kind: 'blog', id: post.id, label: 'Unser neuer Reisebus' },
    ]);

    // Not published: the image is not delivered without login.
    const file = `/files/${items[0]!.id_stored_file}/thumb`;
    expect((await call(t.app, null, { method: 'GET', url: file })).statusCode).toBe(404);

    const updated = await call(t.app, as.office, {
      method: 'PATCH',
      url: `/web/blog/${post.id}`,
      payload: { active: true, images: [items[2]!.id_img_library_item, items[0]!.id_img_library_item] },
    });
    expect(updated.json()).toMatchObject({
      active: true,
      images: [items[2]!.id_img_library_item, items[0]!.id_img_library_item],
    });
    const usedAgain = await t.ctx.db
      .selectFrom('img_history')
      .select('id')
      .where('action', '=', 'used')
      .where('id_img_library_item', '=', items[0]!.id_img_library_item)
      .execute();
    expect(usedAgain).toHaveLength(1);
    // Published: its images are public now.
    expect((await call(t.app, null, { method: 'GET', url: file })).statusCode).toBe(200);
    // An image in the trash is not.
    await t.ctx.db
      .updateTable('img_library_item')
      .set({ deleted_at: new Date().toISOString() })
      .where('id_img_library_item', '=', items[0]!.id_img_library_item)
      .execute();
    expect((await call(t.app, null, { method: 'GET', url: file })).statusCode).toBe(404);
    await t.ctx.db
      .updateTable('img_library_item')
      .set({ deleted_at: null })
      .where('id_img_library_item', '=', items[0]!.id_img_library_item)
      .execute();

    const list = await call(t.app, as.office, { method: 'GET', url: '/web/blog?active=true&id_web_blog_type=1' });
    expect(list.json().data).toEqual([expect.objectContaining({ id: post.id, image_count: 2, active: true })]);
    const none = await call(t.app, as.office, { method: 'GET', url: '/web/blog?active=none&id_web_blog_type=none' });
    expect(none.json().total).toBeGreaterThanOrEqual(1);
    for (const sort of ['display_date', 'type_title', 'title', 'active', 'image_count']) {
      const sorted = await call(t.app, as.office, {
        method: 'GET',
        url: `/web/blog?$limit=20&$skip=0&$sort[${sort}]=-1`,
      });
      expect(sorted.statusCode, `${sort}: ${sorted.body}`).toBe(200);
    }
    const search = await call(t.app, as.office, { method: 'GET', url: '/web/blog?lit-search=reisebus' });
    expect(search.json().data.map((row: { id: number }) => row.id)).toEqual([post.id]);

    // The website's call of spec §7 (blog-web) sees it, with only the selected fields.
    const web = await call(t.app, null, {
      method: 'GET',
      url: '/web/blog-web?id_web_blog_type=1&select=title,subtitle',
    });
    expect(web.statusCode).toBe(200);
    expect(web.json()).toEqual([
      { id_web_blog: post.id, title: 'Unser neuer Reisebus', subtitle: 'Mit WLAN und Bordküche' },
    ]);

    const deleted = await call(t.app, as.admin, { method: 'DELETE', url: `/web/blog/${post.id}` });
    expect(deleted.statusCode).toBe(200);
    expect((await call(t.app, as.office, { method: 'GET', url: `/web/blog/${post.id}` })).statusCode).toBe(404);
    expect((await call(t.app, null, { method: 'GET', url: file })).statusCode).toBe(404);
  });

  it('lists the employee list (blog type 5) through blog-web', async () => {
    await call(t.app, as.office, {
      method: 'POST',
      url: '/web/blog',
      payload: { title: 'Klaus Berger', subtitle: 'Busfahrer', id_web_blog_type: 5, active: true },
    });
    await call(t.app, as.office, {
      method: 'POST',
      url: '/web/blog',
      payload: { title: 'Ehemalige Kollegin', id_web_blog_type: 5, active: false },
    });
    const staff = await call(t.app, null, { method: 'GET', url: '/web/blog-web?id_web_blog_type=5&select=title' });
    expect(staff.json()).toEqual([{ id_web_blog: expect.any(Number), title: 'Klaus Berger' }]);
    const bad = await call(t.app, null, { method: 'GET', url: '/web/blog-web?select=title,password' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'select', key: 'error.invalidSelect' })]);
  });

  it('answers field keys for invalid input and 404 for what is not there', async () => {
    const invalid = await call(t.app, as.office, {
      method: 'POST',
      url: '/web/blog',
      payload: { title: 'X', id_web_blog_type: 'eins', active: 'yes', display_date: '31.12.2026', images: [1, 1] },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'title', key: 'error.min2' }),
        expect.objectContaining({ field: 'id_web_blog_type', key: 'error.empty' }),
        expect.objectContaining({ field: 'active', key: 'error.invalid' }),
        expect.objectContaining({ field: 'display_date', key: 'error.invalid' }),
        expect.objectContaining({ field: 'images', key: 'error.invalid' }),
      ]),
    );
    const unknownType = await call(t.app, as.office, {
      method: 'POST',
      url: '/web/blog',
      payload: { title: 'Ohne Typ', id_web_blog_type: 9999 },
    });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().errors).toEqual([
      expect.objectContaining({ field: 'id_web_blog_type', key: 'error.notFound' }),
    ]);
    const unknownImage = await call(t.app, as.office, {
      method: 'POST',
      url: '/web/blog',
      payload: { title: 'Mit Bild', id_web_blog_type: 1, images: [999999] },
    });
    expect(unknownImage.statusCode).toBe(400);
    expect(unknownImage.json().errors).toEqual([expect.objectContaining({ field: 'images', key: 'error.notFound' })]);
    const emptyType = await call(t.app, as.office, { method: 'POST', url: '/web/blog-type', payload: { title: '' } });
    expect(emptyType.json().errors).toEqual([expect.objectContaining({ field: 'title', key: 'error.empty' })]);
    expect((await call(t.app, as.office, { method: 'GET', url: '/web/blog/0' })).statusCode).toBe(400);
    expect((await call(t.app, as.office, { method: 'GET', url: '/web/blog/999999' })).statusCode).toBe(404);
    expect(
      (await call(t.app, as.office, { method: 'PATCH', url: '/web/blog/999999', payload: { title: 'Neu' } }))
        .statusCode,
    ).toBe(404);
    expect((await call(t.app, as.admin, { method: 'DELETE', url: '/web/blog/999999' })).statusCode).toBe(404);
    expect((await call(t.app, as.office, { method: 'GET', url: '/web/blog-type/999999' })).statusCode).toBe(404);
    expect((await call(t.app, as.office, { method: 'GET', url: '/web/blog?$sort[body]=1' })).statusCode).toBe(400);
  });

  it('needs the internet rights', async () => {
    expect((await call(t.app, as.office, { method: 'DELETE', url: '/web/blog/1' })).statusCode).toBe(403);
    expect((await call(t.app, as.office, { method: 'DELETE', url: '/web/blog-type/1' })).statusCode).toBe(403);
    for (const login of [as.agency, as.traveller]) {
      for (const url of ['/web/blog', '/web/blog/1', '/web/blog-type', '/web/blog-type/all', '/web/blog-type/system']) {
        expect((await call(t.app, login, { method: 'GET', url })).statusCode).toBe(403);
      }
      const post = await call(t.app, login, {
        method: 'POST',
        url: '/web/blog',
        payload: { title: 'Test', id_web_blog_type: 1 },
      });
      expect(post.statusCode).toBe(403);
      const patch = await call(t.app, login, { method: 'PATCH', url: '/web/blog-type/1', payload: { title: 'Test' } });
      expect(patch.statusCode).toBe(403);
    }
    expect((await call(t.app, null, { method: 'GET', url: '/web/blog' })).statusCode).toBe(401);
  });
});
