import { expect, test, type APIRequestContext } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { seriousViolations } from '../support/axe.ts';
import { apiToken, loginAs } from '../support/session.ts';

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const token = await apiToken(request, 'admin@example.com');
  const response = await request.get(`/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

test('admin creates a product group with VAT and account, and copies it', async ({ page, request }) => {
  const tag = `p${Date.now() % 1_000_000}`;
  const name = `Eintritte ${tag}`;
  await loginAs(page, 'admin@example.com');
  await page.goto('/products/productgroups/create');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Description' }).fill('Museen und Führungen');
  await page.getByRole('combobox', { name: 'VAT rate' }).click();
  await page.getByRole('option', { name: '7 % (reduced)' }).click();
  await page.getByRole('textbox', { name: 'Revenue account' }).fill('8300');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Product group ${name} saved`)).toBeVisible();
  await expect(page).toHaveURL(/\/products\/productgroups\/\d+$/);
  const id = Number(/\/products\/productgroups\/(\d+)$/.exec(page.url())![1]);
  expect(await api(request, `/shop/product-group/${id}`)).toMatchObject({
    name,
    description: 'Museen und Führungen',
    vat_rate: 7,
    account_code: '8300',
    active: true,
  });

  await page.goto('/products/productgroups');
  await page.getByPlaceholder('Search').fill(tag);
  await expect(page).toHaveURL(new RegExp(tag));
  const row = page.locator('tbody tr').filter({ hasText: name });
  await row.getByRole('link', { name: 'Copy' }).click();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(`${name} (Copy)`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Product group ${name} (Copy) saved`)).toBeVisible();
  const copies = await api<{ data: Array<{ name: string; vat_rate: number; account_code: string }> }>(
    request,
    `/shop/product-group?lit-search=${tag}`,
  );
  expect(copies.data).toEqual(
    expect.arrayContaining([expect.objectContaining({ name: `${name} (Copy)`, vat_rate: 7, account_code: '8300' })]),
  );

  // Article groups: the demo's are listed, a new one saves.
  await page.goto('/products/articlegroups');
  await expect(page.getByText('Souvenirs', { exact: true })).toBeVisible();
  await page.goto('/products/articlegroups/create');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Zeitschriften ${tag}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Article group Zeitschriften ${tag} saved`)).toBeVisible();
});

test.describe('screenshots', () => {
  for (const language of ['de', 'en'] as const) {
    test(`product and article groups, ${language}, dark, phone width`, async ({ page, context }) => {
      await context.addCookies([{ name: 'i18n_redirected', value: language, url: BASE_URL }]);
      await loginAs(page, 'admin@example.com');
      await page.getByRole('button', { name: /toggle light\/dark mode|hell-\/dunkelmodus/i }).click();
      await page.goto('/products/productgroups');
      await expect(page.getByText('Versicherungen').first()).toBeVisible();
      expect(await seriousViolations(page, 'product groups')).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`product-groups-${language}.png`), fullPage: true });
      await page.getByText('Versicherungen').first().click();
      await expect(page.getByRole('textbox', { name: /Revenue account|Erlöskonto/ })).toHaveValue('8200');
      expect(await seriousViolations(page, 'product group')).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`product-group-${language}.png`), fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/products/articlegroups');
      await expect(page.getByText('Souvenirs').first()).toBeVisible();
      expect(await seriousViolations(page, 'article groups phone')).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`article-groups-phone-${language}.png`), fullPage: true });
    });
  }
});
