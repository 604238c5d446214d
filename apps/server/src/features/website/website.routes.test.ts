import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainPng } from '../../../test/fixtures/images.ts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { addLibraryImage } from '../images/image-library.service.ts';

/** What must never reach the website, in any spelling. */
const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)><circle r="5"/></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<a href="javascript:alert(1)">klick</a>',
  '<a href="JaVaScRiPt:alert(1)">klick</a>',
  '<a href=" javascript:alert(1)">klick</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">entity</a>',
  '<a href="&#x6A;avascript&colon;alert(1)">hex entity</a>',
  '<a href="java&#x09;script:alert(1)">tab</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<p style="background:url(javascript:alert(1))">style attribute</p>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="evil.swf"></object><embed src="evil.swf">',
  '<form action="https://evil.example"><button formaction="javascript:alert(1)">x</button></form>',
  '<p onclick="alert(1)" onmouseover="alert(1)">handler</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<details open ontoggle=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<body onload=alert(1)>',
  '<a href="//evil.example">protocol-relative</a>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<template><script>alert(1)</script></template>',
  '"><script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
];

/** Every trace of script a browser could run. */
const UNSAFE = [
  /<script/i,
  /<iframe/i,
  /<svg/i,
  /<style/i,
  /<img/i,
  /<object/i,
  /<embed/i,
  /<form/i,
  /<meta/i,
  /<base/i,
  /<math/i,
  /<input/i,
  /<details/i,
  /\son\w+\s*=/i,
  /style\s*=/i,
  /javascript:/i,
  /vbscript:/i,
  /data:/i,
  /srcdoc/i,
  /href="\/\//i,
  /&#/,
];

const expectSafe = (html: unknown) => {
  const text = typeof html === 'string' ? html : JSON.stringify(html);
  for (const pattern of UNSAFE) expect(text, `${pattern} in ${text}`).not.toMatch(pattern);
};

