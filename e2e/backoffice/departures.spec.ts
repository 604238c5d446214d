import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Booking } from '@tourdesk/contracts/bookings.schema';
import type { Departure } from '@tourdesk/contracts/departures.schema';
import type { SeatLayout } from '@tourdesk/contracts/seat-plans.schema';
import { BASE_URL } from '../playwright.config.ts';
import { callApi, type JourneyAnswer } from '../support/journeys.ts';
import { apiToken, loginAs } from '../support/session.ts';
import { LOOKS } from '../support/looks.ts';
import { seriousViolations } from '../support/axe.ts';

const ADMIN = 'admin@example.com';

/** A small coach: a driver row, then rows of two seats, the aisle, two seats (seats numbered 1 to 16). */
function smallCoach(): SeatLayout {
  const cell = (idx: number, txt = '') => ({ txt, idx, isSeat: idx === 0 });
  let seat = 0;
  const seatRow = () => [0, 0, 1, 0, 0].map((idx) => (idx === 0 ? cell(0, String(++seat)) : cell(1)));
  return {
    decks: [{ name: null, rows: [[cell(2), cell(1), cell(1), cell(1), cell(3)], ...[1, 2, 3, 4].map(seatRow)] }],
  };
}

/** A journey with one date, made through the API. */
const journeyWithDate = (
  request: APIRequestContext,
  title: string,
  date: { termincode: string; date_from: string; date_till: string },
) =>
  callApi<JourneyAnswer>(request, ADMIN, 'POST', '/journey-lit', {
    title,
    slug: title.toLowerCase().replace(/\W+/g, '-'),
    dates: [{ ...date, prices: [{ description: 'pro Person', amount: 399, additional_price: 0 }] }],
  });

/** A journey with one date and a seat plan of its own, both made through the API. */
async function setUp(request: APIRequestContext, tag: string) {
  const plan = await callApi<{ id: number; name: string }>(request, ADMIN, 'POST', '/seat-plans', {
    name: `Kleinbus ${tag}`,
    layout: smallCoach(),
  });
  const journey = await journeyWithDate(request, `Sitzplanreise ${tag}`, {
    termincode: `SP-${tag}`,
    date_from: '2027-08-02',
    date_till: '2027-08-05',
  });
  const nr = journey.dates[0]!.nr;
  return { plan, journeyId: journey.id, nr };
}

