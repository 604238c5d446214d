import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { seriousViolations } from '../support/axe.ts';
import { loginAs } from '../support/session.ts';

const SHOTS = join(import.meta.dirname, '..', '.tmp', 'screens', 'newsletter-contacts');

const settled = async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1, { timeout: 30_000 });
  await expect(page.locator('.MuiCircularProgress-root')).toHaveCount(0, { timeout: 30_000 });
};

async function office(browser: Browser, language: 'de' | 'en', options: { dark?: boolean; width?: number } = {}) {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1400, height: 900 },
    locale: language,
  });
  await context.addCookies([{ name: 'i18n_redirected', value: language, url: BASE_URL }]);
  const page = await context.newPage();
  await loginAs(page, 'office@example.com');
  if (options.dark)
    await page.getByRole('button', { name: /toggle light\/dark mode|Hell-\/Dunkelmodus umschalten/i }).click();
  return page;
}

/** A CSV as staff export it from another tool: the address column is called "Adresse", so it is mapped by hand. */
function csvFile(rows: number): Buffer {
  const lines = ['Adresse;Vorname;Familienname;Kundennummer'];
  for (let i = 0; i < rows; i++) lines.push(`sommer${i}@e2e-import.example;Gast${i};Sommer;K${1000 + i}`);
  lines.push('sommer3@e2e-import.example;Doppelt;Sommer;K9999');
  lines.push('keine-adresse;Ohne;Adresse;K9998');
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);
}

