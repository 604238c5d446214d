import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Booking } from '@tourdesk/contracts/bookings.schema';
import type { BookingAccount } from '@tourdesk/contracts/payments.schema';
import { BASE_URL } from '../playwright.config.ts';
import { seriousViolations, type Finding } from '../support/axe.ts';
import { fillWizard, setUpWizardTrip, WIZARD_DE, WIZARD_EN } from '../support/booking-wizard.ts';
import { downloadOf, pdfPages, seatRange } from '../support/bookings.ts';
import { callApi } from '../support/journeys.ts';
import { waitForMail } from '../support/mailbox.ts';
import { loginAs, networkQuiet } from '../support/session.ts';

/**
 * A booking's whole life in the browser (issue 11): an office clerk books a family of four through the wizard as
 * an option, books it firmly, records the deposit, downloads the confirmation and the invoice, cancels one
 * participant in two steps, and sees the first booking of the date's waiting list turned into an option.
 * The date is made through the API with a coach of four free seats each way, so the family fills it and the
 * cancellation frees exactly the place the waiting booking of one needs.
 */

const ADMIN = 'admin@example.com';
const OFFICE = 'office@example.com';
const SHOTS = join(import.meta.dirname, '..', '.tmp', 'shots', 'booking-life');

type Language = 'de' | 'en';

/** What the clerk sees on the detail page, in the two languages the journey runs in. */
const LIFE = {
  de: {
    wizard: WIZARD_DE,
    optionSaveAs: 'Option',
    optionUntil: 'Option bis',
    heading: (nr: number) => `Vorgang ${nr}`,
    status: { option: 'Option', firm: 'Feste Buchung' },
    bookFirm: 'Fest buchen',
    tab: {
      overview: 'Übersicht',
      participants: 'Teilnehmer',
      seats: 'Sitze & Zustiege',
      payments: 'Preise & Zahlungen',
      documents: 'Dokumente',
      mails: 'E-Mails',
      history: 'Verlauf',
    },
    amount: /^Betrag/,
    reference: /^Verwendungszweck/,
    savePayment: 'Zahlung speichern',
    paymentSaved: (nr: number) => new RegExp(`Zahlung über .* zu Vorgang ${nr} gespeichert`),
    confirmationPdf: 'Reisebestätigung (PDF)',
    issueInvoice: 'Rechnung stellen',
    invoiceIssued: /Rechnung RE-\d{4}-\d{5} gestellt/,
    asPdf: /als PDF herunterladen$/,
    cancel: 'Stornieren',
    some: 'Einzelne Teilnehmer stornieren',
    otherServices: 'Weitere Leistungen',
    fee: 'Stornogebühr',
    quote: 'Stornokosten berechnen',
    quoteTitle: (nr: number) => `Stornokosten für Vorgang ${nr}`,
    terms: /Tage vor Abreise .*: 10 %/,
    confirm: 'Jetzt stornieren',
    done: (nr: number) => new RegExp(`Vorgang ${nr} storniert, Gebühr 35,40\\s€, Gutschrift GS-\\d{4}-\\d{5}`),
    close: 'Schließen',
    cancelledMark: 'storniert',
    emptyWaitlist: 'Auf diesem Termin wartet keine Buchung.',
    offered: 'Platz angeboten',
    pdf: {
      confirmation: 'Reisebestätigung',
      invoice: 'Rechnung',
      creditNote: 'Gutschrift',
      total: '1.756,00 €',
      credit: '318,60 €',
      stopLine: (stop: string) => `Zustieg Hinfahrt ${stop}`,
    },
  },
  en: {
    wizard: WIZARD_EN,
    optionSaveAs: 'Option',
    optionUntil: 'Option until',
    heading: (nr: number) => `Booking ${nr}`,
    status: { option: 'Option', firm: 'Firm booking' },
    bookFirm: 'Book firmly',
    tab: {
      overview: 'Overview',
      participants: 'Participants',
      seats: 'Seats & stops',
      payments: 'Prices & payments',
      documents: 'Documents',
      mails: 'E-mails',
      history: 'History',
    },
    amount: /^Amount/,
    reference: /^Reference/,
    savePayment: 'Save payment',
    paymentSaved: (nr: number) => new RegExp(`Payment of .* for booking ${nr} saved`),
    confirmationPdf: 'Booking confirmation (PDF)',
    issueInvoice: 'Issue invoice',
    invoiceIssued: /Invoice RE-\d{4}-\d{5} issued/,
    asPdf: /as PDF$/,
    cancel: 'Cancel',
    some: 'Cancel single participants',
    otherServices: 'Other services',
    fee: 'Cancellation fee',
    quote: 'Work out the fee',
    quoteTitle: (nr: number) => `Cancellation fee for booking ${nr}`,
    terms: /days before departure .*: 10 %/,
    confirm: 'Cancel now',
    done: (nr: number) => new RegExp(`Booking ${nr} cancelled, fee 35,40\\s€, credit note GS-\\d{4}-\\d{5}`),
    close: 'Close',
    cancelledMark: 'cancelled',
    emptyWaitlist: 'No booking is waiting on this date.',
    offered: 'Place offered',
    pdf: {
      confirmation: 'Booking confirmation',
      invoice: 'Invoice',
      creditNote: 'Credit note',
      total: '€1,756.00',
      credit: '€318.60',
      stopLine: (stop: string) => `Boarding outbound ${stop}`,
    },
  },
} as const;

