import { expect, test, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { seriousViolations } from '../support/axe.ts';
import { coachOnTheRoad } from '../support/road.ts';
import { loginAs } from '../support/session.ts';

/** Picks the coach of `title`'s only departure in the form's bus picker. */
async function pickCoach(page: Page, title: string) {
  await page.getByRole('combobox', { name: /Search journey|Reise suchen/ }).fill(title);
  await page.getByRole('option', { name: title }).click();
  await page.getByRole('combobox', { name: /^(Departure|Termin)$/ }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('combobox', { name: /Choose coach|Bus wählen/ }).click();
  await page.getByRole('option').first().click();
}

test('staff write a message to a coach, see whom it reaches, send it once and see its figures', async ({
  page,
  request,
}) => {
  const tag = `pn${Date.now() % 1_000_000}`;
  const coach = await coachOnTheRoad(request, tag);
  await loginAs(page, 'admin@example.com');
  await page.goto('/app/pushnotifications/create');
  await page.getByRole('textbox', { name: 'Title' }).fill(`Pause in Grimma ${tag}`);
  await page.getByRole('textbox', { name: 'Short text' }).fill('Wir halten 20 Minuten am Markt.');
  await expect(page.getByRole('img', { name: /Preview of the notification/ })).toContainText(`Pause in Grimma ${tag}`);
  await page.getByRole('radio', { name: 'One coach' }).check();
  await pickCoach(page, coach.title);
  // The booker's traveller account is on board (no device registered in this test).
  await expect(page.getByRole('status').filter({ hasText: 'Reaches 1 traveller on 0 devices' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Push notification Pause in Grimma ${tag} saved`)).toBeVisible();
  await expect(page).toHaveURL(/\/app\/pushnotifications\/\d+$/);

  await page.getByRole('button', { name: 'Send now' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('goes to 1 traveller on 0 devices');
  await dialog.getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByText('Message sent')).toBeVisible();
  // Sent: read-only with its figures and receivers; no second send is offered.
  await expect(page.getByRole('heading', { name: `Pause in Grimma ${tag}`, exact: true })).toBeVisible();
  await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send now' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveCount(0);
  expect(await seriousViolations(page, 'sent push notification')).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('push-sent-en.png'), fullPage: true });
  await page.getByRole('tab', { name: 'Receivers' }).click();
  await expect(page.getByRole('cell', { name: coach.travellerEmail })).toBeVisible();

  await page.goto('/app/pushnotifications');
  const row = page.locator('tbody tr').filter({ hasText: `Pause in Grimma ${tag}` });
  await expect(row).toContainText('Sent');
  await expect(row).toContainText('One coach');
});

test.describe('screenshots', () => {
  for (const language of ['de', 'en'] as const) {
    test(`push notifications, ${language}, dark`, async ({ page, context }) => {
      await context.addCookies([{ name: 'i18n_redirected', value: language, url: BASE_URL }]);
      await loginAs(page, 'admin@example.com');
      await page.getByRole('button', { name: /toggle light\/dark mode|hell-\/dunkelmodus/i }).click();
      await page.goto('/app/pushnotifications');
      await expect(page.getByText('Willkommen in Ihrer Reise-App').first()).toBeVisible();
      expect(await seriousViolations(page, 'push notifications')).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`push-list-${language}.png`), fullPage: true });
      await page.getByText('Abfahrt morgen um 7:00 Uhr').first().click();
      await expect(page.getByRole('status').filter({ hasText: /Reisende|travell/ })).toBeVisible();
      expect(await seriousViolations(page, 'push notification draft')).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`push-draft-${language}.png`), fullPage: true });
      await page.goto('/app/pushnotifications');
      await page.getByRole('button', { name: /Quick message|Schnellnachricht/ }).click();
      await page.getByRole('radio', { name: /Only to the coach|Nur an den Bus/ }).check();
      await page.screenshot({ path: test.info().outputPath(`push-quick-${language}.png`), fullPage: true });
      await page.keyboard.press('Escape');
      await page.goto('/app/topics');
      await expect(page.getByText('Gruppenreisen').first()).toBeVisible();
      expect(await seriousViolations(page, 'topics')).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`push-topics-${language}.png`), fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/app/pushnotifications');
      await page.getByText('Abfahrt morgen um 7:00 Uhr').first().click();
      await expect(page.getByRole('status').filter({ hasText: /Reisende|travell/ })).toBeVisible();
      expect(await seriousViolations(page, 'push notification phone')).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`push-draft-phone-${language}.png`), fullPage: true });
    });
  }
});
