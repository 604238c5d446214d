import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { BASE_URL } from '../playwright.config.ts';
import { seriousViolations } from '../support/axe.ts';
import { loginAs, networkQuiet } from '../support/session.ts';

/**
 * Third-party services and the debug page (issue #18 items 4 and 5). The e2e SMTP server accepts mail without
 * login, so this spec starts one of its own that wants a user name and password (smtp-server's onAuth).
 */
const SMTP_USER = 'reisebuero';
const SMTP_PASSWORD = 'Richtig-2026!';
const WRONG_PASSWORD = `Falsch-${Date.now() % 1_000_000}`;

// Three accessibility scans and a connection test per test: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

let smtp: SMTPServer;
let smtpPort = 0;

test.beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function useLanguage(page: Page, language: 'de' | 'en') {
  await page.context().addCookies([{ name: 'i18n_redirected', value: language, url: BASE_URL }]);
}

test('a superadmin tests an SMTP connection with a wrong password and reads why it failed', async ({ page }) => {
  await useLanguage(page, 'de');
  await page.setViewportSize({ width: 1400, height: 900 });
  await loginAs(page, 'superadmin@example.com');
  await page.goto('/basedata/thirdparty');
  // The app bar's title is the page's one level-one heading (the page once repeated it as a second one).
  const pageHeadings = page.getByRole('heading', { level: 1 });
  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText('Drittanbieter-Dienste');
  await expect(page.getByRole('link', { name: /Facebook-Seite/ })).toBeVisible();
  await expect(pageHeadings).toHaveCount(1);
  await networkQuiet(page);
  expect(await seriousViolations(page, 'thirdparty list')).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('thirdparty-list-de.png'), fullPage: true });

  await page.getByRole('link', { name: /SMTP \(E-Mail-Versand\)/ }).click();
  await expect(page).toHaveURL(/\/basedata\/thirdparty\/provider\/smtp$/);
  const form = page.getByRole('form', { name: 'SMTP (E-Mail-Versand)' });
  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText('SMTP (E-Mail-Versand)');
  await expect(form.getByLabel('Server')).toBeVisible();
  await expect(pageHeadings).toHaveCount(1);
  await form.getByLabel('Server').fill('127.0.0.1');
  await form.getByLabel('Port').fill(String(smtpPort));
  await form.getByLabel('Benutzername').fill(SMTP_USER);
  await form.getByLabel('Passwort', { exact: true }).fill(WRONG_PASSWORD);
  // Tested with the values typed, before saving them.
  await form.getByRole('button', { name: 'Verbindung testen' }).click();
  const result = form.getByRole('status');
  await expect(result).toContainText('Anmeldung abgelehnt – Benutzername, Passwort oder Schlüssel falsch');
  await expect(result).toContainText(/Invalid username or password|535/);
  await expect(result).not.toContainText(WRONG_PASSWORD);
  expect(await seriousViolations(page, 'thirdparty smtp')).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('thirdparty-smtp-wrong-password-de.png'), fullPage: true });

  await form.getByLabel('Passwort', { exact: true }).fill(SMTP_PASSWORD);
  await form.getByRole('button', { name: 'Verbindung testen' }).click();
  await expect(result).toContainText('Verbindung erfolgreich');
});

test('the Facebook page settings and the debug page, in English, dark, on a phone', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, 'superadmin@example.com');
  await page.getByRole('button', { name: /toggle light\/dark mode|hell-\/dunkelmodus/i }).click();
  await page.goto('/basedata/thirdparty/provider/facebook');
  const form = page.getByRole('form', { name: 'Facebook page' });
  // The screen's chunk loads on first use (slow on a busy machine).
  await expect(form.getByLabel('Page id')).toBeVisible({ timeout: 20_000 });
  await expect(form.getByLabel('Access token')).toHaveAttribute('type', 'password');
  await networkQuiet(page);
  expect(await seriousViolations(page, 'thirdparty facebook')).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('thirdparty-facebook-en-dark-390.png'), fullPage: true });

  await page.goto('/debug');
  await expect(page.getByRole('heading', { name: 'Health of the services' })).toBeVisible();
  const health = page.getByRole('table', { name: 'Health of the services' });
  await expect(health.getByRole('row', { name: /Database/ })).toContainText('OK');
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Audit log' }).getByRole('row').nth(1)).toBeVisible();
  await networkQuiet(page);
  expect(await seriousViolations(page, 'debug')).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('debug-en-dark-390.png'), fullPage: true });
});

test('the debug page filters the audit log (German, desktop)', async ({ page }) => {
  await useLanguage(page, 'de');
  await page.setViewportSize({ width: 1400, height: 900 });
  await loginAs(page, 'superadmin@example.com');
  await page.goto('/debug');
  const audit = page.getByRole('table', { name: 'Audit-Log' });
  await expect(audit.getByRole('row').nth(1)).toBeVisible();
  await page.getByLabel('Benutzer (ID oder E-Mail)').fill('superadmin@example.com');
  await expect(audit.getByRole('row').nth(1)).toContainText('superadmin@example.com');
  await page.getByLabel('Von').fill('2000-01-01');
  await page.getByLabel('Bis').fill('2000-01-02');
  await expect(page.getByText('Keine Einträge für diese Filter.')).toBeVisible();
  await page.getByLabel('Von').fill('');
  await page.getByLabel('Bis').fill('');
  await networkQuiet(page);
  await page.screenshot({ path: test.info().outputPath('debug-de.png'), fullPage: true });
});
