import { expect, test, type Browser, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { seriousViolations } from '../support/axe.ts';
import { loginAs, networkQuiet } from '../support/session.ts';

const settled = async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1, { timeout: 30_000 });
  await expect(page.locator('.MuiCircularProgress-root')).toHaveCount(0, { timeout: 30_000 });
};

async function superadmin(browser: Browser, language: 'de' | 'en', options: { dark?: boolean; width?: number } = {}) {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1400, height: 900 },
    locale: language,
  });
  await context.addCookies([{ name: 'i18n_redirected', value: language, url: BASE_URL }]);
  const page = await context.newPage();
  await loginAs(page, 'superadmin@example.com');
  if (options.dark)
    await page.getByRole('button', { name: /toggle light\/dark mode|Hell-\/Dunkelmodus umschalten/i }).click();
  return page;
}

/** A German Excel CSV: BOM, `;`, German dates; the e-mail column is called "Kontakt", so it is mapped by hand. */
function csvFile(tag: number): Buffer {
  const lines = ['Anrede;Vorname;Nachname;PLZ;Ort;Kontakt;Geburtstag'];
  for (let i = 0; i < 40; i++)
    lines.push(`Frau;Gast${i};Import${tag};80331;München;gast${i}.${tag}@e2e-import.example;01.02.19${50 + i}`);
  lines.push(`Frau;Gast3;Import${tag};80331;München;gast3.${tag}@e2e-import.example;01.02.1953`);
  lines.push(`Herr;Ohne;Datum${tag};;;;31.02.1970`);
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);
}

test('a superadmin imports a CSV with a mapping saved as source, reads the report and undoes the import', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now() % 1_000_000;
  const page = await superadmin(browser, 'de');
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto('/system/import');
  await settled(page);
  await expect(page.getByRole('heading', { name: 'Datenimport', level: 1 })).toBeVisible();
  expect(await seriousViolations(page, 'import: file step')).toEqual([]);

  await page
    .getByTestId('import-file')
    .setInputFiles({ name: `kunden-${tag}.csv`, mimeType: 'text/csv', buffer: csvFile(tag) });
  await expect(page.getByText(`kunden-${tag}.csv: 42 Zeilen`)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Nachname' })).toHaveText(/Nachname/);
  await page.getByRole('combobox', { name: 'E-Mail' }).click();
  await page.getByRole('option', { name: /^Kontakt/ }).click();
  await page.getByLabel('Zuordnung speichern als Quelle').fill(`Messe ${tag}`);
  await page.screenshot({ path: test.info().outputPath('import-mapping-de.png'), fullPage: true });
  expect(await seriousViolations(page, 'import: mapping step')).toEqual([]);
  await page.getByRole('button', { name: 'Vorschau anzeigen' }).click();

  await expect(page.getByTestId('import-counts')).toContainText('Neu: 40');
  await expect(page.getByTestId('import-counts')).toContainText('Überspringen: 2');
  await page.screenshot({ path: test.info().outputPath('import-preview-de.png'), fullPage: true });
  expect(await seriousViolations(page, 'import: preview step')).toEqual([]);
  await page.getByRole('button', { name: 'Import starten' }).click();

  await expect(page.getByTestId('import-summary')).toHaveText('Fertig: 40 angelegt, 0 aktualisiert, 2 übersprungen.', {
    timeout: 60_000,
  });
  await expect(page.getByRole('cell', { name: 'Doppelt in der Datei' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Geburtstag ungültig' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('import-report-de.png'), fullPage: true });
  expect(await seriousViolations(page, 'import: report')).toEqual([]);

  // The customers are there …
  await page.goto(`/customers?filter=${encodeURIComponent(JSON.stringify({ q: `Import${tag}` }))}`);
  await networkQuiet(page);

  // … and the undo removes them again.
  await page.goto('/system/import');
  await settled(page);
  const row = page
    .getByTestId('import-history')
    .getByRole('row')
    .filter({ hasText: `kunden-${tag}.csv` });
  await expect(row).toContainText('Abgeschlossen');
  await row.getByRole('button', { name: 'Rückgängig machen' }).click();
  await expect(page.getByTestId('undo-result')).toContainText('40 Kunden gelöscht');
  await expect(row).toContainText('Rückgängig gemacht');
  await page.context().close();
});

test('the import screen in English, dark, and on a phone', async ({ browser }) => {
  const english = await superadmin(browser, 'en', { dark: true });
  await english.goto('/system/import');
  await settled(english);
  await expect(english.getByRole('heading', { name: 'Data import', level: 1 })).toBeVisible();
  await networkQuiet(english);
  await english.screenshot({ path: test.info().outputPath('import-en-dark.png'), fullPage: true });
  expect(await seriousViolations(english, 'import: dark')).toEqual([]);
  await english.context().close();

  const phone = await superadmin(browser, 'de', { width: 390 });
  await phone.goto('/system/import');
  await settled(phone);
  await networkQuiet(phone);
  await phone.screenshot({ path: test.info().outputPath('import-phone-de.png'), fullPage: true });
  expect(await seriousViolations(phone, 'import: phone')).toEqual([]);
  await phone.context().close();
});
