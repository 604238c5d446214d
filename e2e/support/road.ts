import { expect, type APIRequestContext } from '@playwright/test';
import { sixteenSeatCoach } from './bookings.ts';
import { callApi } from './journeys.ts';
import { linkTo, waitForMail } from './mailbox.ts';
import { apiToken } from './session.ts';

/** The password of the accounts made here. */
export const ROAD_PASSWORD = 'Anfang-2027!';

/** Minutes between the coach's stops (as the demo coach of seed/demo-road.ts). */
const STOP_EVERY_MIN = 25;

/** Three boarding points along the road from Leipzig to Grimma. */
const ROUTE = [
  { name: 'Leipzig Süd', city: 'Leipzig', lat: 51.3, lon: 12.38 },
  { name: 'Naunhof Markt', city: 'Naunhof', lat: 51.277, lon: 12.588 },
  { name: 'Grimma Markt', city: 'Grimma', lat: 51.238, lon: 12.725 },
];

export type RoadStop = { name: string; lat: number; lon: number };

export type CoachOnTheRoad = {
  journeyId: number;
  title: string;
  nr: number;
  transportId: number;
  stops: RoadStop[];
  driverEmail: string;
  travellerEmail: string;
  bookingId: number;
  /** the traveller's party of two, boarding at the third stop */
  passengers: Array<{ participantId: number; name: string }>;
};

