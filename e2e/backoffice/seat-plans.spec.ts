import { expect, test, type Locator, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { callApi } from '../support/journeys.ts';
import { loginAs } from '../support/session.ts';

type SeatPlan = {
  id: number;
  name: string;
  seat_count: number;
  layout: { decks: Array<{ rows: Array<Array<{ txt: string; idx: number; isSeat: boolean; blocked?: boolean }>> }> };
};

/** A cell of the editor's grid by deck, row (0 = front) and column. */
const cell = (page: Page, deck: number, row: number, col: number): Locator =>
  page.locator(`[data-cell="${deck}-${row}-${col}"]`);

async function dragAcross(page: Page, cells: Locator[]) {
  const centre = async (target: Locator) => {
    const box = (await target.boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  await cells.at(-1)!.scrollIntoViewIfNeeded();
  const first = await centre(cells[0]!);
  await page.mouse.move(first.x, first.y);
  await page.mouse.down();
  for (const target of cells.slice(1)) {
    const point = await centre(target);
    await page.mouse.move(point.x, point.y, { steps: 3 });
  }
  await page.mouse.up();
}

/** A tool of the editor's palette. */
const tool = (page: Page, name: string) =>
  page.getByRole('group', { name: /Paint with|Zeichnen mit/ }).getByRole('button', { name, exact: true });

test('staff build a seat plan from an empty grid: paint, drag, renumber, set a number, block a seat, save', async ({
  page,
  request,
}) => {
  await loginAs(page, 'admin@example.com');
  await page.goto('/seat-plans');
  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page.getByRole('button', { name: /Touring coach, 49 seats/ })).toBeVisible();
  await page.getByRole('combobox', { name: 'Rows' }).click();
  await page.getByRole('option', { name: '4', exact: true }).click();
  await page.getByRole('combobox', { name: 'Columns' }).click();
  await page.getByRole('option', { name: '3', exact: true }).click();
  await page.getByRole('button', { name: 'Empty grid' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Kleinbus Test 4×3');

  // The front row: driver and door.
  await tool(page, 'Driver').click();
  await cell(page, 0, 0, 0).click();
  await tool(page, 'Door').click();
  await cell(page, 0, 0, 2).click();
  await expect(cell(page, 0, 0, 0)).toHaveAccessibleName('Driver');
  await expect(cell(page, 0, 0, 2)).toHaveAccessibleName('Door');

  // Seats: a drag paints a whole row, clicks single seats; numbers follow the reading order.
  await tool(page, 'Seat').click();
  await dragAcross(page, [cell(page, 0, 1, 0), cell(page, 0, 1, 1), cell(page, 0, 1, 2)]);
  for (const [row, col] of [
    [2, 0],
    [2, 2],
    [3, 0],
    [3, 2],
  ] as const)
    await cell(page, 0, row, col).click();
  await expect(page.getByTestId('seat-count')).toHaveText('7 seats');
  // An aisle through the middle of the first seat row: the seats behind move up a number.
  await tool(page, 'Aisle').click();
  await cell(page, 0, 1, 1).click();
  await expect(cell(page, 0, 1, 2)).toHaveAccessibleName('Seat 2');
  // The keyboard paints too: arrows to the back row's middle, Enter.
  await tool(page, 'Seat').click();
  await cell(page, 0, 3, 0).focus();
  await page.keyboard.press('ArrowRight');
  await expect(cell(page, 0, 3, 1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(cell(page, 0, 3, 1)).toHaveAccessibleName('Seat 6');
  await expect(cell(page, 0, 3, 2)).toHaveAccessibleName('Seat 7');

  // A number set by hand stays; a number used twice is shown at its seat and cannot be saved.
  await tool(page, 'Choose').click();
  await cell(page, 0, 2, 0).click();
  const number = page.getByRole('textbox', { name: 'Seat number' });
  await expect(number).toHaveValue('3');
  await number.fill('7');
  await expect(page.getByText(/Numbers set by hand are kept/)).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Seat 7: This seat number is used twice in the plan.')).toBeVisible();
  await expect(page).toHaveURL(/\/seat-plans\/create$/);
  // Renumber puts every seat back in reading order; then one seat gets its own number.
  await page.getByRole('button', { name: 'Renumber' }).click();
  await expect(cell(page, 0, 2, 0)).toHaveAccessibleName('Seat 3');
  await expect(page.getByText('Seat 7: This seat number is used twice in the plan.')).toHaveCount(0);
  await cell(page, 0, 3, 2).click();
  await number.fill('12');
  await expect(cell(page, 0, 3, 2)).toHaveAccessibleName('Seat 12');

  // The guide's seat in the back row is blocked: not sold.
  await tool(page, 'Block').click();
  await cell(page, 0, 3, 1).click();
  await expect(cell(page, 0, 3, 1)).toHaveAccessibleName('Seat 6, blocked');
  await expect(page.getByTestId('seat-count')).toHaveText('6 seats');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Seat plan Kleinbus Test 4×3 saved')).toBeVisible();
  await expect(page).toHaveURL(/\/seat-plans\/\d+$/);
  const id = Number(/\/seat-plans\/(\d+)$/.exec(page.url())![1]);
  const plan = await callApi<SeatPlan>(request, 'admin@example.com', 'GET', `/seat-plans/${id}`);
  expect(plan.seat_count).toBe(6);
  expect(plan.layout.decks[0]!.rows.map((row) => row.map((c) => (c.isSeat ? c.txt : c.idx)))).toEqual([
    [2, 1, 3],
    ['1', 1, '2'],
    ['3', 1, '4'],
    ['5', '6', '12'],
  ]);
  expect(plan.layout.decks[0]!.rows[3]![1]!.blocked).toBe(true);

  await page.goto('/seat-plans');
  const row = page.getByRole('row', { name: /Kleinbus Test 4×3/ });
  await expect(row.getByRole('cell').nth(1)).toHaveText('6');
});

test('a plan started from a template keeps its seats; the list shows them and searches by name', async ({ page }) => {
  await loginAs(page, 'admin@example.com');
  await page.goto('/seat-plans/create');
  await page.getByRole('button', { name: /Double-decker, 81 seats/ }).click();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Double-decker, 81 seats');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Doppeldecker Setra');
  await expect(page.getByRole('grid')).toHaveCount(2);
  await expect(page.getByTestId('seat-count')).toHaveText('81 seats');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Seat plan Doppeldecker Setra saved')).toBeVisible();
  await page.goto('/seat-plans');
  await page.getByPlaceholder('Search').fill('setra');
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(
    page
      .getByRole('row', { name: /Doppeldecker Setra/ })
      .getByRole('cell')
      .nth(1),
  ).toHaveText('81');
});

test.describe('screenshots', () => {
  for (const [language, theme] of [
    ['en', 'light'],
    ['de', 'dark'],
  ] as const) {
    test(`seat plan start page, editor and view, ${language}, ${theme}, desktop and phone width`, async ({
      page,
      context,
    }) => {
      await context.addCookies([{ name: 'i18n_redirected', value: language, url: BASE_URL }]);
      await page.setViewportSize({ width: 1280, height: 1500 });
      await loginAs(page, 'admin@example.com');
      if (theme === 'dark')
        await page.getByRole('button', { name: /toggle light\/dark mode|hell-\/dunkelmodus/i }).click();
      await page.goto('/seat-plans/create');
      const doubleDecker = page.getByRole('button', { name: /81/ });
      await expect(doubleDecker).toBeVisible();
      await page.screenshot({ path: `/tmp/seat-plans-web-start-${language}-${theme}.png` });
      await doubleDecker.click();
      await cell(page, 0, 3, 0).click();
      await tool(page, language === 'de' ? 'Sperren' : 'Block').click();
      await cell(page, 1, 5, 4).click();
      await cell(page, 1, 6, 0).focus();
      await page.screenshot({ path: `/tmp/seat-plans-web-editor-${language}-${theme}.png` });
      await page.getByRole('button', { name: /^(Save|Speichern)$/ }).click();
      await expect(page).toHaveURL(/\/seat-plans\/\d+$/);
      await page.goto(`${page.url()}/show`);
      await expect(page.getByRole('grid')).toHaveCount(2);
      await cell(page, 0, 1, 0).hover();
      await page.screenshot({ path: `/tmp/seat-plans-web-view-${language}-${theme}.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(page.url().replace(/\/show$/, ''));
      await expect(page.getByRole('grid')).toHaveCount(2);
      await page.screenshot({ path: `/tmp/seat-plans-web-editor-${language}-${theme}-phone.png`, fullPage: true });
      // Twelve columns are wider than a phone: the plan scrolls sideways, the page does not.
      await page
        .getByRole('combobox', { name: /^(Columns|Spalten)$/ })
        .first()
        .click();
      await page.getByRole('option', { name: '12', exact: true }).click();
      const grid = page.getByTestId('seat-grid');
      await expect(async () => {
        const sizes = await grid.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
        expect(sizes.scroll).toBeGreaterThan(sizes.client);
      }).toPass();
      await expect(page.getByRole('listbox')).toHaveCount(0);
      await grid.scrollIntoViewIfNeeded();
      await grid.evaluate((element) => element.scrollBy({ left: 200 }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `/tmp/seat-plans-web-editor-${language}-${theme}-phone-wide.png` });
      await page.goto('/seat-plans');
      await expect(page.getByText(/81/).first()).toBeVisible();
      await page.screenshot({ path: `/tmp/seat-plans-web-list-${language}-${theme}-phone.png` });
    });
  }
});
