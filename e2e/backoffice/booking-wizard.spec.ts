import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Booking } from '@tourdesk/contracts/bookings.schema';
import type { SeatLayout } from '@tourdesk/contracts/seat-plans.schema';
import { BASE_URL } from '../playwright.config.ts';
import { seriousViolations } from '../support/axe.ts';
import { createCustomer } from '../support/customers.ts';
import { callApi, type JourneyAnswer } from '../support/journeys.ts';
import { apiToken, loginAs } from '../support/session.ts';

const ADMIN = 'admin@example.com';

/** A 16-seat coach: a driver row, then rows of two seats, the aisle, two seats. */
function smallCoach(): SeatLayout {
  const cell = (idx: number, txt = '') => ({ txt, idx, isSeat: idx === 0 });
  let seat = 0;
  const seatRow = () => [0, 0, 1, 0, 0].map((idx) => (idx === 0 ? cell(0, String(++seat)) : cell(1)));
  return {
    decks: [{ name: null, rows: [[cell(2), cell(1), cell(1), cell(1), cell(3)], ...[1, 2, 3, 4].map(seatRow)] }],
  };
}

/**
 * A trip of its own with one date: adult and child prices, a city tour per person, a coach each way and two
 * boarding points each way (Dresden with a surcharge of 15 €); and the booker as a customer.
 */
async function setUp(request: APIRequestContext, tag: string) {
  const plan = await callApi<{ id: number; name: string }>(request, ADMIN, 'POST', '/seat-plans', {
    name: `Reisebus ${tag}`,
    layout: smallCoach(),
  });
  const journey = await callApi<JourneyAnswer>(request, ADMIN, 'POST', '/journey-lit', {
    title: `Ostseeferien ${tag}`,
    slug: `ostseeferien-${tag}`,
    extras: [{ type: 'Ausflug', value: 'Stadtführung', price: 25, price_due: 'per_person' }],
    dates: [
      {
        termincode: `OS-${tag}`,
        date_from: '2027-08-02',
        date_till: '2027-08-06',
        prices: [
          { description: 'Erwachsener', category: 'adult', amount: 499, additional_price: 0 },
          { description: 'Kind', category: 'child', amount: 299, additional_price: 0 },
        ],
      },
    ],
  });
  const nr = journey.dates[0]!.nr;
  const leipzig = await callApi<{ id: number }>(request, ADMIN, 'POST', '/zustiege-lit', {
    name: `Leipzig Hbf ${tag}`,
    city: 'Leipzig',
    country: 'DE',
  });
  const dresden = await callApi<{ id: number }>(request, ADMIN, 'POST', '/zustiege-lit', {
    name: `Dresden Hbf ${tag}`,
    city: 'Dresden',
    country: 'DE',
  });
  const stops = (direction: 'outbound' | 'return') => [
    { id_zus_zustiege: leipzig.id, direction, time: direction === 'outbound' ? '07:00' : '18:00', surcharge: 0 },
    { id_zus_zustiege: dresden.id, direction, time: direction === 'outbound' ? '08:15' : '19:30', surcharge: 15 },
  ];
  const planned = await request.put(`/api/v1/departures/${nr}`, {
    headers: { authorization: `Bearer ${await apiToken(request, ADMIN)}` },
    data: {
      transports: [
        { direction: 'outbound', name: `Hinbus ${tag}`, id_seat_plan: plan.id },
        { direction: 'return', name: `Rückbus ${tag}`, id_seat_plan: plan.id },
      ],
      travelStops: [...stops('outbound'), ...stops('return')],
    },
  });
  expect(planned.status(), await planned.text()).toBe(200);
  const customer = await createCustomer(request, ADMIN, {
    salutation: 1,
    firstName: 'Petra',
    surname: `Sommerfeld${tag}`,
    birthday: '1984-03-17',
  });
  return { nr, journeyId: journey.id, customer };
}

type Texts = typeof DE;
const DE = {
  title: 'Neue Buchung',
  next: 'Weiter',
  save: 'Buchung speichern',
  customerSearch: 'Kunde suchen',
  journeySearch: 'Reise suchen (Titel, Kürzel, Reiseziel)',
  add: 'Teilnehmer hinzufügen',
  participant: (nr: number) => `Teilnehmer ${nr}`,
  firstName: 'Vorname',
  surname: /^Nachname/,
  birthday: 'Geburtsdatum',
  category: 'Preiskategorie',
  child: /^Kind · 299,00 €/,
  outbound: 'Hinfahrt',
  return: 'Rückfahrt',
  stopOf: (name: string) => `Zustieg von ${name}`,
  seat: (nr: number) => `Sitz ${nr}, frei`,
  total: 'Gesamtpreis',
  pools: 'Kontingente und freie Plätze',
};
const EN: Texts = {
  title: 'New booking',
  next: 'Next',
  save: 'Save booking',
  customerSearch: 'Search customer',
  journeySearch: 'Search trip (title, code, destination)',
  add: 'Add participant',
  participant: (nr: number) => `Participant ${nr}`,
  firstName: 'First name',
  surname: /^Surname/,
  birthday: 'Date of birth',
  category: 'Price category',
  child: /^Kind · €299\.00|^Kind · 299,00 €/,
  outbound: 'Outbound',
  return: 'Return',
  stopOf: (name: string) => `Stop of ${name}`,
  seat: (nr: number) => `Seat ${nr}, free`,
  total: 'Total',
  pools: 'Pools and free places',
};