/** Day (YYYY-MM-DD) and time (HH:mm) of an instant in Europe/Berlin, the office's clock. */
function berlin(instant: Date): { day: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((one) => one.type === type)!.value;
  return { day: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
}

/** A driver of its own: registered by the admin, password chosen through the invitation's link. */
async function newDriver(request: APIRequestContext, tag: string): Promise<{ email: string; cardId: number }> {
  const email = `fahrer.${tag}@example.com`;
  const registered = await callApi<{ customer: { id: number } }>(
    request,
    'admin@example.com',
    'POST',
    '/registration-driver',
    { firstName: 'Rita', surname: `Lenker${tag}`, loginEmail: email },
  );
  const code = linkTo(await waitForMail(email, /./), '/auth/set-password/')
    .split('/')
    .at(-1)!;
  const chosen = await request.patch(`/api/v1/set-password/${code}`, {
    data: { password: ROAD_PASSWORD, passwordRepeat: ROAD_PASSWORD },
  });
  expect(chosen.status(), await chosen.text()).toBe(200);
  return { email, cardId: registered.customer.id };
}

/**
 * A coach on the road today, all its own (so parallel tests reading the demo coaches are not disturbed): a day
 * trip leaving today (Europe/Berlin) with three boarding points timed around now (the first left 20 minutes ago),
 * driven by a new driver; a booking of two travellers boarding at the third stop, whose booker has a traveller
 * account linked to it by booking number and postcode, as the app does it.
 */
export async function coachOnTheRoad(request: APIRequestContext, tag: string): Promise<CoachOnTheRoad> {
  const driver = await newDriver(request, tag);
  const now = Date.now();
  const today = berlin(new Date(now)).day;
  const midnight = Date.parse(`${today}T00:00:00Z`);
  // Not before today's midnight in Berlin (UTC+1 or +2): a stop of yesterday would be no stop of today's date.
  const firstAt = Math.max(now - 20 * 60_000, midnight - 60 * 60_000 + 60_000);
  const stopIds: number[] = [];
  for (const stop of ROUTE) {
    const created = await callApi<{ id: number }>(request, 'admin@example.com', 'POST', '/zustiege-lit', {
      name: `${stop.name} ${tag}`,
      city: stop.city,
      country: 'DE',
      lat: stop.lat,
      lon: stop.lon,
    });
    stopIds.push(created.id);
  }
  const title = `Muldental-Tour ${tag}`;
  const journey = await callApi<{ id: number; dates: Array<{ nr: number }> }>(
    request,
    'admin@example.com',
    'POST',
    '/journey-lit',
    {
      title,
      slug: `muldental-tour-${tag}`,
      dates: [
        {
          termincode: `MT-${tag}`,
          date_from: today,
          date_till: today,
          prices: [{ description: 'pro Person', category: 'adult', amount: 59, additional_price: 0 }],
        },
      ],
    },
  );
  const nr = journey.dates[0]!.nr;
  const travelStops = stopIds.map((id, index) => {
    const at = berlin(new Date(firstAt + index * STOP_EVERY_MIN * 60_000));
    return {
      id_zus_zustiege: id,
      direction: 'outbound',
      knotenhaltnr: index + 1,
      time: at.time,
      day_offset: Math.round((Date.parse(at.day) - Date.parse(today)) / 86_400_000),
      surcharge: 0,
    };
  });
  const planned = await callApi<{ transports: Array<{ id: number }> }>(
    request,
    'admin@example.com',
    'PUT',
    `/departures/${nr}`,
    {
      transports: [
        {
          direction: 'outbound',
          name: 'Bus 1',
          layout: sixteenSeatCoach(),
          id_driver_card: driver.cardId,
          vehicle: `L-MT ${tag.slice(-4)}`,
        },
      ],
      travelStops,
    },
  );
  const transportId = planned.transports[0]!.id;

  const travellerEmail = `mitfahrerin.${tag}@example.com`;
  const booking = await callApi<{ id: number }>(request, 'office@example.com', 'POST', '/ratio_vorgang', {
    termin: nr,
    type: 'regular',
    buchender: {
      firstName: 'Frieda',
      surname: `Wanderlust${tag}`,
      zip: '04668',
      city: 'Grimma',
      email: travellerEmail,
    },
    teilnehmer: ['Frieda', 'Otto'].map((firstName) => ({ name: `Wanderlust${tag}`, name1: firstName, zustieghin: 3 })),
  });
  const roles = await callApi<{ data: Array<{ id_roles: number }> }>(
    request,
    'admin@example.com',
    'GET',
    '/roles-lit?role=traveller',
  );
  await callApi(request, 'admin@example.com', 'POST', '/users-app', {
    email: travellerEmail,
    firstname: 'Frieda',
    lastname: `Wanderlust${tag}`,
    password: ROAD_PASSWORD,
    passwordRepeat: ROAD_PASSWORD,
    role: roles.data[0]!.id_roles,
    ratio_id: `9${tag}`,
  });
  const linked = await request.put(`/api/v1/login-vorgang/${booking.id}`, {
    headers: { authorization: `Bearer ${await apiToken(request, travellerEmail, ROAD_PASSWORD)}` },
    data: { surname: `Wanderlust${tag}`, zip: '04668' },
  });
  expect(linked.status(), await linked.text()).toBe(200);

  const passengers = (await passengersOf(request, driver.email, transportId)).map(({ participantId, name }) => ({
    participantId,
    name,
  }));
  expect(passengers).toHaveLength(2);
  return {
    journeyId: journey.id,
    title,
    nr,
    transportId,
    stops: ROUTE.map((stop) => ({ name: `${stop.name} ${tag}`, lat: stop.lat, lon: stop.lon })),
    driverEmail: driver.email,
    travellerEmail,
    bookingId: booking.id,
    passengers,
  };
}

/** The passengers on a transport, as its driver's list has them, with their check-in status (null before one). */
export async function passengersOf(request: APIRequestContext, driverEmail: string, transportId: number) {
  const response = await request.get(`/api/v1/driver/transports/${transportId}/passengers`, {
    headers: { authorization: `Bearer ${await apiToken(request, driverEmail, ROAD_PASSWORD)}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  const list = (await response.json()) as {
    stops: Array<{
      passengers: Array<{ participantId: number; name: string; checkin: { status: string } | null }>;
    }>;
  };
  return list.stops.flatMap((stop) =>
    stop.passengers.map(({ participantId, name, checkin }) => ({
      participantId,
      name,
      status: checkin?.status ?? null,
    })),
  );
}
