import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { devices, expect, test, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { seriousViolations } from '../support/axe.ts';
import { linkTo, waitForMail } from '../support/mailbox.ts';
import { loginAs } from '../support/session.ts';
import { LOOKS } from '../support/looks.ts';
import { phonePage } from '../support/phone.ts';

const SHOTS = join(import.meta.dirname, '..', '.tmp', 'screenshots', 'newsletter');

/** Three readers as another tool exports them: semicolons, a BOM, German headers. */
const readersCsv = (emails: readonly string[]) =>
  Buffer.from(
    `\uFEFF${['E-Mail;Vorname;Nachname;Anrede', ...emails.map((email, index) => `${email};Anna${index + 1};Leserin;Frau`)].join('\r\n')}\r\n`,
  );

/** A contact list made, certified and filled by importing a CSV, as staff do it on the list's page. */
async function importReaders(page: Page, listName: string, emails: readonly string[]) {
  await page.goto('/newsletter/contactslist/create');
  await page.getByLabel('Name').fill(listName);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/newsletter\/contactslist\/\d+$/);
  await page.getByRole('button', { name: 'Certify list' }).click();
  const certify = page.getByRole('dialog', { name: 'Certify contact list' });
  const statements = certify.getByRole('checkbox');
  await expect(statements).toHaveCount(5);
  for (let i = 0; i < 5; i++) await statements.nth(i).check();
  await certify.getByRole('button', { name: 'Certify' }).click();
  await expect(page.getByText(/Certified on \d\d\.\d\d\.\d{4} \d\d:\d\d by /)).toBeVisible();

  await page.getByRole('button', { name: 'Import' }).click();
  const importer = page.getByRole('dialog', { name: 'Import contacts' });
  await importer
    .locator('input[type=file]')
    .setInputFiles({ name: 'leser.csv', mimeType: 'text/csv', buffer: readersCsv(emails) });
  await expect(importer.getByText('leser.csv: 3 rows found.', { exact: false })).toBeVisible();
  await importer.getByRole('combobox', { name: 'E-mail' }).click();
  await page.getByRole('option', { name: 'E-Mail', exact: true }).click();
  await expect(importer.getByTestId('import-counts')).toContainText('New: 3');
  await importer.getByRole('button', { name: 'Import' }).click();
  await expect(importer.getByTestId('import-summary')).toHaveText('Import finished: 3 created, 0 updated, 0 skipped.', {
    timeout: 30_000,
  });
  await importer.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('heading', { name: 'Members (3)' })).toBeVisible();
}

