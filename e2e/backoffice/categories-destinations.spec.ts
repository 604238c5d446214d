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
  await loginAs(page, 'office@example.com');
  await page.goto('/internet/categories/create');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Genussreise');
  await page.getByLabel('Active').uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Category Genussreise saved')).toBeVisible();
  await expect(page).toHaveURL(/\/internet\/categories\/\d+$/);
  const id = Number(/\/internet\/categories\/(\d+)$/.exec(page.url())![1]);
  expect(await api(request, `/journey/category/${id}`)).toMatchObject({ name: 'Genussreise', active: false });

  await page.goto('/internet/categories');
  await page.getByPlaceholder('Search').fill('genuss');
  const row = page.locator('tbody tr').filter({ hasText: 'Genussreise' });
  await expect(row.getByText('Blocked')).toBeVisible();
  await row.getByRole('link', { name: 'Copy' }).click();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Genussreise (Copy)');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Category Genussreise (Copy) saved')).toBeVisible();

  // The spec's categories start at id 0 (Adventsreise): its row opens like any other.
  await page.goto('/internet/categories');
  await page.getByPlaceholder('Search').fill('advent');
  await page.getByRole('cell', { name: 'Adventsreise' }).click();
  await expect(page).toHaveURL(/\/internet\/categories\/0$/);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Adventsreise');
});

test('admin creates a destination with a country and an SEO text, then deletes it', async ({ page, request }) => {
  await loginAs(page, 'admin@example.com');
  await page.goto('/internet/destinations/create');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Lago Maggiore');
  await page.getByRole('combobox', { name: 'Countries' }).fill('Ital');
  await page.getByRole('option', { name: 'Italy' }).click();
  await page.getByRole('textbox', { name: 'SEO title' }).fill('Busreisen an den Lago Maggiore');
  const editor = page.locator('.ProseMirror');
  await editor.click();
  await page.keyboard.type('Stresa und die Borromäischen Inseln');
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
  });

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/internet\/destinations$/);
  const token = await apiToken(request, 'admin@example.com');
  const gone = await request.get(`/api/v1/journey/destination/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(gone.status()).toBe(404);
});
