import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { seriousViolations } from '../support/axe.ts';
import { apiToken, loginAs, menuTargets } from '../support/session.ts';

/**
 * Stock images against the fake Adobe Stock that support/serve-with-smtp.ts starts beside the server: search,
 * filter, select and deselect, license one, watch the credit drop and find the image among the licensed ones.
 */
const SHOTS = join(import.meta.dirname, '..', '.tmp', 'screenshots', 'stock-images');

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const token = await apiToken(request, 'admin@example.com');
  const response = await request.get(`/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

const cards = (page: Page) => page.getByTestId('stock-card');

test('admin searches stock images, filters, selects and deselects, licenses one and finds it among the licensed images', async ({
  page,
  request,
}) => {
  const before = await api<{ quota: number }>(request, '/adobestock-quota');
  await loginAs(page, 'admin@example.com');
  // The menu offers both screens while the adapter is configured.
  const targets = await menuTargets(page);
  expect(targets).toContain('/imagedb/stock');
  expect(targets).toContain('/imagedb/customer');

  await page.getByTestId('app-menu').getByRole('link', { name: 'Stock images' }).click();
  await expect(page).toHaveURL(/\/imagedb\/stock$/);
  await expect(cards(page)).toHaveCount(64);
  await expect(page.getByTestId('stock-pages')).toContainText('Page 1 of 2');
  await expect(page.getByTestId('stock-quota')).toHaveText(`${before.quota} credits left`);
  // Thumbnails come from Adobe Stock's (here: the fake's) image server and load.
  const firstImage = cards(page).first().locator('img');
  await expect(firstImage).toHaveJSProperty('complete', true);
  expect(await firstImage.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByTestId('stock-pages')).toContainText('Page 2 of 2');

  // Search, then filter by orientation: fewer images, all matching the words.
  await page.getByRole('searchbox', { name: 'Search Adobe Stock' }).fill('lake');
  await page.getByRole('searchbox', { name: 'Search Adobe Stock' }).press('Enter');
  await expect(page.getByTestId('stock-pages')).toContainText('Page 1 of 1');
  const lakes = await cards(page).count();
  expect(lakes).toBeGreaterThan(2);
  for (const text of await cards(page).allTextContents()) expect(text).toMatch(/lake/i);
  await page.getByRole('combobox', { name: 'Orientation' }).click();
  await page.getByRole('option', { name: 'Landscape' }).click();
  await expect.poll(() => cards(page).count()).toBeLessThan(lakes);
  await expect(page.getByRole('button', { name: 'Reset filters' }).first()).toBeVisible();

  // Selecting toggles: two selected, one deselected again.
  const [first, second] = [cards(page).nth(0), cards(page).nth(1)];
  const firstTitle = (await first.locator('p').first().textContent())!;
  await first.getByRole('checkbox').check();
  await second.getByRole('checkbox').check();
  await expect(page.getByText('2 images selected')).toBeVisible();
  await second.getByRole('checkbox').uncheck();
  await expect(page.getByText('1 image selected')).toBeVisible();
  const stockId = (await first.getAttribute('data-stock-id'))!;

  await page.getByTestId('stock-license').click();
  await expect(page.getByRole('dialog')).toContainText(`${before.quota} left`);
  await page.getByTestId('stock-license-confirm').click();
  await expect(page.getByText('1 image licensed and added to the image database')).toBeVisible();
  await expect(page.locator(`[data-stock-id="${stockId}"]`).getByText('Standard')).toBeVisible();
  await expect(page.getByTestId('stock-quota')).toHaveText(`${before.quota - 1} credits left`);
  const licensed = await api<{ id_img_customer: number | null; licence_state: string }>(
    request,
    `/adobestock/${stockId}`,
  );
  expect(licensed.licence_state).toBe('standard');
  expect(licensed.id_img_customer).toEqual(expect.any(Number));

  await page.getByRole('link', { name: 'Licensed images' }).first().click();
  await expect(page).toHaveURL(/\/imagedb\/customer$/);
  const licensedCard = page.locator(`[data-testid="customer-card"][data-stock-id="${stockId}"]`);
  await expect(licensedCard).toContainText(firstTitle);
  await expect(licensedCard).toContainText(`In the image database (No. ${licensed.id_img_customer})`);
  await expect(page.getByTestId('stock-quota')).toHaveText(`${before.quota - 1} credits left`);

  // An image licensed outside Tourdesk (the fake's already purchased one) comes into the database without a credit.
  const outside = page.getByTestId('customer-card').filter({ hasText: 'Not in the image database' }).first();
  const outsideId = (await outside.getAttribute('data-stock-id'))!;
  await outside.getByRole('button', { name: 'Add to image database' }).click();
  await expect(page.getByText('Image added to the image database')).toBeVisible();
  await expect(page.locator(`[data-testid="customer-card"][data-stock-id="${outsideId}"]`)).toContainText(
    'In the image database (No.',
  );
  await expect(page.getByTestId('stock-quota')).toHaveText(`${before.quota - 1} credits left`);
});

async function screen(browser: Browser, language: 'de' | 'en', theme: 'light' | 'dark', phone: boolean) {
  const context = await browser.newContext({
    viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    baseURL: BASE_URL,
  });
  await context.addCookies([{ name: 'i18n_redirected', value: language, url: BASE_URL }]);
  await context.addInitScript((value) => localStorage.setItem('RaStoretourdesk.theme', JSON.stringify(value)), theme);
  return context.newPage();
}

test('the stock screens pass axe and are photographed (de light on a desktop, en dark on a phone)', async ({
  browser,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  // Each language and each theme once (support/looks.ts); accessibility/screens.spec.ts scans both themes.
  const variants = [
    { language: 'de', theme: 'light', phone: false },
    { language: 'en', theme: 'dark', phone: true },
  ] as const;
  for (const { language, theme, phone } of variants) {
    const name = `${language}-${theme}-${phone ? 'phone' : 'desktop'}`;
    const page = await screen(browser, language, theme, phone);
    await loginAs(page, 'admin@example.com');
    await page.goto('/imagedb/stock');
    await expect(cards(page)).toHaveCount(64);
    await expect(page.getByTestId('stock-quota')).toBeVisible();
    await cards(page).nth(1).getByRole('checkbox').check();
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await seriousViolations(page, `stock ${name}`)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, `${name}-stock.png`), fullPage: !phone });
    await page.goto('/imagedb/customer');
    await expect(page.getByTestId('customer-card').first()).toBeVisible();
    expect(await seriousViolations(page, `customer ${name}`)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, `${name}-customer.png`), fullPage: true });
    await page.context().close();
  }
});
