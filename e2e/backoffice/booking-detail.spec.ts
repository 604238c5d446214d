import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Booking } from '@tourdesk/contracts/bookings.schema';
import type { BookingAccount } from '@tourdesk/contracts/payments.schema';
import { BASE_URL } from '../playwright.config.ts';
import { seriousViolations, type Finding } from '../support/axe.ts';
import { downloadOf, seatRange, sixteenSeatCoach } from '../support/bookings.ts';
import { callApi } from '../support/journeys.ts';
import { apiToken, loginAs, networkQuiet } from '../support/session.ts';
import { LOOKS } from '../support/looks.ts';

const ADMIN = 'admin@example.com';
const OFFICE = 'office@example.com';

/** Seats 5 to 16 blocked: the family of four fills the minibus. */
const ONLY_FOUR = seatRange(5, 16);

/**
 * A trip with a date next summer (far enough ahead for the cheapest cancellation term), a planned minibus
 * with a boarding point each way, and a firm booking of a family of four on it — all made through the API.
 * With `full`, the minibus has only four free seats, so the family fills the date.
 */
async function bookFamily(request: APIRequestContext, tag: string, full = false): Promise<Booking> {
  const plan = await callApi<{ id: number; name: string }>(request, ADMIN, 'POST', '/seat-plans', {
    name: `Familienbus ${tag}`,
    layout: sixteenSeatCoach(),
  });
  const journey = await callApi<{ id: number; dates: Array<{ nr: number }> }>(request, ADMIN, 'POST', '/journey-lit', {
    title: `Ostseeküste ${tag}`,
    slug: `ostseekueste-${tag}`,
    dates: [
      {
        termincode: `OK-${tag}`,
        date_from: '2027-08-02',
        date_till: '2027-08-06',
        prices: [{ description: 'pro Person', amount: 600, additional_price: 0 }],
      },
    ],
  });
  const nr = journey.dates[0]!.nr;
  const stop = await callApi<{ id: number }>(request, ADMIN, 'POST', '/zustiege-lit', {
    name: `Leipzig Hbf ${tag}`,
    city: 'Leipzig',
    country: 'DE',
  });
  const token = await apiToken(request, ADMIN);
  const planned = await request.put(`/api/v1/departures/${nr}`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      transports: [
        { direction: 'outbound', name: plan.name, id_seat_plan: plan.id, blocked_seats: full ? ONLY_FOUR : [] },
        { direction: 'return', name: plan.name, id_seat_plan: plan.id, blocked_seats: full ? ONLY_FOUR : [] },
      ],
      travelStops: [
        { id_zus_zustiege: stop.id, direction: 'outbound', time: '07:30', surcharge: 0 },
        { id_zus_zustiege: stop.id, direction: 'return', time: '18:00', surcharge: 0 },
      ],
    },
  });
  expect(planned.status(), await planned.text()).toBe(200);
  const response = await request.post('/api/v1/ratio_vorgang', {
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': `booking-detail-${tag}` },
    data: {
      termin: nr,
      type: 'regular',
      language: 'de',
      buchender: { surname: `Sommer ${tag}`, firstName: 'Sabine', email: `sabine.sommer.${tag}@example.org` },
      teilnehmer: [
        { name: `Sommer ${tag}`, name1: 'Sabine', geburtstag: '1984-03-12' },
        { name: `Sommer ${tag}`, name1: 'Tom', geburtstag: '1982-07-01' },
        { name: `Sommer ${tag}`, name1: 'Lena', geburtstag: '2014-05-20' },
        { name: `Sommer ${tag}`, name1: 'Paul', geburtstag: '2017-09-09' },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Booking;
}

test('an office clerk records the deposit, downloads confirmation and invoice, and cancels one participant', async ({
  page,
  request,
}) => {
  const tag = String(Date.now()).slice(-6);
  const booking = await bookFamily(request, tag, true);
  // The date is full: a single traveller waits for a place.
  const waiting = await callApi<Booking>(request, ADMIN, 'POST', '/ratio_vorgang', {
    termin: booking.termin,
    type: 'waitlist',
    buchender: { surname: `Winter ${tag}`, firstName: 'Wim' },
    teilnehmer: [{ name: `Winter ${tag}`, name1: 'Wim' }],
  });
  expect(waiting.status).toBe('waitlist');
  await loginAs(page, OFFICE);
  await page.goto(`/internet/journeys/${booking.id_jrn_journey}/dates/${booking.termin}/waitlist`);
  await expect(page.getByTestId('waitlist-1')).toContainText(`Winter ${tag}`);

  // The list finds the booking by the booker's name and opens it.
  await page.goto('/vorgang');
  await page.getByRole('textbox', { name: /booking no/i }).fill(`Sommer ${tag}`);
  // The search is applied once the list holds only this booking (a click before would be undone by it).
  await expect(page.getByText('1-1 of 1')).toBeVisible();
  await page.getByRole('cell', { name: String(booking.vorgangnr), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/vorgang/${booking.id}$`));
  await expect(page.getByRole('heading', { level: 2, name: `Booking ${booking.vorgangnr}` })).toBeVisible();

  // Prices & payments: the deposit of the schedule is recorded.
  await page.getByRole('tab', { name: 'Prices & payments' }).click();
  await expect(page).toHaveURL(new RegExp(`/vorgang/${booking.id}/payments$`));
  const account = await callApi<BookingAccount>(request, ADMIN, 'GET', `/ratio_vorgang/${booking.id}/payments`);
  const deposit = account.schedule.find((due) => due.kind === 'deposit')?.amount;
  if (deposit === undefined) throw new Error(`no deposit in the schedule: ${JSON.stringify(account.schedule)}`);
  await page.getByLabel(/^Amount/).fill(String(deposit).replace('.', ','));
  await page.getByLabel(/^Reference/).fill(`Anzahlung ${tag}`);
  await page.getByRole('button', { name: 'Save payment' }).click();
  await expect(page.getByText(/Payment of .* for booking \d+ saved/)).toBeVisible();
  await expect(page.getByRole('cell', { name: `Anzahlung ${tag}` })).toBeVisible();
  const paid = await callApi<BookingAccount>(request, ADMIN, 'GET', `/ratio_vorgang/${booking.id}/payments`);
  expect(paid.paid).toBe(deposit);

  // Documents: the confirmation PDF, then the invoice issued and downloaded as PDF and XRechnung.
  await page.getByRole('tab', { name: 'Documents' }).click();
  const confirmation = await downloadOf(page, page.getByRole('button', { name: 'Booking confirmation (PDF)' }));
  expect(confirmation.head).toBe('%PDF-');
  await page.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(page.getByText(/Invoice RE-\d{4}-\d{5} issued/)).toBeVisible();
  const invoiceRow = page.getByTestId(/^invoice-RE-/);
  await expect(invoiceRow).toBeVisible();
  const invoicePdf = await downloadOf(page, invoiceRow.getByRole('button', { name: /as PDF$/ }));
  expect(invoicePdf.head).toBe('%PDF-');
  const cii = await downloadOf(page, invoiceRow.getByRole('button', { name: /as XRechnung CII$/ }));
  expect(cii.head).toBe('<?xml');

  // Overview: cancel Paul alone — first the quote, then the confirmation.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Cancel single participants').check();
  await dialog.getByLabel('Paul Sommer').check();
  await dialog.getByRole('button', { name: 'Work out the fee' }).click();
  await expect(
    dialog.getByRole('heading', { name: `Cancellation fee for booking ${booking.vorgangnr}` }),
  ).toBeVisible();
  await expect(dialog.getByText(/days before departure .*: 10 %/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel now' }).click();
  // The outcome stays in the dialog: the fee and the credit note for the invoice issued before.
  await expect(dialog.getByRole('status')).toHaveText(
    /Booking \d+ cancelled, fee 60,00\s€, credit note GS-\d{4}-\d{5}/,
    {
      timeout: 20_000,
    },
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  const after = await callApi<Booking>(request, ADMIN, 'GET', `/ratio_vorgang/${booking.id}`);
  const paul = after.teilnehmer.find((participant) => participant.name1 === 'Paul')!;
  expect(paul.cancelledAt).not.toBeNull();
  expect(after.teilnehmer.filter((participant) => !participant.cancelledAt)).toHaveLength(3);
  expect(after.status).toBe('firm');
  await page.getByRole('tab', { name: 'Participants' }).click();
  await expect(page.getByTestId(`participant-${paul.nr}`).getByText('cancelled')).toBeVisible();
  await page.getByRole('tab', { name: 'Documents' }).click();
  await expect(page.getByTestId(/^invoice-GS-/)).toBeVisible();

  // Paul's place went to the first on the waiting list, now an option.
  const offered = await callApi<Booking>(request, ADMIN, 'GET', `/ratio_vorgang/${waiting.id}`);
  expect(offered.status).toBe('option');
  await page.goto(`/internet/journeys/${booking.id_jrn_journey}/dates/${booking.termin}/waitlist`);
  await expect(page.getByText('No booking is waiting on this date.')).toBeVisible();
  await page.goto(`/vorgang/${waiting.id}`);
  await expect(page.getByText('Option until')).toBeVisible();
  await page.goto(`/vorgang/${booking.id}/history`);
  await expect(page.getByRole('cell', { name: 'Payment', exact: true }).first()).toBeVisible();
});

test('a booking in processing shows the spec message and no controls that change it', async ({ page, request }) => {
  const tag = String(Date.now()).slice(-6);
  const booking = await bookFamily(request, tag);
  await callApi(request, ADMIN, 'POST', `/ratio_vorgang/${booking.id}/status`, { status: 'processing' }, 200);
  await loginAs(page, OFFICE);
  await page.goto(`/vorgang/${booking.id}`);
  await expect(page.getByTestId('booking-locked')).toHaveText(
    'The process cannot be edited because it is already in progress.',
  );
  await expect(page.getByTestId('status-actions')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Prices & payments' }).click();
  await expect(page.getByRole('button', { name: 'Save payment' })).toHaveCount(0);
});

test('the bookings screens have no serious accessibility violations', async ({ page, request }) => {
  const tag = String(Date.now()).slice(-6);
  const booking = await bookFamily(request, tag);
  await loginAs(page, OFFICE);
  const findings: Finding[] = [];
  await page.goto('/vorgang');
  await expect(page.getByRole('columnheader', { name: /booking no/i })).toBeVisible();
  findings.push(...(await seriousViolations(page, 'list')));
  for (const tab of ['', '/participants', '/seats', '/payments', '/documents', '/mails', '/history']) {
    await page.goto(`/vorgang/${booking.id}${tab}`);
    await expect(page.getByRole('heading', { level: 2, name: `Booking ${booking.vorgangnr}` })).toBeVisible();
    await networkQuiet(page);
    findings.push(...(await seriousViolations(page, `detail${tab}`)));
  }
  await page.goto(`/vorgang/${booking.id}`);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  // scan the dialog once its fade-in is over (half-transparent text fails the contrast rule)
  await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
  findings.push(...(await seriousViolations(page, 'cancel dialog')));
  for (const path of ['/vorgang/open-items', '/process']) {
    await page.goto(path);
    await networkQuiet(page);
    findings.push(...(await seriousViolations(page, path)));
  }
  expect(findings).toEqual([]);
});

for (const [language, theme] of LOOKS) {
  test(`screenshots of the bookings screens on a phone (${language}, ${theme})`, async ({ page, context, request }) => {
    const tag = `${language}${theme[0]}${String(Date.now()).slice(-5)}`;
    const booking = await bookFamily(request, tag);
    await context.addCookies([{ name: 'i18n_redirected', value: language, url: BASE_URL }]);
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, OFFICE);
    if (theme === 'dark')
      await page.getByRole('button', { name: /toggle light\/dark mode|hell-\/dunkelmodus/i }).click();
    const shot = (name: string) =>
      page.screenshot({ path: `/tmp/h-web/shots/${name}-${language}-${theme}.png`, fullPage: true });
    await page.goto('/vorgang');
    await expect(page.getByText(`${booking.vorgangnr} ·`).first()).toBeVisible();
    await shot('list');
    for (const tab of ['overview', 'participants', 'seats', 'payments', 'documents', 'history']) {
      await page.goto(`/vorgang/${booking.id}${tab === 'overview' ? '' : `/${tab}`}`);
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(String(booking.vorgangnr)) })).toBeVisible();
      await networkQuiet(page);
      await shot(`detail-${tab}`);
    }
    await page.goto(`/vorgang/${booking.id}`);
    await page.getByRole('button', { name: /^(Cancel|Stornieren)$/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    // The dialog fades in; the picture is taken once it is fully there.
    await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
    await shot('cancel-dialog');
    await page.goto('/process');
    await networkQuiet(page);
    await shot('processes');
    await page.goto('/vorgang/open-items');
    await networkQuiet(page);
    await shot('open-items');
    await page.goto(`/customers/${booking.buchender!.id_vc_card}/bookings`);
    await expect(page.getByRole('link', { name: String(booking.vorgangnr), exact: true })).toBeVisible();
    await shot('customer-bookings');
    await page.goto(`/internet/journeys/${booking.id_jrn_journey}/dates/${booking.termin}/waitlist`);
    await networkQuiet(page);
    await shot('departure-waitlist');
  });
}
