import { expect, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { seriousViolations } from '../support/axe.ts';
import { loginAs, networkQuiet } from '../support/session.ts';

/**
 * System settings (issue #18 item 8): each known key has its description and the editor its type calls for, and
 * every change is kept in the setting's history. The spec changes OPTION_REMINDER_HOURS (no other spec depends
 * on it) and puts it back.
 */
test('a superadmin edits a number setting with its editor, reads the history, and sees the typed editors', async ({
  browser,
}) => {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'i18n_redirected', value: 'de', url: BASE_URL }]);
  const page = await context.newPage();
  await loginAs(page, 'superadmin@example.com');

  const open = async (key: string) => {
    await page.goto('/system/settings');
    await page.getByRole('textbox', { name: 'Suche' }).fill(key);
    // The list applies its search after a pause and moves to its own address then; a row opened before that
    // would be left again for the list.
    await expect(page).toHaveURL(new RegExp(`filter=.*${key}`));
    await page.getByRole('cell', { name: key, exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Schlüssel' })).toHaveValue(key);
  };

  await open('OPTION_REMINDER_HOURS');
  await expect(page.getByTestId('setting-description')).toHaveText(
    'Wie viele Stunden vor dem Verfall einer Option der Bucher erinnert wird.',
  );
  const value = page.getByRole('spinbutton', { name: 'Wert' });
  const before = await value.inputValue();
  const changed = String(Number(before) + 1);
  await value.fill(changed);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Einstellung OPTION_REMINDER_HOURS gespeichert')).toBeVisible();

  await open('OPTION_REMINDER_HOURS');
  await expect(value).toHaveValue(changed);
  const history = page.getByRole('table', { name: 'Änderungsverlauf' });
  await expect(history.getByRole('row').filter({ hasText: 'superadmin@example.com' }).first()).toContainText(
    `${before} → ${changed}`,
  );
  await networkQuiet(page);
  expect(await seriousViolations(page, 'setting number de')).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('setting-number-de.png'), fullPage: true });

  // Out of range: refused by the server, nothing saved.
  await value.fill('0');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await open('OPTION_REMINDER_HOURS');
  await expect(value).toHaveValue(changed);
  await value.fill(before);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Einstellung OPTION_REMINDER_HOURS gespeichert')).toBeVisible();

  // A flag is a switch, a list of ids a line of numbers, terms stay JSON.
  await open('QR_TICKETS');
  await expect(page.getByRole('switch', { name: 'Ein' })).toBeVisible();
  await open('countries');
  await expect(page.getByRole('textbox', { name: 'Wert' })).toHaveValue('32, 44, 65, 129, 144, 169, 191');
  await open('PAYMENT_TERMS');
  await expect(page.getByTestId('value-kind')).toHaveText('JSON');
  await context.close();
});
