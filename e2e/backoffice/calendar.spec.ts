import { expect, test } from '@playwright/test';
import { berlinDate } from '@tourdesk/contracts/calendar.schema';
import { seriousViolations } from '../support/axe.ts';
import { callApi } from '../support/journeys.ts';
import { loginAs } from '../support/session.ts';

test('staff create an event in the week view, see a departure beside it and switch to the list view', async ({
  page,
  request,
}) => {
  const tag = `cal${Date.now() % 1_000_000}`;
  const today = berlinDate(new Date());
  // A one-day trip leaving today: the calendar shows its departure by itself.
  const title = `Elbsandstein-Tagesfahrt ${tag}`;
  await callApi(request, 'admin@example.com', 'POST', '/journey-lit', {
    title,
    slug: `elbsandstein-${tag}`,
    dates: [
      {
        termincode: `ES-${tag}`,
        date_from: today,
        date_till: today,
        prices: [{ description: 'pro Person', category: 'adult', amount: 49, additional_price: 0 }],
      },
    ],
  });

  await loginAs(page, 'office@example.com');
  await page.goto('/time/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await expect(page.getByText(`Departure: ${title} (ES-${tag})`)).toBeVisible();

  // Select 10:00–11:00 today in the week view: the dialog opens with that time.
  const column = page.locator(`[data-date="${today}"]`).first();
  const slot10 = page.locator('[data-time="10:00:00"]').last();
  const slot11 = page.locator('[data-time="10:30:00"]').last();
  const x = (await column.boundingBox())!;
  const from = (await slot10.boundingBox())!;
  const to = (await slot11.boundingBox())!;
  await page.mouse.move(x.x + x.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(x.x + x.width / 2, to.y + to.height / 2, { steps: 5 });
  await page.mouse.up();
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Start' })).toHaveValue(`${today}T10:00`);
  await expect(dialog.getByRole('textbox', { name: 'End' })).toHaveValue(`${today}T11:00`);
  await dialog.getByRole('textbox', { name: 'Title' }).fill(`Kundengespräch ${tag}`);
  await dialog.getByRole('textbox', { name: 'Location' }).fill('Büro Radebeul');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Event “Kundengespräch ${tag}” saved`)).toBeVisible();
  await expect(page.getByText(`Kundengespräch ${tag}`).first()).toBeVisible();
  expect(await seriousViolations(page, 'calendar week')).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('calendar-week-en.png'), fullPage: true });

  await page.getByRole('tab', { name: 'List view' }).click();
  await expect(page.getByText(`Kundengespräch ${tag}`, { exact: true })).toBeVisible();
  await expect(page.getByText(`Departure: ${title} (ES-${tag})`)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('calendar-list-en.png'), fullPage: true });

  // Clicking the event opens it again.
  await page.getByText(`Kundengespräch ${tag}`, { exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Edit event' }).getByRole('textbox', { name: 'Location' })).toHaveValue(
    'Büro Radebeul',
  );
});

test('a colleague sees an event appear in the shared calendar without reloading', async ({ browser, request }) => {
  const tag = `live${Date.now() % 1_000_000}`;
  const today = berlinDate(new Date());
  const colleague = await browser.newPage();
  await loginAs(colleague, 'admin@example.com');
  await colleague.goto('/time/calendar');
  await expect(colleague.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();

  // The office clerk writes into the shared calendar „Büro“ (through the API, as the screen does).
  const calendars = await callApi<Array<{ id: number; name: string; shared: boolean }>>(
    request,
    'office@example.com',
    'GET',
    '/calendar/calendars',
  );
  const buero = calendars.find((calendar) => calendar.shared && calendar.name === 'Büro')!;
  await callApi(request, 'office@example.com', 'POST', '/calendar/events', {
    calendarId: buero.id,
    title: `Betriebsausflug planen ${tag}`,
    allDay: true,
    start: today,
    end: today,
  });
  await expect(colleague.getByText(`Betriebsausflug planen ${tag}`)).toBeVisible();
  await colleague.close();
});

test('a calendar is made, renamed and recoloured, then deleted with its events', async ({ page }) => {
  const tag = `kal${Date.now() % 1_000_000}`;
  // The admin: the office role may change calendars but not delete them (calendar-delete).
  await loginAs(page, 'admin@example.com');
  await page.goto('/time/calendar');
  const panel = page.getByRole('heading', { name: 'My calendars' }).locator('..');
  await panel.getByRole('button', { name: 'New calendar' }).click();
  const made = page.getByRole('dialog', { name: 'New calendar' });
  await made.getByRole('textbox', { name: 'Name' }).fill(`Messe ${tag}`);
  await made.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Calendar “Messe ${tag}” created`)).toBeVisible();

  // Renamed and given another colour: the list shows the new name at once.
  await panel.getByRole('button', { name: `Edit calendar “Messe ${tag}”` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit calendar' });
  await expect(edit.getByRole('textbox', { name: 'Name' })).toHaveValue(`Messe ${tag}`);
  // The personal calendar every user has cannot be deleted; this one can.
  await expect(edit.getByRole('button', { name: 'Delete' })).toBeVisible();
  await edit.getByRole('textbox', { name: 'Name' }).fill(`Messe 2027 ${tag}`);
  await edit.getByRole('combobox', { name: 'Colour' }).click();
  await page.getByRole('option', { name: 'Orange' }).click();
  // The menu has gone (the dialog is hidden from the accessibility tree while it is open) and shows the choice.
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(edit.getByRole('combobox', { name: 'Colour' })).toHaveText('Orange');
  expect(await seriousViolations(page, 'calendar: edit calendar')).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('calendar-edit-en.png') });
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Calendar “Messe 2027 ${tag}” saved`)).toBeVisible();
  await expect(panel.getByRole('checkbox', { name: `Messe 2027 ${tag}` })).toBeVisible();
  await expect(panel.getByRole('checkbox', { name: `Messe ${tag}`, exact: true })).toHaveCount(0);

  // Deleted after the question.
  await panel.getByRole('button', { name: `Edit calendar “Messe 2027 ${tag}”` }).click();
  await page.getByRole('dialog', { name: 'Edit calendar' }).getByRole('button', { name: 'Delete' }).click();
  const question = page.getByRole('dialog', { name: `Delete calendar “Messe 2027 ${tag}”?` });
  await expect(question).toContainText('deleted with all its events');
  await question.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(`Calendar “Messe 2027 ${tag}” deleted`)).toBeVisible();
  await expect(panel.getByRole('checkbox', { name: `Messe 2027 ${tag}` })).toHaveCount(0);

  // The personal calendar offers no delete.
  await panel.getByRole('button', { name: /^Edit calendar “Mein Kalender”$/ }).click();
  await expect(page.getByRole('dialog', { name: 'Edit calendar' }).getByRole('button', { name: 'Delete' })).toHaveCount(
    0,
  );
});
