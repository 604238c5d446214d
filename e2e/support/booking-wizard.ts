import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createCustomer } from './customers.ts';
import { callApi, type JourneyAnswer } from './journeys.ts';
import { sixteenSeatCoach } from './bookings.ts';
import { apiToken } from './session.ts';

const ADMIN = 'admin@example.com';

/**
 * A trip of its own with one date: adult and child prices, a city tour per person, a coach each way and two
 * boarding points each way (Dresden with a surcharge of 15 €); and the booker as a customer. `blockedSeats` are
 * blocked on both coaches (fillWizard takes seats 5 to 8, so blocking the others makes the family fill the date).
 */
export async function setUpWizardTrip(request: APIRequestContext, tag: string, blockedSeats: string[] = []) {
  const plan = await callApi<{ id: number; name: string }>(request, ADMIN, 'POST', '/seat-plans', {
    name: `Reisebus ${tag}`,
    layout: sixteenSeatCoach(),
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
        { direction: 'outbound', name: `Hinbus ${tag}`, id_seat_plan: plan.id, blocked_seats: blockedSeats },
        { direction: 'return', name: `Rückbus ${tag}`, id_seat_plan: plan.id, blocked_seats: blockedSeats },
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

export type WizardTexts = typeof WIZARD_DE;
export const WIZARD_DE = {
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
export const WIZARD_EN: WizardTexts = {
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

export const FAMILY = [
  { first: 'Thomas', birthday: '02.11.1982' },
  { first: 'Lena', birthday: '14.06.2014', child: true },
  { first: 'Max', birthday: '30.01.2017', child: true },
];

/**
 * Picks `option` in a select and waits until its menu has gone: a select opened while the last one's menu is still
 * fading out can stay open over the page (seen once under load, the "Weiter" button then unreachable).
 */
async function choose(page: Page, select: Locator, option: RegExp) {
  await select.click();
  await page.getByRole('option', { name: option }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** Walks the wizard up to the summary: customer, trip, date, a family of four, prices, two stops and seats. */
export async function fillWizard(page: Page, t: WizardTexts, tag: string, shoot?: (name: string) => Promise<void>) {
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
    await choose(page, region.getByRole('combobox', { name: t.category }), t.child);
  }
  await page.getByLabel('Stadtführung').fill('1');
  await shoot?.('services');
  await page.getByRole('button', { name: t.next }).click();

  const names = [`Petra ${surname}`, ...FAMILY.map((member) => `${member.first} ${surname}`)];
  for (const direction of [t.outbound, t.return]) {
    await page.getByRole('button', { name: direction, exact: true }).click();
    for (const [index, name] of names.entries()) {
      const stop = new RegExp(`^${index < 2 ? 'Leipzig' : 'Dresden'} Hbf ${tag}`);
      await choose(page, page.getByRole('combobox', { name: t.stopOf(name) }), stop);
    }
    // The first participant is chosen; each seat taken passes on to the next one without a seat.
    await page.getByRole('button', { name: new RegExp(`^${names[0]}`) }).click();
    for (const seat of [5, 6, 7, 8]) await page.getByRole('button', { name: t.seat(seat), exact: true }).click();
  }
  await shoot?.('seats');
  await page.getByRole('button', { name: t.next }).click();
  await expect(page.getByRole('row', { name: new RegExp(t.total) })).toBeVisible();
}
