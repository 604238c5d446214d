import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Booking } from '@tourdesk/contracts/bookings.schema';
import { BASE_URL } from '../playwright.config.ts';
import { seriousViolations, type Finding } from '../support/axe.ts';
import { createCustomer } from '../support/customers.ts';
import { callApi, type JourneyAnswer } from '../support/journeys.ts';
import { loginAs } from '../support/session.ts';
import { LOOKS } from '../support/looks.ts';

const ADMIN = 'admin@example.com';
const AGENCY = 'agency@example.com';
const AGENCY2 = 'agency2@example.com';

/**
 * A trip of its own with one date (adult price 620 €), a boarding point each way, and a customer of the first
 * agency, made by the agency user itself.
 */
async function setUp(request: APIRequestContext, tag: string) {
  const journey = await callApi<JourneyAnswer>(request, ADMIN, 'POST', '/journey-lit', {
    title: `Gardasee ${tag}`,
    slug: `gardasee-${tag}`,
    dates: [
      {
        termincode: `GS-${tag}`,
        date_from: '2027-06-07',
        date_till: '2027-06-12',
        prices: [{ description: 'Erwachsener', category: 'adult', amount: 620, additional_price: 0 }],
      },
    ],
  });
  const nr = journey.dates[0]!.nr;
  const stop = await callApi<{ id: number }>(request, ADMIN, 'POST', '/zustiege-lit', {
    name: `Erfurt Hbf ${tag}`,
    city: 'Erfurt',
    country: 'DE',
  });
  const planned = await request.put(`/api/v1/departures/${nr}`, {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: {
      travelStops: (['outbound', 'return'] as const).map((direction) => ({
        id_zus_zustiege: stop.id,
        direction,
        time: direction === 'outbound' ? '06:30' : '20:00',
        surcharge: 0,
      })),
    },
  });
  expect(planned.status(), await planned.text()).toBe(200);
  const customer = await createCustomer(request, AGENCY, {
    salutation: 0,
    firstName: 'Jonas',
    surname: `Reisinger${tag}`,
    birthday: '1979-05-04',
  });
  expect(customer.agencyId).not.toBeNull();
  return { nr, journeyId: journey.id, customer };
}

async function adminToken(request: APIRequestContext) {
  const response = await request.post('/api/v1/authentication', {
    data: { strategy: 'local', email: ADMIN, password: 'Demo1234!' },
  });
  return (await response.json()).accessToken as string;
}

type Texts = typeof DE;
const DE = {
  bookTitle: 'Reise buchen',
  quickTitle: 'Schnellbuchung',
  listTitle: 'Meine Buchungen',
  next: 'Weiter',
  save: 'Buchung speichern',
  customerSearch: 'Kunde suchen',
  journeySearch: 'Reise suchen (Titel, Kürzel, Reiseziel)',
  add: 'Teilnehmer hinzufügen',
  participant: (nr: number) => `Teilnehmer ${nr}`,
  firstName: 'Vorname',
  surname: /^Nachname/,
  option: 'Option',
  firm: 'Feste Buchung',
  total: 'Gesamtpreis',
  documents: 'Dokumente',
  confirmation: 'Reisebestätigung (PDF)',
  notFound: 'Nicht gefunden.',
  date: 'Reisetermin',
  count: 'Anzahl Teilnehmer',
  quickFirst: (nr: number) => `Vorname (Teilnehmer ${nr})`,
  quickSurname: (nr: number) => new RegExp(`^Nachname \\(Teilnehmer ${nr}\\)`),
  outbound: 'Hinfahrt',
};
const EN: Texts = {
  bookTitle: 'Book a trip',
  quickTitle: 'Quick booking',
  listTitle: 'My bookings',
  next: 'Next',
  save: 'Save booking',
  customerSearch: 'Search customer',
  journeySearch: 'Search trip (title, code, destination)',
  add: 'Add participant',
  participant: (nr: number) => `Participant ${nr}`,
  firstName: 'First name',
  surname: /^Surname/,
  option: 'Option',
  firm: 'Firm booking',
  total: 'Total',
  documents: 'Documents',
  confirmation: 'Booking confirmation (PDF)',
  notFound: 'Not found.',
  date: 'Departure date',
  count: 'Number of participants',
  quickFirst: (nr: number) => `First name (participant ${nr})`,
  quickSurname: (nr: number) => new RegExp(`^Surname \\(participant ${nr}\\)`),
  outbound: 'Outbound',
};

type Shoot = (name: string) => Promise<void>;

