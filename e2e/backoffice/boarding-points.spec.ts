import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { serveMapTiles } from '../support/map-tiles.ts';
import { apiToken, loginAs } from '../support/session.ts';

type Group = { id: number; name: string; zustiege: Array<{ id_zus_zustiege: number; name: string }> };

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const token = await apiToken(request, 'admin@example.com');
  const response = await request.get(`/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

/** Picks a boarding point in the group editor's "Add boarding point" field. */
async function addStop(page: Page, name: string) {
  const field = page.getByLabel('Add boarding point');
  await field.fill(name);
  await page
    .getByRole('option', { name: new RegExp(name) })
    .first()
    .click();
}

test('staff create a stop on the map, group it, reorder the group, and cannot delete the stop it uses', async ({
  page,
  request,
}) => {
  await serveMapTiles(page);
  await loginAs(page, 'admin@example.com');
  await page.goto('/zustiege/create');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Wurzen, Markt');
  await page.getByLabel('Street').fill('Markt');
  await page.getByLabel('No.', { exact: true }).fill('1');
  await page.getByLabel('Zip').fill('04808');
  await page.getByLabel('Town').fill('Wurzen');
  // A click on the map sets the position; the pin appears there and the numbers follow.
  const map = page.getByTestId('stop-map');
  await map.click({ position: { x: 200, y: 120 } });
  await expect(page.getByTitle('Position of the boarding point (drag to move)')).toBeVisible();
  await expect(page.getByLabel('Latitude')).not.toHaveValue('');
  await page.getByLabel('Latitude').fill('51.3707');
  await page.getByLabel('Longitude').fill('12.7394');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/zustiege\/\d+$/);
  await expect(page.getByText('Boarding point Wurzen, Markt saved')).toBeVisible();
  const stopId = Number(/\/zustiege\/(\d+)$/.exec(page.url())![1]);
  const stop = await getJson<{ lat: number; lon: number; city: string }>(request, `/zustiege-lit/${stopId}`);
  expect(stop).toMatchObject({ lat: 51.3707, lon: 12.7394, city: 'Wurzen' });

  await page.goto('/zustiege/gruppen/create');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Muldental');
  await addStop(page, 'Grimma, Busbahnhof');
  await addStop(page, 'Wurzen, Markt');
  const members = page.getByTestId('stop-group-members').getByRole('listitem');
  await expect(members).toHaveText([/1\. Grimma, Busbahnhof/, /2\. Wurzen, Markt/]);
  // Reordering works with buttons (and so with the keyboard).
  await page.getByRole('button', { name: 'Move up: Wurzen, Markt' }).focus();
  await page.keyboard.press('Enter');
  await expect(members).toHaveText([/1\. Wurzen, Markt/, /2\. Grimma, Busbahnhof/]);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/zustiege\/gruppen\/\d+$/);
  await expect(page.getByText('Stop group Muldental saved')).toBeVisible();
  const groupId = Number(/\/gruppen\/(\d+)$/.exec(page.url())![1]);
  const group = await getJson<Group>(request, `/zustiege-gruppen-lit/${groupId}`);
  expect(group.zustiege.map((member) => member.name)).toEqual(['Wurzen, Markt', 'Grimma, Busbahnhof']);

  await page.goto('/zustiege/gruppen');
  await page.getByPlaceholder('Search').fill('mulden');
  await expect(page.getByRole('cell', { name: 'Muldental' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Wurzen, Markt → Grimma, Busbahnhof' })).toBeVisible();

  await page.goto(`/zustiege/${stopId}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(/This boarding point is still used.*Used in stop groups: Muldental\./)).toBeVisible();
  await getJson(request, `/zustiege-lit/${stopId}`);
});

test('the boarding point list searches, and shows a phone-sized card list', async ({ page }) => {
  await loginAs(page, 'office@example.com');
  await page.goto('/zustiege');
  await page.getByPlaceholder('Search').fill('schlesischer');
  await expect(page.getByRole('cell', { name: 'Dresden-Neustadt, Schlesischer Platz' })).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText('Dresden-Neustadt, Schlesischer Platz')).toBeVisible();
  await expect(page.getByText('Schlesischer Platz 1, 01097 Dresden')).toBeVisible();
});

test.describe('screenshots', () => {
  for (const language of ['de', 'en'] as const) {
    test(`stop editor with map and group editor, ${language}, dark, phone width`, async ({ page, context }) => {
      await context.addCookies([{ name: 'i18n_redirected', value: language, url: BASE_URL }]);
      await serveMapTiles(page);
      await loginAs(page, 'admin@example.com');
      await page.getByRole('button', { name: /toggle light\/dark mode|hell-\/dunkelmodus/i }).click();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/zustiege');
      await page.getByText('Chemnitz Busbahnhof', { exact: true }).click();
      await expect(page.getByTitle(/drag|ziehen/)).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`stop-editor-${language}.png`), fullPage: true });
      await page.goto('/zustiege/gruppen');
      await page.getByRole('link', { name: /^Dresden Stadt/ }).click();
      await expect(page.getByTestId('stop-group-members').getByRole('listitem').first()).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`group-editor-${language}.png`), fullPage: true });
    });
  }
});
