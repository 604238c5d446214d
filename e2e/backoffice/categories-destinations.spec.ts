import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken, loginAs } from '../support/session.ts';

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const token = await apiToken(request, 'admin@example.com');
  const response = await request.get(`/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

test('office creates a blocked trip category and copies it; the seeded category 0 opens too', async ({
  page,
  request,
}) => {
  const tag = `genuss${Date.now() % 1_000_000}`;
  const name = `Genussreise ${tag}`;
  await loginAs(page, 'office@example.com');
  await page.goto('/internet/categories/create');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByLabel('Active').uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Category ${name} saved`)).toBeVisible();
  await expect(page).toHaveURL(/\/internet\/categories\/\d+$/);
  const id = Number(/\/internet\/categories\/(\d+)$/.exec(page.url())![1]);
  expect(await api(request, `/journey/category/${id}`)).toMatchObject({ name, active: false });

  await page.goto('/internet/categories');
  // Wait for the search to apply: its delayed update would otherwise bring the list back over the next page.
  await page.getByPlaceholder('Search').fill(tag);
  await expect(page).toHaveURL(new RegExp(tag));
  const row = page.locator('tbody tr').filter({ hasText: name });
  await expect(row.getByText('Blocked')).toBeVisible();
  await row.getByRole('link', { name: 'Copy' }).click();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(`${name} (Copy)`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Category ${name} (Copy) saved`)).toBeVisible();

  // The spec's categories start at id 0 (Adventsreise): its row opens like any other.
  await page.goto('/internet/categories');
  await page.getByPlaceholder('Search').fill('advent');
  await expect(page).toHaveURL(/advent/);
  await page.getByRole('cell', { name: 'Adventsreise' }).click();
  await expect(page).toHaveURL(/\/internet\/categories\/0$/);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Adventsreise');
});

/** A real (tiny) PNG: the server checks the bytes, not the name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('admin creates a destination with a country, an SEO text and a picture, then deletes it', async ({
  page,
  request,
}) => {
  await loginAs(page, 'admin@example.com');
  await page.goto('/internet/destinations/create');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Lago Maggiore');
  await page.getByRole('combobox', { name: 'Countries' }).fill('Ital');
  await page.getByRole('option', { name: 'Italy' }).click();
  await page.getByRole('textbox', { name: 'SEO title' }).fill('Busreisen an den Lago Maggiore');
  const editor = page.locator('.ProseMirror');
  await editor.click();
  await page.keyboard.type('Stresa und die Borromäischen Inseln');
  await page.getByLabel('Choose picture').setInputFiles({ name: 'stresa.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('button', { name: 'Change picture' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Destination Lago Maggiore saved')).toBeVisible();
  await expect(page).toHaveURL(/\/internet\/destinations\/\d+$/);
  const id = Number(/\/internet\/destinations\/(\d+)$/.exec(page.url())![1]);
  const [italy] = (await api<Array<{ id_loc_country: number }>>(request, '/country?iso=IT&pagination=false')).map(
    (country) => country.id_loc_country,
  );
  expect(await api(request, `/journey/destination/${id}`)).toMatchObject({
    name: 'Lago Maggiore',
    countries: [italy],
    seo_title: 'Busreisen an den Lago Maggiore',
    seo_text: '<p>Stresa und die Borromäischen Inseln</p>',
    pictureThumbUrl: expect.stringMatching(/^\/api\/v1\/files\/\d+\/thumb$/),
  });
  // The saved picture is public (the website shows it) and its thumbnail is a WebP.
  const { pictureThumbUrl } = await api<{ pictureThumbUrl: string }>(request, `/journey/destination/${id}`);
  const thumb = await request.get(pictureThumbUrl);
  expect(thumb.status()).toBe(200);
  expect(thumb.headers()['content-type']).toBe('image/webp');

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/internet\/destinations$/);
  const token = await apiToken(request, 'admin@example.com');
  const gone = await request.get(`/api/v1/journey/destination/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(gone.status()).toBe(404);
});
