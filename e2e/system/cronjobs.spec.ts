import { expect, test, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { seriousViolations } from '../support/axe.ts';
import { loginAs, networkQuiet } from '../support/session.ts';

/** The cron jobs screen (/system/cronjobs, superadmin; spec §3, §4, §7, docs/adr/0030). */

const JOB = 'idempotency.purge';
const row = (page: Page) => page.getByRole('row').filter({ hasText: JOB });

test('a superadmin switches a job off and on, runs it now and reads its log entry', async ({ page }) => {
  await loginAs(page, 'superadmin@example.com');
  await page.goto('/system/cronjobs');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cron jobs');
  await expect(row(page)).toBeVisible();
  await expect(row(page).getByText('Purge idempotency keys')).toBeVisible();
  await networkQuiet(page);
  expect(await seriousViolations(page, 'cron jobs')).toEqual([]);

  // Off: the switch says so, the next run says "switched off", and it stays off after a reload.
  const active = row(page).getByRole('switch', { name: 'Active: Purge idempotency keys' });
  await expect(active).toBeChecked();
  await active.click();
  await expect(page.getByText('Purge idempotency keys switched off')).toBeVisible();
  await expect(active).not.toBeChecked();
  await expect(row(page).getByText('switched off', { exact: true })).toBeVisible();
  await page.reload();
  await expect(row(page).getByRole('switch', { name: 'Active: Purge idempotency keys' })).not.toBeChecked();
  await row(page).getByRole('switch', { name: 'Active: Purge idempotency keys' }).click();
  await expect(row(page).getByRole('switch', { name: 'Active: Purge idempotency keys' })).toBeChecked();

  // Run now: the run is claimed and recorded; the list refetches until it is done.
  await row(page).getByRole('button', { name: 'Run now: Purge idempotency keys' }).click();
  await expect(page.getByText('Purge idempotency keys is being run')).toBeVisible();
  // (other jobs may be running on this instance at that moment: the requested run follows right after them)
  await expect(row(page).getByRole('button', { name: 'Run now: Purge idempotency keys' })).toBeEnabled({
    timeout: 45_000,
  });
  await expect(row(page).getByText('Succeeded')).toBeVisible();

  // Its log entry: a manual run that succeeded, with its duration.
  await row(page).getByRole('button', { name: 'Show history: Purge idempotency keys' }).click();
  const history = page.getByRole('table', { name: 'Recent runs' });
  const manual = history.getByRole('row').filter({ hasText: 'Manual' }).first();
  await expect(manual).toContainText('Succeeded');
  await expect(manual).toContainText(/\d+ ms|\d+(\.\d)? s/);
  await page.screenshot({ path: test.info().outputPath('cronjobs-en.png') });
});

test('the schedule dialog checks the expression and previews the next runs', async ({ page }) => {
  await loginAs(page, 'superadmin@example.com');
  await page.goto('/system/cronjobs');
  await row(page).getByRole('button', { name: 'Edit schedule: Purge idempotency keys' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule: Purge idempotency keys' });
  const expression = dialog.getByLabel('Cron expression');
  await expression.fill('61 * * * *');
  await expect(dialog.getByText(/Invalid cron expression/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expression.fill('30 2 * * *');
  const nextRuns = dialog.getByRole('list', { name: 'Next runs' }).getByRole('listitem');
  await expect(nextRuns).toHaveCount(5);
  await expect(nextRuns.first()).toContainText('02:30');
  expect(await seriousViolations(page, 'cron job schedule dialog')).toEqual([]);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page).getByText('30 2 * * *')).toBeVisible();
  await expect(row(page).getByText('customised')).toBeVisible();
  await row(page).getByRole('button', { name: 'Edit schedule: Purge idempotency keys' }).click();
  await page.getByRole('button', { name: 'Restore default' }).click();
  await expect(row(page).getByText('customised')).toBeHidden();
});

test('screenshots: German, dark, phone width', async ({ page, context }) => {
  await context.addCookies([{ name: 'i18n_redirected', value: 'de', url: BASE_URL }]);
  await loginAs(page, 'superadmin@example.com');
  await page.goto('/system/cronjobs');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cronjobs', { timeout: 15_000 });
  await expect(row(page).getByText('Idempotenzschlüssel aufräumen')).toBeVisible();
  await networkQuiet(page);
  await page.screenshot({ path: test.info().outputPath('cronjobs-de.png'), fullPage: true });
  // Dark, on a phone (the page opens at that width, so the menu starts closed).
  await page.getByRole('button', { name: /toggle light\/dark mode|hell-\/dunkelmodus/i }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/system/cronjobs');
  await expect(page.getByText(JOB, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Verlauf anzeigen' }).first().click();
  await page.getByRole('button', { name: 'Jetzt ausführen: Idempotenzschlüssel aufräumen' }).click();
  await expect(page.getByRole('button', { name: 'Jetzt ausführen: Idempotenzschlüssel aufräumen' })).toBeEnabled({
    timeout: 45_000,
  });
  await networkQuiet(page);
  expect(await seriousViolations(page, 'cron jobs phone dark')).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('cronjobs-de-dark-390.png'), fullPage: true });
});
