import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { apiToken, loginAs } from '../support/session.ts';

/** Makes a card on the board through the API (as the admin) and returns its id. */
async function newCard(request: APIRequestContext, title: string, status = 'TODO'): Promise<number> {
  const headers = { authorization: `Bearer ${await apiToken(request, 'admin@example.com')}` };
  const response = await request.post('/api/v1/tasks', { headers, data: { title, status } });
  expect(response.status()).toBe(201);
  return (await response.json()).id as number;
}

/** The card as the user sees it (dnd-kit leaves a hidden, inert placeholder of a dropped card behind a moment). */
const card = (page: Page, id: number) => page.locator(`[data-task-id="${id}"]:not([data-dnd-placeholder])`);
const column = (page: Page, status: string) => page.locator(`[data-column="${status}"]`);

/** Drags with the mouse in small steps, as a hand does (dnd-kit's pointer sensor starts after a few pixels). */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 8, from.y + 8, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 20 });
  await page.mouse.move(to.x, to.y + 2, { steps: 2 });
  await page.mouse.up();
}

test('cards move across the board by keyboard and by mouse; a colleague sees it live; the order survives a reload', async ({
  page,
  browser,
  request,
}) => {
  const tag = `tb${Date.now() % 1_000_000}`;
  const first = await newCard(request, `Prospekt drucken ${tag}`);
  const second = await newCard(request, `Hotel anfragen ${tag}`);
  await loginAs(page, 'office@example.com');
  await page.goto('/board');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Task board');
  await expect(column(page, 'TODO').locator(card(page, first))).toBeVisible();
  expect(await seriousViolations(page, 'board')).toEqual([]);

  // A colleague has the board open in another browser.
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  await loginAs(colleague, 'admin@example.com');
  await colleague.goto('/board');
  await expect(column(colleague, 'TODO').locator(card(colleague, first))).toBeVisible();

  // Keyboard: Alt + arrow right moves the focused card one column on, and says so.
  await card(page, first).focus();
  await page.keyboard.press('Alt+ArrowRight');
  await expect(column(page, 'INPROGRESS').locator(card(page, first))).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: `Prospekt drucken ${tag} moved to In progress` }),
  ).toHaveCount(1);
  await expect(card(page, first)).toBeFocused();
  await expect(column(colleague, 'INPROGRESS').locator(card(colleague, first))).toBeVisible();

  // Mouse: drag the second card into the Testing column.
  const source = (await card(page, second).boundingBox())!;
  const target = (await column(page, 'TESTING').boundingBox())!;
  await drag(
    page,
    { x: source.x + 20, y: source.y + source.height / 2 },
    { x: target.x + target.width / 2, y: target.y + 60 },
  );
  await expect(column(page, 'TESTING').locator(card(page, second))).toBeVisible();
  // Screen readers hear the card's title in the user's language, not dnd-kit's "draggable item 17".
  await expect(page.getByRole('status').filter({ hasText: `Dropped “Hotel anfragen ${tag}”.` })).toHaveCount(1);
  await expect(card(page, second)).toHaveAttribute('aria-roledescription', 'movable item');
  await expect(column(colleague, 'TESTING').locator(card(colleague, second))).toBeVisible();

  // The server kept the order: after a reload the cards are where they were put.
  await page.reload();
  await expect(column(page, 'INPROGRESS').locator(card(page, first))).toBeVisible();
  await expect(column(page, 'TESTING').locator(card(page, second))).toBeVisible();
  await colleagueContext.close();
});

test('a to-do is written and ticked off from the list', async ({ page }) => {
  const title = `Rückruf Familie Weber ${Date.now() % 1_000_000}`;
  await loginAs(page, 'office@example.com');
  // The apps grid's shortcut opens the to-do list.
  await page.goto('/todo');
  await expect(page).toHaveURL(/\/time\/todo/);
  await page.getByRole('link', { name: 'Create' }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Due date' }).fill('01.12.2030');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`To-do ${title} saved`)).toBeVisible();
  await expect(page).toHaveURL(/\/time\/todo(\?.*)?$/);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('01.12.2030');
  expect(await seriousViolations(page, 'to-do list')).toEqual([]);
  await row.getByRole('checkbox', { name: `Done: ${title}` }).click();
  await expect(page.getByText(`To-do ${title} done`)).toBeVisible();
  // The list shows open ones: the finished one leaves it.
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
});