/** Books three participants on the date through the API (as the office would from the booking screen). */
async function bookThree(request: APIRequestContext, nr: number, tag: string): Promise<Booking> {
  const token = await apiToken(request, ADMIN);
  const response = await request.post('/api/v1/ratio_vorgang', {
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': `departures-e2e-${tag}` },
    data: {
      termin: nr,
      type: 'regular',
      buchender: { surname: `Bucher ${tag}`, firstName: 'Berta' },
      teilnehmer: [{ name: `Anna Alt ${tag}` }, { name: `Bert Berg ${tag}` }, { name: `Clara Chor ${tag}` }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Booking;
}

/** PUT /departures/{nr} as the admin (set-up of the screenshot dates). */
async function putDeparture(request: APIRequestContext, nr: number, data: unknown): Promise<void> {
  const token = await apiToken(request, ADMIN);
  const response = await request.put(`/api/v1/departures/${nr}`, {
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  expect(response.status(), await response.text()).toBe(200);
}

const getBooking = (request: APIRequestContext, id: number) =>
  callApi<Booking>(request, ADMIN, 'GET', `/ratio_vorgang/${id}`);
const getDeparture = (request: APIRequestContext, nr: number) =>
  callApi<Departure>(request, ADMIN, 'GET', `/departures/${nr}`);

/** Adds an outbound coach from the seat plan, blocks seat 16 and saves. */
async function planCoach(page: Page, planName: string): Promise<void> {
  await page.getByLabel('Seat plan').first().click();
  await page.getByRole('option', { name: new RegExp(`^${planName}`) }).click();
  await page.getByRole('button', { name: 'Add outbound coach' }).click();
  await expect(page.getByLabel(/^Coach name/)).toHaveValue(planName);
  await page.getByLabel('Vehicle').fill('B-TD 1016');
  await page.getByRole('button', { name: 'Seat 16, free' }).click();
  await expect(page.getByRole('button', { name: 'Seat 16, blocked' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Departure SP-\d+ saved/)).toBeVisible();
}

test('a coach is planned on a date from a seat plan and a booked participant is moved to another seat', async ({
  page,
  request,
}) => {
  const tag = String(Date.now()).slice(-6);
  const { plan, journeyId, nr } = await setUp(request, tag);

  await loginAs(page, 'office@example.com');
  await page.goto(`/internet/journeys/${journeyId}/dates`);
  await page.getByRole('link', { name: 'Plan departure' }).click();
  await expect(page).toHaveURL(new RegExp(`/internet/journeys/${journeyId}/dates/${nr}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Departure SP-${tag}`);
  await planCoach(page, plan.name);

  const planned = await getDeparture(request, nr);
  expect(planned.transports).toHaveLength(1);
  expect(planned.transports[0]).toMatchObject({
    direction: 'outbound',
    name: plan.name,
    id_seat_plan: plan.id,
    vehicle: 'B-TD 1016',
    blocked_seats: ['16'],
    capacity: 15,
  });

  const booking = await bookThree(request, nr, tag);
  const clara = booking.teilnehmer.find((participant) => participant.name.startsWith('Clara'))!;
  const taken = new Set(booking.teilnehmer.map((participant) => participant.sitzhin));
  expect(taken.size).toBe(3);
  const target = ['12', '11', '10'].find((seat) => !taken.has(seat))!;

  await page.getByRole('tab', { name: 'Seats' }).click();
  await expect(page).toHaveURL(new RegExp(`/dates/${nr}/seats$`));
  await page.getByRole('button', { name: new RegExp(`^Clara Chor ${tag}`) }).click();
  // The party's seats show as this booking's; seat 16 stays blocked.
  await expect(page.getByRole('button', { name: new RegExp(`^Seat ${clara.sitzhin}, selected`) })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Seat 16, blocked' })).toHaveCount(0);
  await page.getByRole('button', { name: `Seat ${target}, free` }).click();
  await expect(page.getByText(`Clara Chor ${tag} now sits on seat ${target}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`^Seat ${target}, selected`) })).toBeVisible();

  const moved = await getBooking(request, booking.id);
  expect(moved.teilnehmer.find((participant) => participant.nr === clara.nr)?.sitzhin).toBe(target);
  expect(moved.teilnehmer.filter((participant) => participant.nr !== clara.nr).map((p) => p.sitzhin)).toEqual(
    booking.teilnehmer.filter((participant) => participant.nr !== clara.nr).map((p) => p.sitzhin),
  );

  // A seat taken meanwhile (here through the API, as from another screen) is refused with a notice, and the
  // map is reloaded with the seat taken.
  const anna = booking.teilnehmer.find((participant) => participant.name.startsWith('Anna'))!;
  const bert = booking.teilnehmer.find((participant) => participant.name.startsWith('Bert'))!;
  await page.getByRole('button', { name: new RegExp(`^Anna Alt ${tag}`) }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^Seat ${anna.sitzhin}, selected`) })).toBeVisible();
  const token = await apiToken(request, ADMIN);
  const meanwhile = await request.put(`/api/v1/ratio/api/zustiege/${booking.id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { teilnehmerNr: bert.nr, richtung: 'H', platznummer: '14', bus: 1 },
  });
  expect(meanwhile.status(), await meanwhile.text()).toBe(200);
  await page.getByRole('button', { name: 'Seat 14, free' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This seat is already taken.' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Seat 14, this booking: Bert Berg ${tag}` })).toBeVisible();
  const after = await getBooking(request, booking.id);
  expect(after.teilnehmer.find((participant) => participant.nr === anna.nr)?.sitzhin).toBe(anna.sitzhin);

  // The occupancy of the journey lists the date with the three held seats and opens it.
  await page.goto(`/internet/journeys/${journeyId}/occupancy`);
  const row = page.getByRole('row', { name: new RegExp(`SP-${tag}`) });
  await expect(row).toContainText('3 of 15 held, 12 free');
  await row.getByRole('link', { name: `SP-${tag}` }).click();
  await expect(page).toHaveURL(new RegExp(`/internet/journeys/${journeyId}/dates/${nr}$`));
});

test('the office is warned when the driver it picks or the bus it types is on another date during these days', async ({
  page,
  request,
}) => {
  const tag = String(Date.now()).slice(-6);
  const { plan, journeyId, nr } = await setUp(request, tag);
  // Another trip from the third to the sixth of August: its coach is driven by a new driver, in a bus of its own.
  const other = await journeyWithDate(request, `Fahrerreise ${tag}`, {
    termincode: `FR-${tag}`,
    date_from: '2027-08-03',
    date_till: '2027-08-06',
  });
  const driver = await callApi<{ customer: { id: number; name: string } }>(
    request,
    ADMIN,
    'POST',
    '/registration-driver',
    { firstName: 'Frida', surname: `Fahrplan${tag}`, loginEmail: `frida.${tag}@example.com` },
  );
  await putDeparture(request, other.dates[0]!.nr, {
    transports: [
      {
        direction: 'outbound',
        name: `Bus ${tag}`,
        id_seat_plan: plan.id,
        id_driver_card: driver.customer.id,
        vehicle: `OA-FR ${tag}`,
      },
    ],
  });

  await loginAs(page, 'office@example.com');
  await page.goto(`/internet/journeys/${journeyId}/dates/${nr}`);
  await page.getByLabel('Seat plan').first().click();
  await page.getByRole('option', { name: new RegExp(`^${plan.name}`) }).click();
  await page.getByRole('button', { name: 'Add outbound coach' }).click();
  await page.getByRole('combobox', { name: 'Driver' }).click();
  await page.getByRole('option', { name: driver.customer.name }).click();
  const warning = page.getByTestId('driver-elsewhere');
  await expect(warning).toContainText('This driver already drives on another date during these days:');
  await expect(warning).toContainText(`Fahrerreise ${tag}, 03.08.2027 – 06.08.2027: Bus ${tag}`);
  // The same bus: the field suggests the plates coaches have been given.
  await page.getByRole('combobox', { name: 'Vehicle' }).fill(`FR ${tag}`);
  await page.getByRole('option', { name: `OA-FR ${tag}` }).click();
  const busWarning = page.getByTestId('vehicle-elsewhere');
  await expect(busWarning).toContainText('This vehicle is already on another date during these days:');
  await expect(busWarning).toContainText(`Fahrerreise ${tag}, 03.08.2027 – 06.08.2027: Bus ${tag}`);
  expect(await seriousViolations(page, 'driver and vehicle elsewhere')).toEqual([]);
  // The office may still plan so (a relief driver); the warning stays after saving and leads to the other date.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Departure SP-${tag} saved`)).toBeVisible();
  await expect(warning).toBeVisible();
  expect((await getDeparture(request, nr)).transports[0]).toMatchObject({
    id_driver_card: driver.customer.id,
    vehicle: `OA-FR ${tag}`,
  });
  await warning.getByRole('link', { name: `FR-${tag}` }).click();
  await expect(page).toHaveURL(new RegExp(`/internet/journeys/${other.id}/dates/${other.dates[0]!.nr}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Departure FR-${tag}`);
  // There, the other way round, the first date is named.
  await expect(page.getByTestId('driver-elsewhere')).toContainText(`Sitzplanreise ${tag}, 02.08.2027 – 05.08.2027`);
});

for (const [language, theme] of LOOKS) {
  test(`screenshots of the departure screen and the seat picker on a phone (${language}, ${theme})`, async ({
    page,
    context,
    request,
  }) => {
    const tag = `${language}${theme[0]}${String(Date.now()).slice(-5)}`;
    const { plan, nr, journeyId } = await setUp(request, tag);
    const stop = await callApi<{ id: number }>(request, ADMIN, 'POST', '/zustiege-lit', {
      name: `Leipzig Hbf ${tag}`,
      city: 'Leipzig',
      country: 'DE',
    });
    await putDeparture(request, nr, {
      transports: [{ direction: 'outbound', name: plan.name, id_seat_plan: plan.id, blocked_seats: ['16'] }],
      travelStops: [{ id_zus_zustiege: stop.id, direction: 'outbound', time: '07:30', surcharge: 15 }],
    });
    await bookThree(request, nr, tag);
    await context.addCookies([{ name: 'i18n_redirected', value: language, url: BASE_URL }]);
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, 'office@example.com');
    if (theme === 'dark')
      await page.getByRole('button', { name: /toggle light\/dark mode|hell-\/dunkelmodus/i }).click();
    await page.goto(`/internet/journeys/${journeyId}/dates/${nr}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`SP-${tag}`);
    await expect(page.getByRole('button', { name: /^(Seat|Sitz) 16/ })).toBeVisible();
    await page.screenshot({ path: `/tmp/departures-web-departure-${language}-${theme}.png`, fullPage: true });
    for (const tab of ['stops', 'pools']) {
      await page.goto(`/internet/journeys/${journeyId}/dates/${nr}/${tab}`);
      await expect(page.getByRole('tabpanel').filter({ visible: true })).toBeVisible();
      await page.screenshot({ path: `/tmp/departures-web-${tab}-${language}-${theme}.png`, fullPage: true });
    }
    await page.goto(`/internet/journeys/${journeyId}/dates/${nr}/seats`);
    await page.getByRole('button', { name: new RegExp(`^Clara Chor ${tag}`) }).click();
    await expect(page.getByRole('button', { name: /, (selected|ausgewählt)/ })).toBeVisible();
    await page.screenshot({ path: `/tmp/departures-web-picker-${language}-${theme}.png`, fullPage: true });
    await page.goto(`/internet/journeys/${journeyId}/occupancy`);
    await expect(page.getByText(`SP-${tag}`)).toBeVisible();
    await page.screenshot({ path: `/tmp/departures-web-occupancy-${language}-${theme}.png`, fullPage: true });
  });
}
