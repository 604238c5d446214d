import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { seriousViolations } from '../support/axe.ts';
import { apiToken, loginAs } from '../support/session.ts';

/** A real (tiny) PNG: the server checks the bytes, not the name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function adminHeaders(request: APIRequestContext) {
  return { authorization: `Bearer ${await apiToken(request, 'admin@example.com')}` };
}

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`/api/v1${path}`, { headers: await adminHeaders(request) });
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

/** A library of its own with one image in it (through the image database's API), named per run. */
async function libraryImage(request: APIRequestContext, tag: string): Promise<{ id: number; name: string }> {
  const headers = await adminHeaders(request);
  const library = await request.post('/api/v1/img/library', {
    headers,
    data: { name: `Website ${tag}`, type: 'library' },
  });
  expect(library.status()).toBe(201);
  const item = await request.post('/api/v1/img/library-item', {
    headers,
    multipart: {
      id_img_library: String((await library.json()).id),
      file: { name: `gardasee-${tag}.png`, mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(item.status()).toBe(201);
  const body = await item.json();
  return { id: body.id, name: body.name };
}

// Several engineers share the machine's two cores: the writing tests get more time than the default.
test.describe.configure({ timeout: 120_000 });

/** Checks are made once the screen is still (no spinner, no animation). */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.locator('.MuiCircularProgress-root, .MuiSkeleton-root, .MuiLinearProgress-root')).toHaveCount(0);
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

test('admin writes a blog post with an image from the library, publishes it, and the website reads it', async ({
  page,
  request,
}) => {
  const tag = `${Date.now() % 1_000_000}`;
  const title = `Herbst am Gardasee ${tag}`;
  const image = await libraryImage(request, tag);

  await loginAs(page, 'admin@example.com');
  await page.goto('/internet/blog');
  await settled(page);
  // Status and type filter nothing until chosen (spec §4).
  expect(page.url()).not.toContain('filter=');
  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/internet\/blog\/create$/);
  await page.getByRole('textbox', { name: /^Title/ }).fill(title);
  await page.getByRole('textbox', { name: 'Subtitle' }).fill('Fünf Tage Riva und Malcesine');
  await page.getByRole('combobox', { name: /^Type/ }).click();
  await page.getByRole('option', { name: 'Neuigkeiten' }).click();
  await page.getByRole('textbox', { name: 'Display date' }).fill('20.11.2026');
  await page.locator('.ProseMirror').click();
  await page.keyboard.type('Goldene Tage am See.');

  await page.getByRole('button', { name: 'Images from the image database' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose from the image database' });
  await picker.getByRole('searchbox', { name: 'Search' }).fill(tag);
  await picker.getByRole('button', { name: new RegExp(image.name) }).click();
  await expect(picker.getByRole('button', { name: new RegExp(image.name) })).toHaveAttribute('aria-pressed', 'true');
  expect(await seriousViolations(page, 'image picker')).toEqual([]);
  await picker.getByRole('button', { name: 'Use image' }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByRole('img', { name: image.name })).toBeVisible();
  await page.getByLabel('Status').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Post ${title} saved`)).toBeVisible();
  await expect(page).toHaveURL(/\/internet\/blog\/\d+$/);
  const id = Number(/\/internet\/blog\/(\d+)$/.exec(page.url())![1]);
  expect(await api(request, `/web/blog/${id}`)).toMatchObject({
    title,
    active: true,
    id_web_blog_type: 1,
    display_date: '2026-11-20',
    body: '<p>Goldene Tage am See.</p>',
    images: [image.id],
  });
  await settled(page);
  expect(await seriousViolations(page, 'blog post edit')).toEqual([]);

  // The website reads it without a login, with its image's public address, and a repeat costs a 304.
  const published = await request.get(`/api/v1/website/posts/${id}`);
  expect(published.status()).toBe(200);
  const post = await published.json();
  expect(post).toMatchObject({ title, subtitle: 'Fünf Tage Riva und Malcesine', body: '<p>Goldene Tage am See.</p>' });
  expect(post.images).toHaveLength(1);
  const picture = await request.get(post.images[0].url);
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toMatch(/^image\//);
  const etag = published.headers().etag;
  expect(etag).toBeTruthy();
  const again = await request.get(`/api/v1/website/posts/${id}`, { headers: { 'if-none-match': etag! } });
  expect(again.status()).toBe(304);
  const list = await (await request.get('/api/v1/website/posts?type=1&limit=100')).json();
  expect(list.data.map((entry: { id_web_blog: number }) => entry.id_web_blog)).toContain(id);

  // Inactive again: gone from the website.
  await page.reload();
  await settled(page);
  await expect(page.getByLabel('Status')).toBeChecked();
  await page.getByLabel('Status').uncheck();
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(async () => (await api<{ active: boolean }>(request, `/web/blog/${id}`)).active, { timeout: 30_000 })
    .toBe(false);
  expect((await request.get(`/api/v1/website/posts/${id}`)).status()).toBe(404);
});

test('office creates a content category and a published page; the website reads the page', async ({
  page,
  request,
}) => {
  const tag = `${Date.now() % 1_000_000}`;
  const category = `Reiseinfos ${tag}`;
  const title = `Gepäck im Bus ${tag}`;
  await loginAs(page, 'office@example.com');
  await page.goto('/internet/content');
  await settled(page);
  await page.getByRole('link', { name: 'Content categories' }).click();
  await expect(page).toHaveURL(/\/internet\/content\/category$/);
  // The categories' screen loads on its own: its Create leads to a new category, not to a new page.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Content categories');
  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/internet\/content\/category\/create$/);
  await page.getByRole('textbox', { name: /^Name/ }).fill(category);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Category ${category} saved`)).toBeVisible();

  await page.goto('/internet/content/create');
  await page.getByRole('textbox', { name: /^Title/ }).fill(title);
  await page.getByRole('combobox', { name: /^Category/ }).click();
  await page.getByRole('option', { name: category }).click();
  await page.getByLabel('Status').check();
  await page.locator('.ProseMirror').click();
  await page.keyboard.type('Ein Koffer und ein Handgepäck pro Person.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Page ${title} saved`)).toBeVisible();
  await expect(page).toHaveURL(/\/internet\/content\/\d+$/);
  const id = Number(/\/internet\/content\/(\d+)$/.exec(page.url())![1]);

  const read = await request.get(`/api/v1/website/pages/${id}`);
  expect(read.status()).toBe(200);
  expect(await read.json()).toMatchObject({
    title,
    category_name: category,
    body: '<p>Ein Koffer und ein Handgepäck pro Person.</p>',
  });
  await settled(page);
  expect(await seriousViolations(page, 'content page edit')).toEqual([]);
});

test('the blog and content screens of the spec route list open', async ({ page }) => {
  await loginAs(page, 'admin@example.com');
  for (const [path, heading] of [
    ['/internet/blog/BlogTypes', /Blog types/],
    ['/internet/blog/type', /Blog types/],
    ['/internet/blog/type/create', /Create/],
    ['/internet/blog/type/5', /Mitarbeiter/],
    ['/internet/content/category', /Content categories/],
    ['/internet/content/category/create', /Create/],
  ] as const) {
    await page.goto(path);
    await settled(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    expect(await seriousViolations(page, path)).toEqual([]);
  }
  // type/create/{id}: a new type prefilled from an existing one.
  await page.goto('/internet/blog/type/create/6');
  await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue('FAQ (Copy)');
  // A system type cannot be deleted: no delete button.
  await page.goto('/internet/blog/type/5');
  await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue('Mitarbeiter');
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
});

test.describe('screenshots', () => {
  for (const language of ['de', 'en'] as const) {
    test(`blog and content, ${language}, dark, phone width`, async ({ page, context }) => {
      await context.addCookies([{ name: 'i18n_redirected', value: language, url: BASE_URL }]);
      await loginAs(page, 'admin@example.com');
      await page.getByRole('button', { name: /toggle light\/dark mode|hell-\/dunkelmodus/i }).click();
      await page.setViewportSize({ width: 390, height: 844 });
      // Each screen with a text of the demo data it shows once loaded.
      for (const [name, path, shows] of [
        ['blog-list', '/internet/blog', 'Sabine Hartmann'],
        ['blog-edit', '/internet/blog/1', 'Frühbucherrabatt bis 31. Januar'],
        ['blog-types', '/internet/blog/type', 'Mitarbeiter'],
        ['content-list', '/internet/content', 'Gutscheine'],
        ['content-edit', '/internet/content/1', 'Anmeldung'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByText(shows).first()).toBeVisible();
        await settled(page);
        await page.screenshot({ path: `/tmp/h-web-${name}-${language}.png`, fullPage: true });
        expect(await seriousViolations(page, `${name} ${language}`)).toEqual([]);
      }
    });
  }
  test('blog post form, desktop, light', async ({ page }) => {
    await loginAs(page, 'admin@example.com');
    await page.goto('/internet/blog/2');
    await settled(page);
    await page.screenshot({ path: '/tmp/h-web-blog-edit-desktop.png', fullPage: true });
  });
});
