import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { seriousViolations } from '../support/axe.ts';
import { apiToken, loginAs } from '../support/session.ts';

type Item = { id: number; id_parent: number | null; name: string; position: number };
type PublicItem = { name: string; children: PublicItem[] };

async function apiCall<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, data?: object) {
  const token = await apiToken(request, 'admin@example.com');
  const response = await request.fetch(`/api/v1${path}`, {
    method,
    data,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

/** Drags a row by its handle: `rows` rows down (negative: up) and `levels` levels to the right, in small steps. */
async function dragRow(page: Page, name: string, target: string, levels: number) {
  const handle = page.getByRole('button', { name: `Move ${name}`, exact: true });
  const from = (await handle.boundingBox())!;
  const to = (await page.getByTestId('menu-tree').getByText(target, { exact: true }).boundingBox())!;
  await handle.hover();
  await page.mouse.down();
  const startX = from.x + from.width / 2;
  const startY = from.y + from.height / 2;
  await page.mouse.move(startX + 4, startY + 4, { steps: 4 });
  await page.mouse.move(startX + levels * 40, to.y + to.height / 2 - 4, { steps: 20 });
  await page.waitForTimeout(200);
  await page.mouse.up();
}

test('office builds a menu with a sub-item by drag and drop; the website gets the tree', async ({ page, request }) => {
  const tag = `m${Date.now() % 1_000_000}`;
  await loginAs(page, 'office@example.com');
  await page.goto('/internet/menu/create');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Kopfzeile ${tag}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Menu Kopfzeile ${tag} saved`)).toBeVisible();
  await expect(page).toHaveURL(/\/internet\/menu\/\d+$/);
  const menuId = Number(/\/internet\/menu\/(\d+)$/.exec(page.url())![1]);

  // The first item through the item screen, the others through the API.
  await page.getByRole('link', { name: 'Add item' }).click();
  await expect(page).toHaveURL(new RegExp(`/internet/menu/item/create/${menuId}$`));
  await expect(page.getByRole('combobox', { name: 'Menu', exact: true })).toHaveText(`Kopfzeile ${tag}`);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Reisen');
  await page.getByRole('textbox', { name: 'Link', exact: true }).fill('/reisen');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Menu item Reisen saved')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/internet/menu/${menuId}$`));
  for (const name of ['Kontakt', 'Städtereisen'])
    await apiCall(request, 'POST', '/web/menu-item', { id_web_menu: menuId, name, link_type: 'page', link: '/x' });
  await page.reload();
  const tree = page.getByTestId('menu-tree');
  await expect(tree.getByRole('listitem')).toHaveCount(3);

  // Städtereisen dragged up between Reisen and Kontakt, and one level to the right: a sub-item of Reisen.
  await dragRow(page, 'Städtereisen', 'Kontakt', 1);
  await expect(tree.getByRole('listitem').nth(1)).toContainText('Städtereisen');
  await expect(tree.getByRole('listitem').nth(1)).toHaveAttribute('data-depth', '1');
  await expect(page.getByText('The order has changed.')).toBeVisible();
  await page.getByRole('button', { name: 'Save order' }).click();
  await expect(page.getByText('Order of the menu saved')).toBeVisible();

  let items = await apiCall<Item[]>(request, 'GET', `/web/menu/${menuId}/items`);
  const id = (name: string) => items.find((item) => item.name === name)!.id;
  expect(items.find((item) => item.name === 'Städtereisen')).toMatchObject({ id_parent: id('Reisen'), position: 0 });
  expect(items.find((item) => item.name === 'Kontakt')).toMatchObject({ id_parent: null, position: 1 });

  // The keyboard way: the move buttons. Kontakt up before Reisen, then saved.
  await page.getByRole('button', { name: 'Move up: Kontakt' }).focus();
  await page.keyboard.press('Enter');
  await expect(tree.getByRole('listitem').first()).toContainText('Kontakt');
  await page.getByRole('button', { name: 'Save order' }).click();
  // The first save's notice may still be showing: wait for the stored order rather than for the notice.
  await expect
    .poll(async () => {
      items = await apiCall<Item[]>(request, 'GET', `/web/menu/${menuId}/items`);
      return items.find((item) => item.name === 'Kontakt');
    })
    .toMatchObject({ id_parent: null, position: 0 });

  const site = await request.get(`/api/v1/website/menus/${menuId}`);
  expect(site.status()).toBe(200);
  const menu = (await site.json()) as { items: PublicItem[] };
  expect(menu.items.map((item) => item.name)).toEqual(['Kontakt', 'Reisen']);
  expect(menu.items[1]!.children.map((item) => item.name)).toEqual(['Städtereisen']);
  const again = await request.get(`/api/v1/website/menus/${menuId}`, {
    headers: { 'if-none-match': site.headers().etag! },
  });
  expect(again.status()).toBe(304);

  // Copying the menu copies its tree.
  await page.goto(`/internet/menu/copy/${menuId}`);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(`Kopfzeile ${tag} (Copy)`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Menu Kopfzeile ${tag} (Copy) saved`)).toBeVisible();
  await expect(page.getByTestId('menu-tree').getByRole('listitem')).toHaveCount(3);
});

test('the keyboard drags too: Space on the handle, arrow down, Space', async ({ page, request }) => {
  const menu = await apiCall<{ id: number }>(request, 'POST', '/web/menu', {
    name: `Tastatur ${Date.now() % 1_000_000}`,
  });
  for (const name of ['Erster', 'Zweiter', 'Dritter'])
    await apiCall(request, 'POST', '/web/menu-item', { id_web_menu: menu.id, name, link_type: 'none' });
  await loginAs(page, 'office@example.com');
  await page.goto(`/internet/menu/${menu.id}`);
  const tree = page.getByTestId('menu-tree');
  await expect(tree.getByRole('listitem')).toHaveCount(3);
  const handle = page.getByRole('button', { name: 'Move Erster', exact: true });
  // The handle says what it is and how to use it, and each step is announced by the entry's name.
  await expect(handle).toHaveAttribute('aria-roledescription', 'movable item');
  await expect(handle).toHaveAccessibleDescription(/^Press Space to pick it up\./);
  const announced = (text: string) => page.getByRole('status').filter({ hasText: text });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(announced('Picked up “Erster”.')).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await expect(announced('“Erster” is over “Zweiter”.')).toHaveCount(1);
  await page.keyboard.press('Space');
  await expect(announced('Dropped “Erster”.')).toHaveCount(1);
  await expect(tree.getByRole('listitem').first()).toContainText('Zweiter');
  await expect(tree.getByRole('listitem').nth(1)).toContainText('Erster');
  await page.getByRole('button', { name: 'Save order' }).click();
  await expect(page.getByText('Order of the menu saved')).toBeVisible();
  const items = await apiCall<Item[]>(request, 'GET', `/web/menu/${menu.id}/items`);
  expect(items.find((item) => item.name === 'Erster')).toMatchObject({ id_parent: null, position: 1 });
});

test.describe('screenshots', () => {
  for (const language of ['de', 'en'] as const) {
    test(`menu editor and items, ${language}, dark, phone width`, async ({ page, context }) => {
      await context.addCookies([{ name: 'i18n_redirected', value: language, url: BASE_URL }]);
      await loginAs(page, 'admin@example.com');
      await page.getByRole('button', { name: /toggle light\/dark mode|hell-\/dunkelmodus/i }).click();
      await page.goto('/internet/menu');
      await page.getByText('Hauptmenü', { exact: true }).first().click();
      await expect(page.getByTestId('menu-tree').getByRole('listitem').first()).toBeVisible();
      expect(await seriousViolations(page, 'menu editor')).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`menu-editor-${language}.png`), fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await expect(page.getByTestId('menu-tree').getByRole('listitem').first()).toBeVisible();
      expect(await seriousViolations(page, 'menu editor phone')).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`menu-editor-phone-${language}.png`), fullPage: true });
      await page.goto('/internet/menu/item');
      await expect(page.getByText('Startseite').first()).toBeVisible();
      expect(await seriousViolations(page, 'menu items')).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`menu-items-phone-${language}.png`), fullPage: true });
      await page.getByText('Startseite').first().click();
      await expect(page.getByRole('textbox', { name: /^(Link)$/ })).toHaveValue('/');
      expect(await seriousViolations(page, 'menu item')).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`menu-item-phone-${language}.png`), fullPage: true });
    });
  }
});
