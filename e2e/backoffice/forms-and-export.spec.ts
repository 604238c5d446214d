import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { createCustomer as createOne, getCustomer } from '../support/customers.ts';
import { loginAs } from '../support/session.ts';

const createCustomer = (request: APIRequestContext, data: Record<string, unknown>) =>
  createOne(request, 'office@example.com', data);

/** The UI language is a cookie (lib/i18n.ts); the browser itself stays en-US. */
const speakGerman = (context: BrowserContext) =>
  context.addCookies([{ name: 'i18n_redirected', value: 'de', url: BASE_URL }]);

test.describe('in German', () => {
  test.beforeEach(({ context }) => speakGerman(context));

  test('the customers export opens in German Excel: BOM, semicolons, German headers, one row per customer', async ({
    page,
    request,
  }) => {
    await createCustomer(request, {
      salutation: 1,
      firstName: 'Tanja',
      surname: 'Exportprobe',
      birthday: '1971-04-05',
      address: '=1+1',
      city: 'Kempten',
      customerType: 'regular',
      phones: [
        { key: 'phone-private', value: '+49 831 5550001' },
        { key: 'phone-mobile', value: '+49 170 5550002' },
      ],
      emails: [{ key: 'email-private', value: 'tanja.exportprobe@example.com' }],
    });
    await createCustomer(request, { firstName: 'Örjan', surname: 'Exportprobe', city: 'Füssen' });

    await loginAs(page, 'office@example.com');
    await page.goto('/customers');
    await page.getByPlaceholder('Suchen').fill('Exportprobe');
    await expect(page.locator('tbody tr')).toHaveCount(2);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportieren' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile((await download.path())!);

    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    const header = lines[0]!.split(';');
    expect(header).toEqual(expect.arrayContaining(['Kundennummer', 'Anrede', 'Nachname', 'Vorname', 'Telefonnummern']));
    expect(lines).toHaveLength(3);
    const tanja = lines.find((line) => line.includes('Tanja'))!;
    const cell = (line: string, name: string) => line.split(';')[header.indexOf(name)];
    expect(cell(tanja, 'Anrede')).toBe('Frau');
    expect(cell(tanja, 'Geburtsdatum')).toBe('05.04.1971');
    expect(cell(tanja, 'Kundenart')).toBe('Stammkunde');
    // All phones in one cell; a leading + or = would make Excel run the cell as a formula.
    expect(cell(tanja, 'Telefonnummern')).toBe(`"'+49 831 5550001, +49 170 5550002"`);
    expect(cell(tanja, 'Straße und Hausnummer')).toBe(`"'=1+1"`);
    expect(lines.find((line) => line.includes('Örjan'))).toContain('Füssen');
  });

  test('saving names the customer, and a wrong e-mail is the app’s message, not the browser’s bubble', async ({
    page,
    request,
  }) => {
    const customer = await createCustomer(request, { salutation: 1, firstName: 'Tanja', surname: 'Baumann' });
    await loginAs(page, 'office@example.com');
    await page.goto(`/customers/${customer.id}`);
    await expect(page.getByLabel('Nachname')).toHaveValue('Baumann');
    await page.screenshot({ path: test.info().outputPath('customer-form-de.png'), fullPage: true });

    await page.getByRole('tab', { name: 'Kontakte' }).click();
    await page.getByRole('button', { name: 'Hinzufügen' }).nth(1).click();
    const email = page.getByLabel('E-Mail', { exact: true }).last();
    await email.fill('keine-adresse');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeVisible();

    await email.fill('tanja.baumann@example.com');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Kunde Baumann, Tanja gespeichert')).toBeVisible();
  });

  test('registration shows what is wrong at the fields, without a vague banner above them', async ({ page }) => {
    await page.goto('/auth/register');
    await page.getByLabel('E-Mail').fill('keine-adresse');
    await page.getByRole('button', { name: 'Registrieren' }).click();
    await expect(page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeVisible();
    await expect(page.getByText('Dieses Feld ist erforderlich.').first()).toBeVisible();
    await expect(page.getByText('Bitte akzeptieren Sie die AGB und die Datenschutzerklärung.').first()).toBeVisible();
    await expect(page.getByText('Die Anfrage ist ungültig.')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test('leaving a changed form asks first, and staying keeps what was typed', async ({ page }) => {
  await loginAs(page, 'office@example.com');
  await page.goto('/customers');
  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/customers\/create$/);
  await page.getByLabel('First name').fill('Unsaved');

  const questions: string[] = [];
  let dismissed: Promise<void> | undefined;
  page.once('dialog', (dialog) => {
    questions.push(dialog.message());
    dismissed = dialog.dismiss();
  });
  await page.locator('a[href="/customers"]').first().click();
  await expect.poll(() => questions).toEqual([expect.stringMatching(/weren't saved/)]);
  // A person's pause before the next click. react-admin lifts the block in a React transition after the answer;
  // a click before that has rendered finds the navigation still blocked, and its unsaved-changes hook then never
  // asks again (seen in 1 of 8 runs, the second click 60 ms after the first question; 93 ms and more passed).
  await dismissed;
  await page.waitForTimeout(1_000);
  await expect(page).toHaveURL(/\/customers\/create$/);
  await expect(page.getByLabel('First name')).toHaveValue('Unsaved');

  page.once('dialog', (dialog) => void dialog.accept());
  await page.locator('a[href="/customers"]').first().click();
  await expect(page).toHaveURL(/\/customers$/);
});

test('an English browser types and sees dates as DD.MM.YYYY and the server gets YYYY-MM-DD', async ({
  page,
  request,
}) => {
  expect(await page.evaluate(() => navigator.language)).toBe('en-US');
  await loginAs(page, 'office@example.com');
  await page.goto('/customers/create');
  await page.getByLabel('First name').fill('Dora');
  await page.getByLabel('Surname').fill('Datumstest');
  await page.getByLabel('Date of birth').fill('12.03.1985');
  await page.getByLabel('Passport valid until').fill('31.02.2030');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This value is not valid.')).toBeVisible();
  await page.getByLabel('Passport valid until').fill('1.2.2030');
  await page.screenshot({ path: test.info().outputPath('date-input-en.png') });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Customer Datumstest, Dora saved')).toBeVisible();
  await expect(page).toHaveURL(/\/customers\/\d+$/);

  const id = Number(/(\d+)$/.exec(page.url())![1]);
  const saved = await getCustomer(request, id);
  expect(saved.birthday).toBe('1985-03-12');
  expect(saved.passportValidUntil).toBe('2030-02-01');
  await page.reload();
  await expect(page.getByLabel('Date of birth')).toHaveValue('12.03.1985');
  await expect(page.getByLabel('Passport valid until')).toHaveValue('01.02.2030');
});

test('on a phone the customers list is a compact list', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, 'office@example.com');
  await page.goto('/customers');
  await expect(page.locator('table')).toHaveCount(0);
  await expect(page.getByRole('link').filter({ hasText: /, / }).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('customers-phone.png') });
});