const FAMILY = [
  { first: 'Thomas', birthday: '02.11.1982' },
  { first: 'Lena', birthday: '14.06.2014', child: true },
  { first: 'Max', birthday: '30.01.2017', child: true },
];

/** Walks the wizard up to the summary: customer, trip, date, a family of four, prices, two stops and seats. */
async function fillWizard(page: Page, t: Texts, tag: string, shoot?: (name: string) => Promise<void>) {
  const surname = `Sommerfeld${tag}`;
  await page.goto('/vorgang/create');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.title);

  await page.getByLabel(t.customerSearch).fill(surname);
  await page.getByRole('button', { name: new RegExp(`Sommerfeld${tag}`) }).click();
  await shoot?.('customer');
  await page.getByRole('button', { name: t.next }).click();

  await page.getByLabel(t.journeySearch).fill(`Ostseeferien ${tag}`);
  await page.getByRole('button', { name: new RegExp(`Ostseeferien ${tag}`) }).click();
  await page.getByRole('button', { name: t.next }).click();

  await page.getByRole('radio', { name: new RegExp(`OS-${tag}`) }).check();
  await expect(page.getByRole('table', { name: t.pools })).toContainText(`Hinbus ${tag}`);
  await shoot?.('date');
  // Enter goes on as "Weiter" does.
  await page.keyboard.press('Enter');

  // The booker is the first participant, taken from the customer.
  const booker = page.getByRole('region', { name: new RegExp(`^${t.participant(1)}`) });
  await expect(booker.getByLabel(t.firstName)).toHaveValue('Petra');
  await expect(booker.getByLabel(t.surname)).toHaveValue(surname);
  for (const [index, member] of FAMILY.entries()) {
    await page.getByRole('button', { name: t.add }).click();
    const region = page.getByRole('region', { name: t.participant(index + 2), exact: true });
    await region.getByLabel(t.firstName).fill(member.first);
    await region.getByLabel(t.surname).fill(surname);
    await region.getByLabel(t.birthday).fill(member.birthday);
  }
  await shoot?.('participants');
  await page.getByRole('button', { name: t.next }).click();

  for (const member of FAMILY.filter((candidate) => candidate.child)) {
    const region = page.getByRole('region', { name: `${member.first} ${surname}` });
    await region.getByRole('combobox', { name: t.category }).click();
    await page.getByRole('option', { name: t.child }).click();
  }
  await page.getByLabel('Stadtführung').fill('1');
  await shoot?.('services');
  await page.getByRole('button', { name: t.next }).click();

  const names = [`Petra ${surname}`, ...FAMILY.map((member) => `${member.first} ${surname}`)];
  for (const direction of [t.outbound, t.return]) {
    await page.getByRole('button', { name: direction, exact: true }).click();
    for (const [index, name] of names.entries()) {
      await page.getByRole('combobox', { name: t.stopOf(name) }).click();
      await page.getByRole('option', { name: new RegExp(`^${index < 2 ? 'Leipzig' : 'Dresden'} Hbf ${tag}`) }).click();
    }
    // The first participant is chosen; each seat taken passes on to the next one without a seat.
    await page.getByRole('button', { name: new RegExp(`^${names[0]}`) }).click();
    for (const seat of [5, 6, 7, 8]) await page.getByRole('button', { name: t.seat(seat), exact: true }).click();
  }
  await shoot?.('seats');
  await page.getByRole('button', { name: t.next }).click();
  await expect(page.getByRole('row', { name: new RegExp(t.total) })).toBeVisible();
}