test('staff certify a list, add a contact by hand (duplicate message), and import a CSV with mapping and progress', async ({
  browser,
}) => {
  const page = await office(browser, 'de');
  await page.goto('/newsletter/contactslist/create');
  await settled(page);
  await page.getByLabel('Name').fill('Sommergäste E2E');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Kontaktliste Sommergäste E2E gespeichert')).toBeVisible();
  await expect(page).toHaveURL(/\/newsletter\/contactslist\/\d+$/);

  // Certification: all five statements, then who and when.
  await expect(page.getByText('Diese Liste ist nicht zertifiziert')).toBeVisible();
  await page.getByRole('button', { name: 'Liste zertifizieren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kontaktliste zertifizieren' });
  const confirm = dialog.getByRole('button', { name: 'Zertifizieren' });
  const boxes = dialog.getByRole('checkbox');
  await expect(boxes).toHaveCount(5);
  for (let i = 0; i < 4; i++) await boxes.nth(i).check();
  await expect(confirm).toBeDisabled();
  await boxes.nth(4).check();
  expect(await seriousViolations(page, 'certification dialog')).toEqual([]);
  await confirm.click();
  await expect(page.getByText(/Zertifiziert am \d\d\.\d\d\.\d{4} \d\d:\d\d von Jürgen Weiß/)).toBeVisible();

  // A contact by hand, then the same address again: the message stands at the field.
  const email = page.getByLabel('E-Mail-Adresse hinzufügen');
  await email.fill('hand.eingabe@e2e.example');
  await page.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  await expect(page.getByRole('cell', { name: 'hand.eingabe@e2e.example', exact: true })).toBeVisible();
  await email.fill('Hand.Eingabe@e2e.example');
  await page.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  await expect(page.getByText('Diese E-Mail-Adresse ist in dieser Liste bereits vorhanden.')).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');

  // Import into this list: upload, map the address column by hand, preview with duplicates, progress, summary.
  await page.getByRole('button', { name: 'Importieren' }).click();
  const importer = page.getByRole('dialog', { name: 'Kontakte importieren' });
  await importer
    .locator('input[type=file]')
    .setInputFiles({ name: 'sommergaeste.csv', mimeType: 'text/csv', buffer: csvFile(600) });
  await expect(importer.getByText('sommergaeste.csv: 602 Zeilen erkannt.', { exact: false })).toBeVisible();
  await expect(importer.getByRole('combobox', { name: 'Vorname' })).toHaveText('Vorname');
  await importer.getByRole('combobox', { name: 'E-Mail' }).click();
  await page.getByRole('option', { name: 'Adresse' }).click();
  await expect(importer.getByTestId('import-counts')).toContainText('Neu: 600');
  await expect(importer.getByTestId('import-counts')).toContainText('Doppelt in der Datei: 1');
  await expect(importer.getByTestId('import-counts')).toContainText('Ungültige E-Mail: 1');
  await expect(importer.getByRole('cell', { name: 'sommer0@e2e-import.example', exact: true })).toBeVisible();
  expect(await seriousViolations(page, 'import dialog')).toEqual([]);
  await importer.getByRole('button', { name: 'Importieren' }).click();
  await expect(importer.getByTestId('import-summary')).toHaveText(
    'Import abgeschlossen: 600 neu angelegt, 0 aktualisiert, 2 übersprungen.',
    { timeout: 30_000 },
  );
  await expect(importer.getByRole('progressbar', { name: 'Fortschritt des Imports' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(importer.getByText('602 von 602 Zeilen verarbeitet')).toBeVisible();
  await importer.getByRole('button', { name: 'Schließen' }).click();
  await expect(page.getByRole('heading', { name: 'Mitglieder (601)' })).toBeVisible();
  expect(await seriousViolations(page, 'list detail')).toEqual([]);

  // The imported contacts carry their consent source.
  await page.goto('/newsletter/contacts?filter=%7B%22q%22%3A%22sommer7%40e2e-import.example%22%7D');
  await page.getByRole('cell', { name: 'sommer7@e2e-import.example', exact: true }).click();
  await expect(page.getByText(/^import: sommergaeste\.csv, Jürgen Weiß, /)).toBeVisible();
});

for (const language of ['de', 'en'] as const) {
  for (const dark of [false, true]) {
    const theme = dark ? 'dark' : 'light';
    test(`contacts, import dialog and list detail look right (${language}, ${theme}) and pass axe`, async ({
      browser,
    }) => {
      const page = await office(browser, language, { dark });
      await page.goto('/newsletter/contacts');
      await settled(page);
      await expect(page.getByRole('row')).not.toHaveCount(1);
      expect(await seriousViolations(page, `contacts ${language} ${theme}`)).toEqual([]);
      await page.screenshot({ path: join(SHOTS, `${language}-${theme}-contacts.png`) });

      await page.getByRole('button', { name: language === 'de' ? 'Importieren' : 'Import' }).click();
      const importer = page.getByRole('dialog');
      await importer.locator('input[type=file]').setInputFiles({
        name: 'kontakte.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          'E-Mail;Vorname;Nachname\r\nanna@shot.example;Anna;Bild\r\nanna@shot.example;Anna;Zweimal\r\nkaputt;K;K\r\n',
        ),
      });
      await expect(importer.getByTestId('import-counts')).toBeVisible();
      expect(await seriousViolations(page, `import ${language} ${theme}`)).toEqual([]);
      await page.screenshot({ path: join(SHOTS, `${language}-${theme}-import.png`) });
      await page.keyboard.press('Escape');

      await page.goto('/newsletter/contactslist');
      await settled(page);
      await page.getByRole('cell', { name: 'Stammkunden', exact: true }).click();
      await expect(
        page.getByRole('heading', { name: language === 'de' ? 'Zertifizierung' : 'Certification' }),
      ).toBeVisible();
      await expect(page.getByRole('row').nth(2)).toBeVisible();
      expect(await seriousViolations(page, `list detail ${language} ${theme}`)).toEqual([]);
      await page.screenshot({ path: join(SHOTS, `${language}-${theme}-list-detail.png`), fullPage: true });
    });
  }
}

test('on a phone (390 px) the contacts and a list are readable', async ({ browser }) => {
  const page = await office(browser, 'de', { width: 390 });
  await page.goto('/newsletter/contacts');
  await settled(page);
  expect(await seriousViolations(page, 'contacts phone')).toEqual([]);
  await page.screenshot({ path: join(SHOTS, 'de-light-contacts-390.png') });
  await page.goto('/newsletter/contactslist');
  await settled(page);
  await page.getByText('Stammkunden').click();
  await expect(page.getByRole('heading', { name: 'Zertifizierung' })).toBeVisible();
  expect(await seriousViolations(page, 'list detail phone')).toEqual([]);
  await page.screenshot({ path: join(SHOTS, 'de-light-list-detail-390.png'), fullPage: true });
});

test('a visitor subscribes on the website and confirms with one click on the mailed page', async ({
  page,
  request,
}) => {
  const subscribed = await request.post('/api/v1/newsletter/subscribe', {
    data: { email: 'besucher@e2e-website.example', firstName: 'Bea', language: 'de' },
  });
  expect(subscribed.status()).toBe(202);
  const { waitForMail, linkTo } = await import('../support/mailbox.ts');
  const mail = await waitForMail('besucher@e2e-website.example', /Newsletter-Anmeldung/);
  await page.context().addCookies([{ name: 'i18n_redirected', value: 'de', url: BASE_URL }]);
  await page.goto(linkTo(mail, '/auth/newsletter-confirm/'));
  await expect(page.getByRole('heading', { name: 'Newsletter-Anmeldung bestätigen' })).toBeVisible();
  expect(await seriousViolations(page, 'confirm page')).toEqual([]);
  await page.getByRole('button', { name: 'Anmeldung bestätigen' }).click();
  await expect(
    page.getByText('Vielen Dank! Die Anmeldung für besucher@e2e-website.example ist bestätigt.'),
  ).toBeVisible();
});