/** The agency's wizard up to the summary: its customer, the trip and date, the booker and one more traveller. */
async function fillWizard(page: Page, t: Texts, tag: string, shoot?: Shoot) {
  const surname = `Reisinger${tag}`;
  await page.goto('/agencies/booking');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.bookTitle);
  await page.getByLabel(t.customerSearch).fill(surname);
  await page.getByRole('button', { name: new RegExp(surname) }).click();
  await shoot?.('customer');
  await page.getByRole('button', { name: t.next }).click();

  await page.getByLabel(t.journeySearch).fill(`Gardasee ${tag}`);
  await page.getByRole('button', { name: new RegExp(`Gardasee ${tag}`) }).click();
  await page.getByRole('button', { name: t.next }).click();

  await page.getByRole('radio', { name: new RegExp(`GS-${tag}`) }).check();
  await shoot?.('date');
  await page.getByRole('button', { name: t.next }).click();

  const booker = page.getByRole('region', { name: new RegExp(`^${t.participant(1)}`) });
  await expect(booker.getByLabel(t.surname)).toHaveValue(surname);
  await page.getByRole('button', { name: t.add }).click();
  const second = page.getByRole('region', { name: t.participant(2), exact: true });
  await second.getByLabel(t.firstName).fill('Carla');
  await second.getByLabel(t.surname).fill(surname);
  await shoot?.('participants');
  await page.getByRole('button', { name: t.next }).click();
  await page.getByRole('button', { name: t.next }).click();
  await page.getByRole('button', { name: t.next }).click();
  await expect(page.getByRole('row', { name: new RegExp(t.total) })).toBeVisible();
}

/** Clicks a download button and returns the PDF's text. */
async function pdfTextOf(page: Page, button: ReturnType<Page['getByRole']>) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  return { name: file.suggestedFilename(), text: (await extractText(pdf, { mergePages: true })).text };
}

