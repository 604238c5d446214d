import { readFileSync } from 'node:fs';
import { expect, test, type Browser } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { BASE_URL } from '../playwright.config.ts';
import { seriousViolations } from '../support/axe.ts';
import { createCustomer } from '../support/customers.ts';
import { loginAs, networkQuiet } from '../support/session.ts';

/** GDPR tools on the customer's page (issue #18 item 7, docs/adr/0034): export in one click, anonymise in two. */

const tag = () => Date.now() % 1_000_000;

async function screen(browser: Browser, language: 'de' | 'en', theme: 'light' | 'dark', phone: boolean) {
  const context = await browser.newContext({
    viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    baseURL: BASE_URL,
    acceptDownloads: true,
  });
  await context.addCookies([{ name: 'i18n_redirected', value: language, url: BASE_URL }]);
  await context.addInitScript((value) => localStorage.setItem('RaStoretourdesk.theme', JSON.stringify(value)), theme);
  return context.newPage();
}

test('an administrator exports a customer as a ZIP and anonymises it', async ({ browser, request }) => {
  const n = tag();
  const surname = `Auskunft${n}`;
  const customer = await createCustomer(request, 'admin@example.com', {
    firstName: 'Henrike',
    surname,
    address: 'Deichstraße 4',
    zip: '25938',
    city: 'Wyk auf Föhr',
    emails: [{ key: 'email-private', value: `henrike-${n}@example.org` }],
  });
  const page = await screen(browser, 'en', 'light', false);
  await loginAs(page, 'admin@example.com');
  await page.goto(`/customers/${customer.id}/privacy`);
  await expect(page.getByRole('heading', { name: 'Privacy', exact: true })).toBeVisible({ timeout: 20_000 });
  await networkQuiet(page);
  expect(await seriousViolations(page, 'customer privacy tab')).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('en-privacy.png') });

  // Click one: the export.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`kunde-${customer.id}-datenauskunft.zip`);
  const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  expect(JSON.parse(strFromU8(files['card.json']!))).toMatchObject({
    id_vc_card: customer.id,
    name: `${surname}, Henrike`,
  });
  expect(JSON.parse(strFromU8(files['addresses.json']!))).toMatchObject([{ street: 'Deichstraße 4' }]);

  // Clicks one and two: anonymise, confirmed in the dialog that says what goes and what stays.
  await page.getByRole('button', { name: 'Anonymise', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Anonymise customer ${surname}, Henrike?` });
  await expect(dialog.getByText('Bookings and invoices with their numbers and amounts')).toBeVisible();
  expect(await seriousViolations(page, 'anonymise dialog')).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('en-anonymise-dialog.png') });
  await dialog.getByRole('button', { name: 'Anonymise for good' }).click();
  await expect(page.getByText(`Customer anonymised: Anonymisiert ${customer.id}`)).toBeVisible();

  // The list shows the anonymised name, and the old one finds nothing.
  await page.goto('/customers');
  await page.getByPlaceholder('Search').fill(`Anonymisiert ${customer.id}`);
  await expect(page.getByRole('cell', { name: `Anonymisiert ${customer.id}`, exact: true })).toBeVisible();
  await page.getByPlaceholder('Search').fill(surname);
  await networkQuiet(page);
  await expect(page.getByRole('cell', { name: `Anonymisiert ${customer.id}`, exact: true })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: new RegExp(surname) })).toHaveCount(0);
  await page.context().close();
});

test('the privacy tab in German, dark, at phone width', async ({ browser, request }) => {
  const n = tag();
  const customer = await createCustomer(request, 'admin@example.com', {
    firstName: 'Jörg',
    surname: `Schutzbedarf${n}`,
  });
  const page = await screen(browser, 'de', 'dark', true);
  await loginAs(page, 'admin@example.com');
  await page.goto(`/customers/${customer.id}/privacy`);
  await expect(page.getByRole('heading', { name: 'Datenschutz', exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Daten exportieren' })).toBeVisible();
  await networkQuiet(page);
  expect(await seriousViolations(page, 'privacy tab de dark phone')).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('de-dark-phone-privacy.png') });
  await page.getByRole('button', { name: 'Anonymisieren', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText('Wird entfernt');
  await page.screenshot({ path: test.info().outputPath('de-dark-phone-dialog.png') });
  await page.getByRole('button', { name: 'Abbrechen' }).click();
  await page.context().close();
});

test('office staff see no privacy tab', async ({ page, request }) => {
  const customer = await createCustomer(request, 'admin@example.com', {
    firstName: 'Ute',
    surname: `Sichtbar${tag()}`,
  });
  await loginAs(page, 'office@example.com');
  await page.goto(`/customers/${customer.id}`);
  await expect(page.getByRole('tab', { name: 'Contacts' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('tab', { name: 'Privacy' })).toHaveCount(0);
});