/** A marketing template started from the trip-teaser card (its button links to the Lake Garda trip). */
async function templateFromCard(page: Page, templateName: string) {
  await page.goto('/newsletter/templates/cards');
  await page.getByRole('button', { name: 'Use this template: Reise-Teaser' }).click();
  await expect(page).toHaveURL(/\/newsletter\/templates\/create$/);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(templateName);
  await expect(page.getByText('MJML is valid')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Template ${templateName} saved`)).toBeVisible();
}

const TRIP_LINK = 'https://www.example.com/reisen/gardasee';

test('staff import readers into a certified list, build a template, test-send, schedule and send a campaign, follow its tracked link and see the open and click in the analysis; the unsubscribe link works without login', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  const stamp = String(Date.now()).slice(-7);
  const emails = [1, 2, 3].map((n) => `leser${n}-${stamp}@example.org`);
  const listName = `E2E Leserliste ${stamp}`;
  const templateName = `E2E Vorlage ${stamp}`;

  await loginAs(page, 'admin@example.com');
  await importReaders(page, listName, emails);
  await templateFromCard(page, templateName);
  // a list nobody certified is shown but cannot be chosen
  await page.goto('/newsletter/contactslist/create');
  await page.getByLabel('Name').fill(`E2E Ohne Zertifikat ${stamp}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/newsletter\/contactslist\/\d+$/);

  await page.goto('/newsletter/campaigns/create');
  await page.getByRole('textbox', { name: 'Title' }).fill(`Frühling ${stamp}`);
  await page.getByRole('textbox', { name: 'Subject' }).fill('Neue Reisen für {{first_name}}');
  await page.getByRole('textbox', { name: 'Sender name' }).fill('Sonnenschein Reisen');
  await page.getByRole('textbox', { name: 'Sender e-mail' }).fill('newsletter@sonnenschein-reisen.de');
  await page.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: templateName }).click();
  // the uncertified list cannot be chosen
  await expect(page.getByRole('checkbox', { name: `E2E Ohne Zertifikat ${stamp} (not certified)` })).toBeDisabled();
  await page.getByRole('checkbox', { name: listName }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/newsletter\/campaigns\/id_save\/\d+$/);
  const id = Number(/id_save\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByText('3 recipients').first()).toBeVisible();
  expect(await seriousViolations(page, 'campaign review')).toEqual([]);

  // test send: arrives at the SMTP server beside the app, personalised, [TEST], without tracking
  await page.getByRole('textbox', { name: 'Test address' }).fill(`pruefer-${stamp}@example.org`);
  await page.getByRole('button', { name: 'Send test' }).click();
  const testMail = await waitForMail(`pruefer-${stamp}@example.org`, /^\[TEST\] Neue Reisen für Anna1$/);
  expect(testMail.html).toContain(TRIP_LINK);
  expect(testMail.html).not.toContain('/api/v1/newsletter/o/');

  // schedule at a Berlin time, then change our mind and send now
  await page.getByLabel('Date and time (Europe/Berlin)').fill('2099-05-04T09:30');
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.getByText('Scheduled', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('04.05.2099 09:30')).toBeVisible();
  await page.getByRole('button', { name: 'Send now' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /confirm/i })
    .click();
  await expect(page.getByText('3 of 3 sent')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible();
  const mails = await Promise.all(emails.map((email) => waitForMail(email, /^Neue Reisen für Anna\d$/)));
  expect(mails[1]!.subject).toBe('Neue Reisen für Anna2');

  // the list shows it sent with its progress
  await page.goto('/newsletter/campaigns');
  const row = page.locator('tbody tr').filter({ hasText: `Frühling ${stamp}` });
  await expect(row.getByText('Sent', { exact: true })).toBeVisible();
  await expect(row.getByText('3 of 3 sent')).toBeVisible();
  expect(await seriousViolations(page, 'campaign list')).toEqual([]);

  // The first reader opens the mail in a browser-based mail program (its images, the tracking pixel among them,
  // load) and clicks the trip button: the tracked link leads on to the trip's page (answered here, the trip site
  // is not reachable from the test machine). The "mail program" shows the mail at an address of the app's host,
  // so the browser's private-network rules do not stop the pixel.
  const reader = await browser.newContext({ userAgent: devices['Desktop Chrome'].userAgent });
  const readerPage = await reader.newPage();
  await readerPage.route(`${BASE_URL}/e2e-mail-program`, (route) =>
    route.fulfill({ contentType: 'text/html', body: mails[0]!.html }),
  );
  await reader.route(`${TRIP_LINK}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Gardasee</title><h1>Gardasee</h1>' }),
  );
  const pixelLoaded = readerPage.waitForResponse((response) => response.url().includes('/api/v1/newsletter/o/'));
  await readerPage.goto(`${BASE_URL}/e2e-mail-program`);
  expect((await pixelLoaded).headers()['content-type']).toBe('image/gif');
  // The mail's button opens a new tab (MJML's target="_blank").
  const [trip] = await Promise.all([
    reader.waitForEvent('page'),
    readerPage.getByRole('link', { name: 'Jetzt Plätze sichern' }).click(),
  ]);
  await expect(trip).toHaveURL(TRIP_LINK);
  await expect(trip.getByRole('heading', { name: 'Gardasee' })).toBeVisible();
  await reader.close();

  // The analysis counts the open and the click of that one reader.
  await page.goto('/newsletter/analysis');
  await page.getByRole('link', { name: new RegExp(`Frühling ${stamp}`) }).click();
  const figures = page.getByTestId('campaign-figures');
  await expect(figures).toContainText(/Sent\s*3/);
  await expect(figures).toContainText(/Opened \(people\)\s*1/);
  await expect(figures).toContainText(/Clicked \(people\)\s*1/);
  const linkRow = page.getByRole('table', { name: 'Clicks per link' }).getByRole('row').filter({ hasText: TRIP_LINK });
  await expect(linkRow.getByRole('cell').nth(1)).toHaveText('1');

  // unsubscribe without login, from the link in the mail
  // the text part shows the link as `[https://…]`: the token is what follows the path
  const unsubscribePath = `/newsletter/unsubscribe/${/\/newsletter\/unsubscribe\/(n1\.\d+\.[\w-]{22})/.exec(linkTo(mails[0]!, '/newsletter/unsubscribe/'))![1]}`;
  const visitor = await browser.newContext({ baseURL: BASE_URL });
  const guest = await visitor.newPage();
  await guest.goto(unsubscribePath);
  await expect(guest.getByText(/Do you want to stop the newsletter to l•+@example\.org\?/)).toBeVisible();
  expect(await seriousViolations(guest, 'unsubscribe')).toEqual([]);
  await guest.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(guest.getByRole('status')).toContainText('You have unsubscribed');
  await guest.getByRole('button', { name: 'Undo: subscribe again' }).click();
  await expect(guest.getByRole('status')).toContainText('You are subscribed again');
  await guest.goto('/newsletter/unsubscribe/n1.1.AAAAAAAAAAAAAAAAAAAAAA');
  await expect(guest.getByText('This unsubscribe link is invalid or has expired.')).toBeVisible();
  await visitor.close();

  // screenshots at phone width: editor, review and unsubscribe page in German and English, light and dark
  for (const [language, theme] of LOOKS) {
    const shot = await phonePage(browser, { language, theme, touch: false });
    await loginAs(shot, 'admin@example.com');
    await shot.goto('/newsletter/campaigns/create');
    await expect(shot.getByRole('checkbox', { name: listName })).toBeVisible();
    await shot.screenshot({ path: join(SHOTS, `${language}-${theme}-editor.png`), fullPage: true });
    await shot.goto(`/newsletter/campaigns/id_save/${id}`);
    await expect(shot.getByText(listName)).toBeVisible();
    await shot.screenshot({ path: join(SHOTS, `${language}-${theme}-review.png`), fullPage: true });
    expect(await seriousViolations(shot, `review ${language} ${theme}`)).toEqual([]);
    await shot.context().clearCookies();
    await shot.context().addCookies([{ name: 'i18n_redirected', value: language, url: BASE_URL }]);
    await shot.goto(unsubscribePath);
    await expect(shot.getByRole('button', { name: language === 'de' ? 'Abbestellen' : 'Unsubscribe' })).toBeVisible();
    await shot.screenshot({ path: join(SHOTS, `${language}-${theme}-unsubscribe.png`), fullPage: true });
    expect(await seriousViolations(shot, `unsubscribe ${language} ${theme}`)).toEqual([]);
    await shot.context().close();
  }
});
