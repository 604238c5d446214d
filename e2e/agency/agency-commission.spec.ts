import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Booking } from '@tourdesk/contracts/bookings.schema';
import { BASE_URL } from '../playwright.config.ts';
import { seriousViolations, type Finding } from '../support/axe.ts';
import { createCustomer } from '../support/customers.ts';
import { callApi } from '../support/journeys.ts';
import { apiToken, createAgencyWithUser, loginAs, networkQuiet } from '../support/session.ts';

const ADMIN = 'admin@example.com';
const AGENCY2 = 'agency2@example.com';
/** Next year: the booking departs in it, so the statement and the invoice look at the year after this one. */
const YEAR = new Date().getFullYear() + 1;

/**
 * A trip departing on 10 March next year at 600 € a person, and a firm booking of two travellers for one of the
 * agency's own customers, made through the API as the agency user `agency` (an agency of the test's own: the
 * statement and the collective invoice take in all of an agency's bookings of the year).
 */
async function agencyBooking(request: APIRequestContext, agency: string, tag: string): Promise<Booking> {
  const journey = await callApi<{ id: number; dates: Array<{ nr: number }> }>(request, ADMIN, 'POST', '/journey-lit', {
    title: `Provisionsreise ${tag}`,
    slug: `provisionsreise-${tag}`,
    dates: [
      {
        termincode: `PR-${tag}`,
        date_from: `${YEAR}-03-10`,
        date_till: `${YEAR}-03-14`,
        prices: [{ description: 'pro Person', amount: 600, additional_price: 0 }],
      },
    ],
  });
  const customer = await createCustomer(request, agency, { firstName: 'Klara', surname: `Kunde ${tag}` });
  expect(customer.agencyId).not.toBeNull();
  const token = await apiToken(request, agency);
  const response = await request.post('/api/v1/ratio_vorgang', {
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': `agency-commission-${tag}` },
    data: {
      termin: journey.dates[0]!.nr,
      type: 'regular',
      language: 'de',
      buchender: { id_vc_card: customer.id },
      teilnehmer: [
        { name: `Kunde ${tag}`, name1: 'Klara' },
        { name: `Kunde ${tag}`, name1: 'Karl' },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const booking = (await response.json()) as Booking;
  expect(booking.status).toBe('firm');
  expect(booking.agencyId).toBe(customer.agencyId);
  return booking;
}

/** Clicks a download button and returns the file's name and content. */
async function downloadOf(page: Page, button: ReturnType<Page['getByRole']>) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: file.suggestedFilename(), content: await readFile(await file.path()) };
}

/** Switches the period picker to the year and one step on: the year the booking departs in. */
async function chooseNextYear(page: Page, prefix: string) {
  await page.getByTestId(`${prefix}-kind-year`).click();
  await page.getByRole('button', { name: /^(Next year|Nächstes Jahr)$/ }).click();
  await expect(page.getByTestId(`${prefix}-name`)).toHaveText(String(YEAR));
}

async function animationsDone(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
}

/** Serious or critical axe findings that outlast the transitions (retried briefly). */
async function lastingViolations(page: Page, label: string): Promise<Finding[]> {
  let findings = await seriousViolations(page, label);
  for (let retry = 0; retry < 3 && findings.length > 0; retry++) {
    await page.waitForTimeout(500);
    await animationsDone(page);
    findings = await seriousViolations(page, label);
  }
  return findings;
}

test('staff set the rate, the agency sees its commission and collective invoice, the other agency none of it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const tag = String(Date.now()).slice(-6);
  const { agencyId, email: agency } = await createAgencyWithUser(request, `c${tag}`);

  // The admin sets the agency's default rate to 10,5 % on the agency's page.
  await loginAs(page, ADMIN);
  await page.goto(`/agencies/${agencyId}/commission-rates`);
  const rate = page.getByLabel('Default rate');
  await rate.fill('10,555');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/at most two decimals/)).toBeVisible();
  await rate.fill('10,5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Commission rates of .* saved/)).toBeVisible();
  // A change not saved yet: leaving the tab asks first, and staying keeps it.
  await rate.fill('12');
  let asked = '';
  page.once('dialog', (dialog) => {
    asked = dialog.message();
    void dialog.dismiss();
  });
  await page.getByRole('tab', { name: 'Commission statement' }).click();
  await expect.poll(() => asked).toMatch(/changes weren't saved/);
  await expect(page).toHaveURL(/\/commission-rates$/);
  await expect(rate).toHaveValue('12');
  await page.reload();
  await expect(page.getByLabel('Default rate')).toHaveValue('10,50');

  // A firm booking of two travellers at 600 € made by the agency after that: 1.200 € earning 10,5 %.
  const booking = await agencyBooking(request, agency, tag);

  // The agency user sees it in the statement of the year it departs in and downloads the CSV.
  const agencyContext = await browser.newContext({ baseURL: BASE_URL });
  const agencyPage = await agencyContext.newPage();
  await loginAs(agencyPage, agency);
  await agencyPage.goto('/agencies/provision');
  await expect(agencyPage.getByRole('tab', { name: 'Commission statement' })).toHaveAttribute('aria-selected', 'true');
  await chooseNextYear(agencyPage, 'commission-period');
  const line = agencyPage.getByTestId(`commission-line-${booking.vorgangnr}`);
  await expect(line).toContainText(`Provisionsreise ${tag}`);
  await expect(line).toContainText(`10.03.${YEAR}`);
  await expect(line).toContainText('1.200,00 €');
  await expect(line).toContainText('10,50 %');
  await expect(line).toContainText('126,00 €');
  const csv = await downloadOf(agencyPage, agencyPage.getByRole('button', { name: 'Download CSV' }));
  expect(csv.name).toMatch(/\.csv$/);
  const text = csv.content.toString('utf8');
  const csvLine = text.split(/\r?\n/).find((row) => row.startsWith(`${booking.vorgangnr};`));
  expect(csvLine, text).toBeDefined();
  expect(csvLine).toContain(`Provisionsreise ${tag}`);
  expect(csvLine).toContain('126,00');
  const pdf = await downloadOf(agencyPage, agencyPage.getByRole('button', { name: 'Download PDF' }));
  expect(pdf.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Staff invoice the year collectively: first the confirmation names the period.
  await page.goto(`/agencies/${agencyId}/collective-invoices`);
  await chooseNextYear(page, 'invoice-period');
  await page.getByRole('button', { name: 'Create collective invoice' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`01.01.${YEAR} – 31.12.${YEAR}`);
  await dialog.getByRole('button', { name: 'Create collective invoice' }).click();
  await expect(page.getByText(/Collective invoice SR-\d{4}-\d{5} created/)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const invoiceRow = page.locator('[data-testid^="collective-invoice-SR-"]').first();
  const number = (await invoiceRow.getAttribute('data-testid'))!.replace('collective-invoice-', '');
  // A second one for the same period has nothing left to invoice, and says so.
  await page.getByRole('button', { name: 'Create collective invoice' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Create collective invoice' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Nothing to invoice' })).toContainText(
    `01.01.${YEAR} – 31.12.${YEAR}`,
  );

  // The agency sees the invoice in its statement and among its collective invoices, and downloads it.
  await agencyPage.reload();
  await chooseNextYear(agencyPage, 'commission-period');
  await expect(agencyPage.getByTestId(`commission-line-${booking.vorgangnr}`)).toContainText(number);
  await agencyPage.getByRole('tab', { name: 'Collective invoices' }).click();
  const agencyRow = agencyPage.getByTestId(`collective-invoice-${number}`);
  await expect(agencyRow).toContainText(`01.01.${YEAR} – 31.12.${YEAR}`);
  const invoicePdf = await downloadOf(agencyPage, agencyRow.getByRole('button', { name: `Download ${number} as PDF` }));
  expect(invoicePdf.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await agencyRow.getByRole('button', { name: `E-invoice ${number}` }).click();
  const xml = await downloadOf(
    agencyPage,
    agencyPage.getByRole('menuitem', { name: `Download ${number} as XRechnung CII` }),
  );
  expect(xml.content.toString('utf8')).toContain(number);
  await agencyPage.getByRole('button', { name: `Show the bookings of ${number}` }).click();
  await expect(agencyPage.getByRole('table', { name: `Bookings of collective invoice ${number}` })).toContainText(
    String(booking.vorgangnr),
  );
  await agencyContext.close();

  // The other agency sees none of it.
  const otherContext = await browser.newContext({ baseURL: BASE_URL });
  const otherPage = await otherContext.newPage();
  await loginAs(otherPage, AGENCY2);
  await otherPage.goto('/agencies/provision');
  // Its own statement of that year loads (it may have bookings of its own), without the other agency's booking.
  const statement = otherPage.waitForResponse(
    (response) => response.url().includes(`/agency-commission?`) && response.url().includes(`from=${YEAR}-01-01`),
  );
  await chooseNextYear(otherPage, 'commission-period');
  expect((await statement).status()).toBe(200);
  await expect(otherPage.getByText(/No bookings of your agency|Total/).first()).toBeVisible();
  await expect(otherPage.getByTestId(`commission-line-${booking.vorgangnr}`)).toHaveCount(0);
  await expect(otherPage.getByText(`Provisionsreise ${tag}`)).toHaveCount(0);
  const invoices = otherPage.waitForResponse((response) => response.url().includes('/ratio/api/bulk-invoices/'));
  await otherPage.getByRole('tab', { name: 'Collective invoices' }).click();
  expect((await invoices).status()).toBe(200);
  await expect(otherPage.getByText(/There are no collective invoices yet|SR-/).first()).toBeVisible();
  await expect(otherPage.getByText(number)).toHaveCount(0);
  await otherContext.close();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the commission screens have no serious or critical axe finding (${theme})`, async ({ page, request }) => {
    const tag = `${theme[0]}${String(Date.now()).slice(-6)}`;
    const { agencyId, email: agency } = await createAgencyWithUser(request, tag);
    await agencyBooking(request, agency, tag);
    const findings: Finding[] = [];
    const toggleTheme = () => page.getByRole('button', { name: /toggle light\/dark mode|hell-\/dunkelmodus/i }).click();
    await loginAs(page, agency);
    if (theme === 'dark') await toggleTheme();
    await page.goto('/agencies/provision');
    await chooseNextYear(page, 'commission-period');
    await expect(page.getByText(`Provisionsreise ${tag}`)).toBeVisible();
    findings.push(...(await lastingViolations(page, `${theme} /agencies/provision`)));
    await page.getByRole('tab', { name: 'Collective invoices' }).click();
    await networkQuiet(page);
    findings.push(...(await lastingViolations(page, `${theme} /agencies/provision?tab=invoices`)));
    await page.goto('/auth/logout');
    await expect(page).toHaveURL(/\/auth\/login/);

    await loginAs(page, ADMIN);
    if (theme === 'dark') await toggleTheme();
    for (const tab of ['bookings', 'commission-rates', 'commission', 'collective-invoices']) {
      await page.goto(`/agencies/${agencyId}/${tab}`);
      await networkQuiet(page);
      findings.push(...(await lastingViolations(page, `${theme} /agencies/${agencyId}/${tab}`)));
    }
    await page.getByRole('button', { name: 'Create collective invoice' }).click();
    await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
    findings.push(...(await lastingViolations(page, `${theme} create dialog`)));
    expect(findings).toEqual([]);
  });
}

/** Screens looked at: each language and each theme once (support/looks.ts), on a desktop and on a 390 px phone. */
const SHOTS = [
  { language: 'de', theme: 'light', width: 1280 },
  { language: 'en', theme: 'dark', width: 390 },
] as const;

for (const { language, theme, width } of SHOTS) {
  test(`screenshots of the commission screens (${language}, ${theme}, ${width} px)`, async ({
    page,
    context,
    request,
  }) => {
    const tag = `${language}${theme[0]}${width}${String(Date.now()).slice(-5)}`;
    const { agencyId, email: agency } = await createAgencyWithUser(request, tag);
    await callApi(request, ADMIN, 'PUT', `/organization/${agencyId}/commission-rates`, {
      rates: [{ categoryId: null, percent: 8 }],
    });
    await agencyBooking(request, agency, tag);
    await context.addCookies([{ name: 'i18n_redirected', value: language, url: BASE_URL }]);
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    const shot = (name: string) =>
      page.screenshot({
        path: `/tmp/h-agency-money-web/shots/${name}-${language}-${theme}-${width}.png`,
        fullPage: true,
      });
    const darkIfWanted = async () => {
      if (theme === 'dark')
        await page.getByRole('button', { name: /toggle light\/dark mode|hell-\/dunkelmodus/i }).click();
    };
    const create = /^(Create collective invoice|Sammelrechnung erstellen)$/;
    await loginAs(page, ADMIN);
    await darkIfWanted();
    for (const tab of ['bookings', 'commission-rates', 'commission', 'collective-invoices']) {
      await page.goto(`/agencies/${agencyId}/${tab}`);
      await networkQuiet(page);
      if (tab === 'commission') await chooseNextYear(page, 'commission-period');
      if (tab === 'collective-invoices') {
        await chooseNextYear(page, 'invoice-period');
        await page.getByRole('button', { name: create }).click();
        await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
        await shot('staff-invoice-dialog');
        await page.getByRole('dialog').getByRole('button', { name: create }).click();
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await page
          .getByRole('button', {
            name: /^(Show the bookings of|Buchungen von .* anzeigen|Show bookings|Buchungen anzeigen)/,
          })
          .first()
          .click();
        await networkQuiet(page);
      }
      await page.waitForTimeout(300);
      await shot(`staff-${tab}`);
    }
    await page.goto('/auth/logout');
    await expect(page).toHaveURL(/\/auth\/login/);
    await loginAs(page, agency);
    await darkIfWanted();
    await page.goto('/agencies/provision');
    await chooseNextYear(page, 'commission-period');
    await expect(page.getByText(`Provisionsreise ${tag}`)).toBeVisible();
    await shot('agency-statement');
    await page.getByRole('tab', { name: /^(Collective invoices|Sammelrechnungen)$/ }).click();
    await networkQuiet(page);
    await shot('agency-invoices');
  });
}