describe('the public website API', () => {
  let t: TestApp;
  let office = '';
  let categoryId = 0;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    office = await createLogin(t.ctx, 'office');
    categoryId = (
      await call(t.app, office, { method: 'POST', url: '/web/content-category', payload: { name: 'Service' } })
    ).json().id;
  });
  afterAll(() => t.close());

  it('stores and serves no script from any XSS payload, through posts and pages', async () => {
    for (const [index, payload] of XSS_PAYLOADS.entries()) {
      const body = `<p>Vorher ${index}</p>${payload}<p>Nachher</p>`;
      const post = await call(t.app, office, {
        method: 'POST',
        url: '/web/blog',
        payload: { title: `XSS ${index}`, id_web_blog_type: 1, active: true, body },
      });
      expect(post.statusCode).toBe(201);
      expectSafe(post.json().body);
      expect(post.json().body).toContain(`Vorher ${index}`);
      const patched = await call(t.app, office, {
        method: 'PATCH',
        url: `/web/blog/${post.json().id}`,
        payload: { body: `${payload}<p>geändert</p>` },
      });
      expectSafe(patched.json().body);

      const page = await call(t.app, office, {
        method: 'POST',
        url: '/web/content',
        payload: { id_web_content_category: categoryId, title: `XSS ${index}`, active: true, body },
      });
      expect(page.statusCode).toBe(201);
      expectSafe(page.json().body);
      const pagePatched = await call(t.app, office, {
        method: 'PATCH',
        url: `/web/content/${page.json().id}`,
        payload: { body: `<p>geändert</p>${payload}` },
      });
      expectSafe(pagePatched.json().body);
    }

    // What is stored…
    const storedPosts = await t.ctx.db.selectFrom('web_blog').select('body').execute();
    const storedPages = await t.ctx.db.selectFrom('web_content').select('body').execute();
    expect(storedPosts.length).toBe(XSS_PAYLOADS.length);
    for (const row of [...storedPosts, ...storedPages]) expectSafe(row.body);
    // …and what the website reads.
    const posts = await call(t.app, null, { method: 'GET', url: '/website/posts?limit=100' });
    expect(posts.json().total).toBe(XSS_PAYLOADS.length);
    expectSafe(posts.body);
    const pages = await call(t.app, null, { method: 'GET', url: '/website/pages' });
    expect(pages.json()).toHaveLength(XSS_PAYLOADS.length);
    expectSafe(pages.body);
    const blogWeb = await call(t.app, null, { method: 'GET', url: '/web/blog-web?select=body' });
    expectSafe(blogWeb.body);
    // Harmless formatting survives.
    const kept = await call(t.app, office, {
      method: 'POST',
      url: '/web/content',
      payload: {
        id_web_content_category: categoryId,
        title: 'Formatierung',
        body: '<h2>Titel</h2><p><a href="https://example.org" target="_blank">Link</a> <em>kursiv</em></p>',
      },
    });
    expect(kept.json().body).toBe(
      '<h2>Titel</h2><p><a href="https://example.org" target="_blank" rel="noopener noreferrer">Link</a> <em>kursiv</em></p>',
    );
  });

  it('serves only published posts and pages, with images, type filter and paging', async () => {
    await t.ctx.db.deleteFrom('web_blog').execute();
    await t.ctx.db.deleteFrom('web_content').execute();
    const library = await t.ctx.db
      .insertInto('img_library')
      .values({ name: 'Web', type: 'library', user_id: null })
      .returning('id_img_library')
      .executeTakeFirstOrThrow();
    const image = await addLibraryImage(t.ctx, t.app.fileStore, {
      libraryId: library.id_img_library,
      file: { buffer: await plainPng(640, 480), filename: 'dresden.png', mimetype: 'image/png' },
      createdBy: null,
      copyright: 'Alpenblick',
    });
    const make = async (title: string, type: number, active: boolean, date: string) =>
      (
        await call(t.app, office, {
          method: 'POST',
          url: '/web/blog',
          payload: {
            title,
            id_web_blog_type: type,
            active,
            display_date: date,
            images: [image.id_img_library_item],
          },
        })
      ).json().id as number;
    const older = await make('Älterer Beitrag', 1, true, '2026-01-10');
    const newer = await make('Neuer Beitrag', 1, true, '2026-03-10');
    const staff = await make('Anna Schulz', 5, true, '2026-02-10');
    const hidden = await make('Entwurf', 1, false, '2026-04-10');

    const all = await call(t.app, null, { method: 'GET', url: '/website/posts' });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 3, page: 1, limit: 20 });
    expect(all.json().data.map((post: { id_web_blog: number }) => post.id_web_blog)).toEqual([newer, staff, older]);
    expect(all.json().data[0].images).toEqual([
      expect.objectContaining({
        name: 'dresden',
        copyright: 'Alpenblick',
        width: 640,
        height: 480,
        url: `/api/v1/files/${image.id_stored_file}/web`,
        thumbUrl: `/api/v1/files/${image.id_stored_file}/thumb`,
      }),
    ]);
    // The image database's own (staff) address stays out of the public answer.
    expect(all.json().data[0].images[0]).not.toHaveProperty('libraryThumbUrl');
    const second = await call(t.app, null, { method: 'GET', url: '/website/posts?type=1&page=2&limit=1' });
    expect(second.json()).toMatchObject({ total: 2, page: 2, limit: 1, data: [{ id_web_blog: older }] });
    const employees = await call(t.app, null, { method: 'GET', url: '/website/posts?type=5' });
    expect(employees.json().data.map((post: { title: string }) => post.title)).toEqual(['Anna Schulz']);
    const one = await call(t.app, null, { method: 'GET', url: `/website/posts/${newer}` });
    expect(one.json()).toMatchObject({ id_web_blog: newer, title: 'Neuer Beitrag', type_title: 'Neuigkeiten' });
    expect((await call(t.app, null, { method: 'GET', url: `/website/posts/${hidden}` })).statusCode).toBe(404);
    expect((await call(t.app, null, { method: 'GET', url: '/website/posts/999999' })).statusCode).toBe(404);
    // The image of a published post is delivered without login.
    expect((await call(t.app, null, { method: 'GET', url: `/files/${image.id_stored_file}/web` })).statusCode).toBe(
      200,
    );

    const page = (
      await call(t.app, office, {
        method: 'POST',
        url: '/web/content',
        payload: { id_web_content_category: categoryId, title: 'Impressum', active: true, body: '<p>Alpenblick</p>' },
      })
    ).json();
    const draft = (
      await call(t.app, office, {
        method: 'POST',
        url: '/web/content',
        payload: { id_web_content_category: categoryId, title: 'Entwurf', active: false },
      })
    ).json();
    const pages = await call(t.app, null, { method: 'GET', url: `/website/pages?category=${categoryId}` });
    expect(pages.json()).toEqual([
      expect.objectContaining({ id_web_content: page.id, title: 'Impressum', category_name: 'Service' }),
    ]);
    expect((await call(t.app, null, { method: 'GET', url: '/website/pages?category=999999' })).json()).toEqual([]);
    expect((await call(t.app, null, { method: 'GET', url: `/website/pages/${page.id}` })).json()).toMatchObject({
      body: '<p>Alpenblick</p>',
    });
    expect((await call(t.app, null, { method: 'GET', url: `/website/pages/${draft.id}` })).statusCode).toBe(404);
  });

  it('lists active destinations with their picture URLs', async () => {
    await t.ctx.db
      .insertInto('jrn_destination')
      .values([
        { name: 'Dresden', sort_name: 'dresden', active: true, seo_text: '<p>Elbflorenz</p>', countries: '[65]' },
        { name: 'Geheim', sort_name: 'geheim', active: false, seo_text: null, countries: '[]' },
      ])
      .execute();
    const destinations = await call(t.app, null, { method: 'GET', url: '/website/destinations' });
    expect(destinations.statusCode).toBe(200);
    expect(destinations.json()).toEqual([
      expect.objectContaining({ name: 'Dresden', seo_text: '<p>Elbflorenz</p>', pictureUrl: null, countries: [65] }),
    ]);
  });

  it('answers 304 to a repeat with If-None-Match, and a new ETag after a change', async () => {
    for (const url of ['/website/posts', '/website/pages', '/website/destinations']) {
      const first = await call(t.app, null, { method: 'GET', url });
      const etag = first.headers.etag;
      expect(etag, url).toMatch(/^"[^"]+"$/);
      expect(first.headers['cache-control']).toBe('public, max-age=60');
      const repeat = await call(t.app, null, { method: 'GET', url, headers: { 'if-none-match': String(etag) } });
      expect(repeat.statusCode, url).toBe(304);
      expect(repeat.body).toBe('');
    }
    const first = await call(t.app, null, { method: 'GET', url: '/website/posts' });
    const etag = String(first.headers.etag);
    const id = first.json().data[0].id_web_blog;
    const one = await call(t.app, null, { method: 'GET', url: `/website/posts/${id}` });
    await call(t.app, office, { method: 'PATCH', url: `/web/blog/${id}`, payload: { subtitle: 'Neu bearbeitet' } });
    const changed = await call(t.app, null, {
      method: 'GET',
      url: '/website/posts',
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const oneChanged = await call(t.app, null, {
      method: 'GET',
      url: `/website/posts/${id}`,
      headers: { 'if-none-match': String(one.headers.etag) },
    });
    expect(oneChanged.statusCode).toBe(200);
    expect(oneChanged.json().subtitle).toBe('Neu bearbeitet');

    const pagesBefore = await call(t.app, null, { method: 'GET', url: '/website/pages' });
    await call(t.app, office, {
      method: 'POST',
      url: '/web/content',
      payload: { id_web_content_category: categoryId, title: 'Neue Seite', active: true },
    });
    const pagesAfter = await call(t.app, null, {
      method: 'GET',
      url: '/website/pages',
      headers: { 'if-none-match': String(pagesBefore.headers.etag) },
    });
    expect(pagesAfter.statusCode).toBe(200);
    expect(pagesAfter.headers.etag).not.toBe(pagesBefore.headers.etag);
  });

  it('refuses bad queries with field keys and needs no login', async () => {
    const bad = await call(t.app, null, { method: 'GET', url: '/website/posts?type=abc&page=0&limit=1000' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'type', key: 'error.invalid' }),
        expect.objectContaining({ field: 'page', key: 'error.invalidQuery' }),
        expect.objectContaining({ field: 'limit', key: 'error.invalidQuery' }),
      ]),
    );
    expect((await call(t.app, null, { method: 'GET', url: '/website/pages?category=-1' })).statusCode).toBe(400);
    expect((await call(t.app, null, { method: 'GET', url: '/website/posts/abc' })).statusCode).toBe(400);
    // Logged-in users of any role read the same.
    const traveller = await createLogin(t.ctx, 'traveller');
    expect((await call(t.app, traveller, { method: 'GET', url: '/website/pages' })).statusCode).toBe(200);
  });
});