test('an office clerk books a family of four with two boarding points and seats (German)', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = String(Date.now()).slice(-6);
  const { nr, customer } = await setUp(request, tag);
  await context.addCookies([{ name: 'i18n_redirected', value: 'de', url: BASE_URL }]);
  await loginAs(page, 'office@example.com');
  const findings: Awaited<ReturnType<typeof seriousViolations>> = [];
  await fillWizard(page, DE, tag, async (step) => {
    if (step === 'seats' || step === 'participants') findings.push(...(await seriousViolations(page, step)));
  });

  // 2 × 499 + 2 × 299 for the children, 2 × 2 × 15 € Dresden, 4 × 25 € city tour = 1.756,00 €.
  const total = page.getByRole('row', { name: /Gesamtpreis/ });
  await expect(total).toContainText('1.756,00 €');
  await expect(page.getByRole('row', { name: /Kind – Lena/ })).toContainText('299,00 €');
  await expect(page.getByRole('row', { name: /1 × Stadtführung/ })).toContainText('100,00 €');
  findings.push(...(await seriousViolations(page, 'summary')));
  expect(findings).toEqual([]);
  await page.getByRole('button', { name: 'Buchung speichern' }).click();

  await expect(page).toHaveURL(/\/vorgang\/\d+$/);
  const id = Number(/\/vorgang\/(\d+)$/.exec(page.url())![1]);
  const booking = await callApi<Booking>(request, ADMIN, 'GET', `/ratio_vorgang/${id}`);
  expect(booking).toMatchObject({ termin: nr, status: 'firm', price: 1756, language: 'de' });
  expect(booking.buchender?.id_vc_card).toBe(customer.id);
  expect(booking.teilnehmer.map((participant) => [participant.name1, participant.name])).toEqual([
    ['Petra', `Sommerfeld${tag}`],
    ['Thomas', `Sommerfeld${tag}`],
    ['Lena', `Sommerfeld${tag}`],
    ['Max', `Sommerfeld${tag}`],
  ]);
  expect(booking.teilnehmer.map((participant) => participant.geburtstag)).toEqual([
    '1984-03-17',
    '1982-11-02',
    '2014-06-14',
    '2017-01-30',
  ]);
  expect(booking.teilnehmer.map((participant) => participant.sitzhin)).toEqual(['5', '6', '7', '8']);
  expect(booking.teilnehmer.map((participant) => participant.sitzrueck)).toEqual(['5', '6', '7', '8']);
  const [leipzig, , dresden] = booking.teilnehmer.map((participant) => participant.zustieghin);
  expect(leipzig).not.toBe(dresden);
  expect(booking.teilnehmer.map((participant) => participant.zustieghin)).toEqual([leipzig, leipzig, dresden, dresden]);
  expect(booking.priceLines.filter((line) => line.kind === 'stop')).toHaveLength(4);
});

for (const language of ['de', 'en'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`screenshots of the booking wizard on a phone (${language}, ${theme})`, async ({ page, context, request }) => {
      test.setTimeout(120_000);
      const tag = `${String(Date.now()).slice(-6)}`;
      await setUp(request, tag);
      await context.addCookies([{ name: 'i18n_redirected', value: language, url: BASE_URL }]);
      await page.setViewportSize({ width: 390, height: 844 });
      await loginAs(page, 'office@example.com');
      if (theme === 'dark')
        await page.getByRole('button', { name: /toggle light\/dark mode|hell-\/dunkelmodus/i }).click();
      const shoot = async (step: string) => {
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `/tmp/booking-wizard-${step}-${language}-${theme}.png`, fullPage: true });
      };
      await fillWizard(page, language === 'de' ? DE : EN, tag, shoot);
      await shoot('summary');
    });
  }
}

test('screenshots of the booking wizard on a desktop (de)', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const tag = `${String(Date.now()).slice(-6)}`;
  await setUp(request, tag);
  await context.addCookies([{ name: 'i18n_redirected', value: 'de', url: BASE_URL }]);
  await page.setViewportSize({ width: 1400, height: 900 });
  await loginAs(page, 'office@example.com');
  const shoot = async (step: string) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `/tmp/booking-wizard-${step}-desktop.png`, fullPage: true });
  };
  await fillWizard(page, DE, tag, shoot);
  await shoot('summary');
});

test('a seat taken while the clerk was booking sends the wizard back to the seats, and a new seat saves', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = String(Date.now()).slice(-6);
  const { nr } = await setUp(request, tag);
  await context.addCookies([{ name: 'i18n_redirected', value: 'de', url: BASE_URL }]);
  await loginAs(page, 'office@example.com');
  await fillWizard(page, DE, tag);

  // Meanwhile another clerk books seat 5 outbound.
  const other = await callApi<Booking>(request, ADMIN, 'POST', '/ratio_vorgang', {
    termin: nr,
    type: 'regular',
    buchender: { surname: `Zuvor ${tag}` },
    teilnehmer: [{ name: `Zuvor ${tag}`, sitzhin: '5' }],
  });
  expect(other.teilnehmer[0]?.sitzhin).toBe('5');

  await page.getByRole('button', { name: 'Buchung speichern' }).click();
  await expect(
    page.getByText('Platz 5 wurde inzwischen von einer anderen Buchung belegt: bitte neu wählen.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Zustiege & Sitzplätze');
  await page.getByRole('button', { name: 'Hinfahrt', exact: true }).click();
  await expect(page.getByLabel(`Sitz 5, belegt: Zuvor ${tag}`)).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^Petra Sommerfeld${tag}`) }).click();
  await page.getByRole('button', { name: 'Sitz 9, frei', exact: true }).click();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('button', { name: 'Buchung speichern' }).click();

  await expect(page).toHaveURL(/\/vorgang\/\d+$/);
  const id = Number(/\/vorgang\/(\d+)$/.exec(page.url())![1]);
  const booking = await callApi<Booking>(request, ADMIN, 'GET', `/ratio_vorgang/${id}`);
  expect(booking.teilnehmer.map((participant) => participant.sitzhin)).toEqual(['9', '6', '7', '8']);
});