test('an agency books two travellers for its own customer, follows and downloads it; the other agency sees nothing', async ({
  page,
  context,
  request,
  browser,
}) => {
  const tag = String(Date.now()).slice(-6);
  const { nr, customer } = await setUp(request, tag);
  await context.addCookies([{ name: 'i18n_redirected', value: 'de', url: BASE_URL }]);
  await loginAs(page, AGENCY);
  const findings: Finding[] = [];

  await fillWizard(page, DE, tag);
  // Agencies book as request, option, waiting list or firm booking, never as a draft.
  await expect(page.getByRole('radio', { name: 'Entwurf' })).toHaveCount(0);
  await page.getByRole('radio', { name: DE.option, exact: true }).check();
  await expect(page.getByRole('row', { name: /Gesamtpreis/ })).toContainText('1.240,00 €');
  findings.push(...(await seriousViolations(page, 'wizard summary')));
  await page.getByRole('button', { name: DE.save }).click();

  await expect(page).toHaveURL(/\/agencies\/vorgang\/\d+$/);
  const id = Number(/\/agencies\/vorgang\/(\d+)$/.exec(page.url())![1]);
  const booking = await callApi<Booking>(request, ADMIN, 'GET', `/ratio_vorgang/${id}`);
  expect(booking).toMatchObject({ termin: nr, status: 'option', price: 1240 });
  expect(booking.agencyId).toBe(customer.agencyId);
  expect(booking.buchender?.id_vc_card).toBe(customer.id);
  expect(booking.teilnehmer.map((participant) => participant.name1)).toEqual(['Jonas', 'Carla']);

  // No office controls on the agency's booking.
  await expect(page.getByRole('button', { name: 'Stornieren' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'In Bearbeitung geben' })).toHaveCount(0);
  findings.push(...(await seriousViolations(page, 'agency booking')));

  // The list shows it with its option deadline; the row opens it.
  await page.goto('/agencies/vorgang');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(DE.listTitle);
  const row = page.getByRole('row', { name: new RegExp(`Reisinger${tag}`) });
  await expect(row).toContainText(String(booking.vorgangnr));
  await expect(row).toContainText('Option');
  findings.push(...(await seriousViolations(page, 'agency bookings')));
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/agencies/vorgang/${id}$`));

  await page.getByRole('tab', { name: DE.documents }).click();
  await expect(page.getByRole('button', { name: 'Rechnung stellen' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Senden' })).toHaveCount(0);
  const confirmation = await pdfTextOf(page, page.getByRole('button', { name: DE.confirmation }));
  expect(confirmation.name).toBe(`Reisebestaetigung-${booking.vorgangnr}.pdf`);
  expect(confirmation.text).toContain(`Reisinger${tag}`);
  expect(confirmation.text).toContain(`GS-${tag}`);
  expect(confirmation.text).toContain('Carla');

  await page.getByRole('tab', { name: 'Preise & Zahlungen' }).click();
  await expect(page.getByText('Zahlung erfassen')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Mahnung/ })).toHaveCount(0);
  findings.push(...(await seriousViolations(page, 'agency payments')));
  expect(findings).toEqual([]);

  // The other agency, in a browser of its own: not in its list, and the booking's address is not found.
  const elsewhere = await browser.newContext({ baseURL: BASE_URL });
  await elsewhere.addCookies([{ name: 'i18n_redirected', value: 'de', url: BASE_URL }]);
  const other = await elsewhere.newPage();
  await loginAs(other, AGENCY2);
  await other.goto('/agencies/vorgang');
  await expect(other.getByRole('heading', { level: 1 })).toHaveText(DE.listTitle);
  const loaded = other.getByText('Keine Buchungen gefunden').or(other.getByRole('row').nth(1));
  await expect(loaded.first()).toBeVisible();
  await expect(other.getByText(`Reisinger${tag}`)).toHaveCount(0);
  await other.getByPlaceholder(/^Vorgangsnr/).fill(String(booking.vorgangnr));
  await expect(other.getByText('Keine Buchungen gefunden')).toBeVisible();
  await expect(other.getByText(`Reisinger${tag}`)).toHaveCount(0);
  await other.goto(`/agencies/vorgang/${id}`);
  await expect(other.getByRole('alert').filter({ hasText: DE.notFound })).toBeVisible();
  await other.goto(`/agencies/vorgang/${id}/documents`);
  await expect(other.getByRole('alert').filter({ hasText: DE.notFound })).toBeVisible();
  await expect(other.getByRole('button', { name: DE.confirmation })).toHaveCount(0);
  await elsewhere.close();
});

test('the quick booking books a firm booking with names and a stop on one page', async ({ page, context, request }) => {
  const tag = String(Date.now()).slice(-6);
  const { customer } = await setUp(request, tag);
  await context.addCookies([{ name: 'i18n_redirected', value: 'de', url: BASE_URL }]);
  await loginAs(page, AGENCY);
  await page.goto('/agencies/booking/index2');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(DE.quickTitle);
  await fillQuick(page, DE, tag);
  await page.getByRole('radio', { name: DE.firm }).check();
  expect(await seriousViolations(page, 'quick booking')).toEqual([]);
  await page.getByRole('button', { name: DE.save }).click();

  await expect(page).toHaveURL(/\/agencies\/vorgang\/\d+$/);
  const id = Number(/\/agencies\/vorgang\/(\d+)$/.exec(page.url())![1]);
  const booking = await callApi<Booking>(request, ADMIN, 'GET', `/ratio_vorgang/${id}`);
  expect(booking).toMatchObject({ status: 'firm', price: 1240, agencyId: customer.agencyId });
  expect(booking.teilnehmer.map((participant) => [participant.name1, participant.name])).toEqual([
    ['Jonas', `Reisinger${tag}`],
    ['Carla', `Reisinger${tag}`],
  ]);
  expect(booking.teilnehmer.every((participant) => participant.zustieghin !== null)).toBe(true);
});

/** The quick form: trip, date, the agency's customer, two travellers with names, the stop out. */
async function fillQuick(page: Page, t: Texts, tag: string) {
  const surname = `Reisinger${tag}`;
  await page.getByLabel(t.journeySearch).fill(`Gardasee ${tag}`);
  await page.getByRole('button', { name: new RegExp(`Gardasee ${tag}`) }).click();
  await page.getByRole('combobox', { name: t.date }).click();
  await page.getByRole('option', { name: new RegExp(`GS-${tag}`) }).click();
  await page.getByLabel(t.customerSearch).fill(surname);
  await page.getByRole('button', { name: new RegExp(surname) }).click();
  await page.getByRole('combobox', { name: t.count }).click();
  await page.getByRole('option', { name: '2', exact: true }).click();
  await expect(page.getByLabel(t.quickSurname(1))).toHaveValue(surname);
  await page.getByLabel(t.quickFirst(2)).fill('Carla');
  await page.getByLabel(t.quickSurname(2)).fill(surname);
  await page.getByRole('combobox', { name: t.outbound }).click();
  await page.getByRole('option', { name: new RegExp(`Erfurt Hbf ${tag}`) }).click();
  await expect(page.getByTestId('quick-total')).toContainText(/1[.,]240[.,]00/);
}

for (const [language, theme] of LOOKS) {
  test(`the agency's screens pass axe and are looked at on a phone (${language}, ${theme})`, async ({
    page,
    context,
    request,
  }) => {
    const tag = String(Date.now()).slice(-6);
    const t = language === 'de' ? DE : EN;
    await setUp(request, tag);
    await context.addCookies([{ name: 'i18n_redirected', value: language, url: BASE_URL }]);
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, AGENCY);
    if (theme === 'dark')
      await page.getByRole('button', { name: /toggle light\/dark mode|hell-\/dunkelmodus/i }).click();
    const findings: Finding[] = [];
    const shoot = async (name: string) => {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `/tmp/agency-${name}-${language}-${theme}.png`, fullPage: true });
      findings.push(...(await seriousViolations(page, `${name} ${language} ${theme}`)));
    };
    await fillWizard(page, t, tag, shoot);
    await page.getByRole('radio', { name: t.option, exact: true }).check();
    await shoot('summary');
    await page.getByRole('button', { name: t.save }).click();
    await expect(page).toHaveURL(/\/agencies\/vorgang\/\d+$/);
    await expect(page.getByRole('tab').first()).toBeVisible();
    await shoot('booking');
    await page.getByRole('tab', { name: t.documents }).click();
    await expect(page.getByRole('button', { name: t.confirmation })).toBeVisible();
    await shoot('documents');
    await page.goto('/agencies/vorgang');
    await expect(page.getByText(`Reisinger${tag}`).first()).toBeVisible();
    await shoot('list');
    await page.goto('/agencies/booking/index2');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.quickTitle);
    await fillQuick(page, t, tag);
    await shoot('quick');
    expect(findings).toEqual([]);
  });
}