/** A day `days` from today as the wizard's date field takes it (DD.MM.YYYY). */
function germanDay(days: number): string {
  const day = new Date(Date.now() + days * 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(day.getUTCDate())}.${pad(day.getUTCMonth() + 1)}.${day.getUTCFullYear()}`;
}

/** A single traveller on the date's waiting list, booked through the API, with an e-mail for the offer. */
async function joinWaitlist(request: APIRequestContext, termin: number, tag: string): Promise<Booking> {
  const waiting = await callApi<Booking>(request, ADMIN, 'POST', '/ratio_vorgang', {
    termin,
    type: 'waitlist',
    language: 'de',
    buchender: { surname: `Winter ${tag}`, firstName: 'Wim', email: `wim.winter.${tag}@example.org` },
    teilnehmer: [{ name: `Winter ${tag}`, name1: 'Wim' }],
  });
  expect(waiting.status).toBe('waitlist');
  return waiting;
}

type Variant = { language: Language; width: number; dark: boolean };

async function bookingLife(page: Page, request: APIRequestContext, { language, width, dark }: Variant) {
  const t = LIFE[language];
  const tag = String(Date.now()).slice(-6);
  const surname = `Sommerfeld${tag}`;
  const variant = `${language}-${width}-${dark ? 'dark' : 'light'}`;
  mkdirSync(SHOTS, { recursive: true });
  const shoot = async (name: string) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(SHOTS, `${variant}-${name}.png`), fullPage: true });
  };
  // axe scans at desktop width, as the other booking specs do (the phone run is for the pictures)
  const findings: Finding[] = [];
  const scan = async (label: string) => {
    if (width >= 600) findings.push(...(await seriousViolations(page, label)));
  };

  // Four free seats each way (5 to 8): the family fills the date.
  const {
    nr: termin,
    journeyId,
    customer,
  } = await setUpWizardTrip(request, tag, [...seatRange(1, 4), ...seatRange(9, 16)]);
  await page.context().addCookies([{ name: 'i18n_redirected', value: language, url: BASE_URL }]);
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
  await loginAs(page, OFFICE);
  if (dark) await page.getByRole('button', { name: /toggle light\/dark mode|hell-\/dunkelmodus/i }).click();

  // 1. The wizard: the family of four, two boarding points each way, seats 5 to 8, saved as an option.
  await fillWizard(page, t.wizard, tag, (step) => shoot(`wizard-${step}`));
  await page.getByRole('radio', { name: t.optionSaveAs, exact: true }).check();
  const optionUntil = germanDay(10);
  await page.getByLabel(t.optionUntil).fill(optionUntil);
  await expect(page.getByRole('row', { name: new RegExp(t.wizard.total) })).toContainText('1.756,00');
  await shoot('wizard-summary');
  await page.getByRole('button', { name: t.wizard.save }).click();

  await expect(page).toHaveURL(/\/vorgang\/\d+$/);
  const id = Number(/\/vorgang\/(\d+)$/.exec(page.url())![1]);
  const heading = page.getByRole('heading', { level: 2, name: t.heading(id) });
  await expect(heading).toBeVisible();
  const facts = page.getByRole('tabpanel');
  await expect(facts).toContainText(t.status.option);
  await expect(facts).toContainText(`${t.optionUntil}${optionUntil}`);
  const saved = await callApi<Booking>(request, ADMIN, 'GET', `/ratio_vorgang/${id}`);
  expect(saved).toMatchObject({ termin, status: 'option', price: 1756 });
  expect(saved.buchender?.id_vc_card).toBe(customer.id);
  expect(saved.option_until?.slice(0, 10)).toBe(optionUntil.split('.').reverse().join('-'));
  expect(saved.teilnehmer.map((participant) => participant.sitzhin)).toEqual(['5', '6', '7', '8']);
  expect(saved.teilnehmer.map((participant) => participant.sitzrueck)).toEqual(['5', '6', '7', '8']);
  const outboundStops = saved.teilnehmer.map((participant) => participant.zustieghin);
  expect(new Set(outboundStops).size).toBe(2);
  expect(outboundStops[0]).toBe(outboundStops[1]);
  expect(outboundStops[2]).toBe(outboundStops[3]);

  // The date is full now; a single traveller waits for a place, first in the queue of the departure.
  const waiting = await joinWaitlist(request, termin, tag);
  await page.goto(`/internet/journeys/${journeyId}/dates/${termin}/waitlist`);
  await expect(page.getByTestId('waitlist-1')).toContainText(`Winter ${tag}`);
  await expect(page.getByTestId('waitlist-2')).toHaveCount(0);
  await shoot('departure-waitlist-before');

  // 2. Made a firm booking on its detail page.
  await page.goto(`/vorgang/${id}`);
  await expect(heading).toBeVisible();
  await page.getByRole('button', { name: t.bookFirm }).click();
  await expect(facts).toContainText(t.status.firm);
  await expect(facts).not.toContainText(t.optionUntil);
  await shoot('detail-overview');
  await scan('overview');

  // 3. The deposit of the payment schedule is recorded on the payments tab.
  await page.getByRole('tab', { name: t.tab.payments }).click();
  await expect(page).toHaveURL(new RegExp(`/vorgang/${id}/payments$`));
  const account = await callApi<BookingAccount>(request, ADMIN, 'GET', `/ratio_vorgang/${id}/payments`);
  const deposit = account.schedule.find((due) => due.kind === 'deposit')?.amount;
  if (deposit === undefined) throw new Error(`no deposit in the schedule: ${JSON.stringify(account.schedule)}`);
  await page.getByLabel(t.amount).fill(deposit.toFixed(2).replace('.', ','));
  await page.getByLabel(t.reference).fill(`Anzahlung ${tag}`);
  await page.getByRole('button', { name: t.savePayment }).click();
  await expect(page.getByText(t.paymentSaved(id))).toBeVisible();
  await expect(page.getByRole('cell', { name: `Anzahlung ${tag}` })).toBeVisible();
  const paid = await callApi<BookingAccount>(request, ADMIN, 'GET', `/ratio_vorgang/${id}/payments`);
  expect(paid.paid).toBe(deposit);
  expect(paid.open).toBeCloseTo(1756 - deposit, 2);
  await shoot('detail-payments');
  await scan('payments');

  // 4. The confirmation, then the invoice issued and downloaded: both PDFs say what was booked.
  await page.getByRole('tab', { name: t.tab.documents }).click();
  const confirmation = await downloadOf(page, page.getByRole('button', { name: t.confirmationPdf }));
  expect(confirmation.head).toBe('%PDF-');
  const confirmationText = (await pdfPages(confirmation.path)).join('\n');
  expect(confirmationText).toContain(t.pdf.confirmation);
  expect(confirmationText).toContain(String(id));
  expect(confirmationText).toContain(`Ostseeferien ${tag}`);
  for (const first of ['Petra', 'Thomas', 'Lena', 'Max']) expect(confirmationText).toContain(first);
  expect(confirmationText).toContain(`07:00 Leipzig Hbf ${tag}`);
  expect(confirmationText).toContain(`08:15 Dresden Hbf ${tag}`);
  // the surcharge lines name the direction (in the booking's language) and the traveller; the line may wrap
  // before the surname
  expect(confirmationText).toContain(`${t.pdf.stopLine(`Dresden Hbf ${tag}`)} – Max`);
  expect(confirmationText).toContain(`Max ${surname}`);
  expect(confirmationText).toContain(t.pdf.total);

  await page.getByRole('button', { name: t.issueInvoice }).click();
  await expect(page.getByText(t.invoiceIssued)).toBeVisible();
  // The invoice is current: it cannot be issued again until the booking changes.
  await expect(page.getByRole('button', { name: t.issueInvoice })).toHaveCount(0);
  const invoiceRow = page.getByTestId(/^invoice-RE-/);
  const invoiceNumber = (await invoiceRow.getAttribute('data-testid'))!.replace('invoice-', '');
  const invoice = await downloadOf(page, invoiceRow.getByRole('button', { name: t.asPdf }));
  expect(invoice.head).toBe('%PDF-');
  const invoiceText = (await pdfPages(invoice.path)).join('\n');
  expect(invoiceText).toContain(t.pdf.invoice);
  expect(invoiceText).toContain(invoiceNumber);
  expect(invoiceText).toContain(String(id));
  expect(invoiceText).toContain(t.pdf.total);
  expect(invoiceText).toContain('§ 25 UStG');
  await shoot('detail-documents');
  await scan('documents');

  // 5. Max is cancelled alone, in two steps: the quote (10 % of his 329 € and of the 25 € city tour booked for him), then the confirmation.
  await page.getByRole('tab', { name: t.tab.overview }).click();
  await page.getByRole('button', { name: t.cancel, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(t.some).check();
  await dialog.getByLabel(`Max ${surname}`).check();
  await dialog.getByRole('button', { name: t.quote }).click();
  await expect(dialog.getByRole('heading', { name: t.quoteTitle(id) })).toBeVisible();
  await expect(dialog.getByText(t.terms)).toBeVisible();
  await expect(dialog.getByRole('row', { name: `Max ${surname}` })).toContainText(/329,00\s€.*32,90\s€/);
  await expect(dialog.getByRole('row', { name: t.otherServices })).toContainText(/25,00\s€.*2,50\s€/);
  await expect(dialog.getByRole('row', { name: t.fee })).toContainText('35,40');
  // Nothing is cancelled before the confirmation.
  const quoted = await callApi<Booking>(request, ADMIN, 'GET', `/ratio_vorgang/${id}`);
  expect(quoted.teilnehmer.every((participant) => !participant.cancelledAt)).toBe(true);
  await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
  await shoot('cancel-quote');
  await scan('cancel quote');
  await dialog.getByRole('button', { name: t.confirm }).click();
  await expect(dialog.getByRole('status')).toHaveText(t.done(id), { timeout: 20_000 });
  await shoot('cancel-done');
  await dialog.getByRole('button', { name: t.close }).click();
  await expect(dialog).toBeHidden();

  const after = await callApi<Booking>(request, ADMIN, 'GET', `/ratio_vorgang/${id}`);
  const max = after.teilnehmer.find((participant) => participant.name1 === 'Max')!;
  expect(max.cancelledAt).not.toBeNull();
  expect(after.teilnehmer.filter((participant) => !participant.cancelledAt)).toHaveLength(3);
  expect(after.status).toBe('firm');
  await page.getByRole('tab', { name: t.tab.participants }).click();
  await expect(page.getByTestId(`participant-${max.nr}`).getByText(t.cancelledMark)).toBeVisible();
  await shoot('detail-participants');
  await page.getByRole('tab', { name: t.tab.seats }).click();
  await networkQuiet(page);
  await shoot('detail-seats');

  // The credit note for the cancelled part of the invoice.
  await page.getByRole('tab', { name: t.tab.documents }).click();
  const creditRow = page.getByTestId(/^invoice-GS-/);
  await expect(creditRow).toBeVisible();
  const credit = await downloadOf(page, creditRow.getByRole('button', { name: t.asPdf }));
  const creditText = (await pdfPages(credit.path)).join('\n');
  expect(creditText).toContain(t.pdf.creditNote);
  expect(creditText).toContain(invoiceNumber);
  // 329 € for Max and 25 € of the city tour, less the fee of 35,40 €
  expect(creditText).toContain(t.pdf.credit);
  await copyPdfs(variant, { confirmation: confirmation.path, invoice: invoice.path, 'credit-note': credit.path });
  await shoot('detail-documents-after');

  // 6. Max's place went to the first on the waiting list: the queue is empty, the booking is an option.
  await page.goto(`/internet/journeys/${journeyId}/dates/${termin}/waitlist`);
  await expect(page.getByText(t.emptyWaitlist)).toBeVisible();
  await page.goto(`/vorgang/${waiting.id}`);
  await expect(page.getByRole('heading', { level: 2, name: t.heading(waiting.id) })).toBeVisible();
  await expect(facts).toContainText(t.status.option);
  await expect(facts).toContainText(t.optionUntil);
  await page.getByRole('tab', { name: t.tab.history }).click();
  await expect(page.getByRole('cell', { name: t.offered, exact: true })).toBeVisible();
  const offered = await callApi<Booking>(request, ADMIN, 'GET', `/ratio_vorgang/${waiting.id}`);
  expect(offered.status).toBe('option');
  expect(offered.option_until).not.toBeNull();
  await waitForMail(`wim.winter.${tag}@example.org`, /Platz ist frei geworden|place has become free/i);

  // The family's history has every step; the remaining tabs are looked at too.
  await page.goto(`/vorgang/${id}/history`);
  await expect(page.getByRole('cell', { name: t.offered, exact: true })).toHaveCount(0);
  await networkQuiet(page);
  await shoot('detail-history');
  await page.getByRole('tab', { name: t.tab.mails }).click();
  await networkQuiet(page);
  await shoot('detail-mails');
  await scan('mails');
  expect(findings).toEqual([]);
}

async function copyPdfs(variant: string, files: Record<string, string>) {
  const { copyFile } = await import('node:fs/promises');
  for (const [name, path] of Object.entries(files)) await copyFile(path, join(SHOTS, `${variant}-${name}.pdf`));
}

// Each language and each theme once (support/looks.ts), on a desktop and on a phone.
for (const variant of [
  { language: 'de', width: 1400, dark: false },
  { language: 'en', width: 390, dark: true },
] satisfies Variant[]) {
  test(`an office clerk runs a booking's whole life in the browser (${variant.language}, ${variant.width} px${variant.dark ? ', dark' : ''})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    await bookingLife(page, request, variant);
  });
}
