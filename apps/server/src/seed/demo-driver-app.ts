import { SEAT_PLAN_TEMPLATES, type CreateBookingBody } from '@tourdesk/contracts';
import { createBooking } from '../features/bookings/bookings.service.ts';
import { planDepartures } from '../features/departures/departures.service.ts';
import { officeDay } from '../features/driver-app/driver-app.service.ts';
import { createJourney } from '../features/journeys/journeys.service.ts';
import { linkTraveller } from '../features/traveller-trips/traveller-trips.service.ts';
import type { DbContext } from '../types.ts';
import {
  findAnyBoardingPoints,
  findBoardingPoints,
  findBookingIdsOfDate,
  findUserByEmail,
  switchOnQrTickets,
} from './demo-driver-app.repository.ts';
import { findDateByCode } from './seed.repository.ts';
import { FIRST_NAMES_FEMALE, FIRST_NAMES_MALE, PLACES, SURNAMES, pick, seededRandom } from './german-data.ts';

const STOPS = ['Leipzig Hauptbahnhof, Ostseite', 'Leipzig Augustusplatz', 'Grimma, Busbahnhof'] as const;
const OUT_TIMES = ['07:00', '07:20', '07:55'];
const BACK_TIMES = ['19:20', '19:00', '18:30'];
/** People per booking: 14 travellers, a few families and couples. */
const PARTIES = [2, 2, 1, 3, 2, 1, 2, 1];

/** The date code of the demo driver's day trip leaving on the office day of `now`. */
export const dayTripCode = (now: Date) => `SSW-${officeDay(now).replaceAll('-', '')}`;

/**
 * The driver app's demo (issue #13): `driver@example.com` drives today's day trip (both ways) with 14 booked
 * travellers at three stops, seats assigned by the booking service; `traveller@example.com` is the booker of the
 * first booking, and QR tickets are on (spec §9 QR_TICKETS), so the driver app and the traveller's tickets show
 * something at once. Idempotent: a day trip of today's code already there is left as it is.
 */
export async function seedDemoDriverApp(ctx: DbContext, now = new Date()): Promise<void> {
  const driver = await findUserByEmail(ctx.db, 'driver@example.com');
  if (!driver?.id_vc_card) return;
  await switchOnQrTickets(ctx.db);
  const today = officeDay(now);
  const code = dayTripCode(now);
  if (await findDateByCode(ctx.db, code)) return;

  const journey = await createJourney(ctx, {
    title: 'Tagesfahrt in die Sächsische Schweiz',
    subtitle: 'Bastei, Elbsandstein und Königstein',
    code,
    catalog_state: 1,
    bookable: 1,
    online: false,
    mindestteilnehmer: 15,
    detail: {
      title: 'Sächsische Schweiz',
      introduction:
        '<p>Ein Tag zwischen Felsen und Elbe: Basteibrücke, Festung Königstein und Mittagessen in Rathen.</p>',
      services: '<ul><li>Fahrt im modernen Reisebus</li><li>Eintritt Festung Königstein</li></ul>',
    },
    days: [{ day_no: 1, daytitle: 'Bastei und Königstein', daytext: '<p>Über die Basteibrücke zur Festung.</p>' }],
    accommodations: [],
    extras: [],
    dates: [
      {
        termincode: code,
        date_from: today,
        date_till: today,
        prices: [{ category: 'adult', room_kind: null, description: 'pro Person', amount: 69 }],
      },
    ],
    slug: `saechsische-schweiz-${today}`,
  });
  const nr = journey.dates[0]!.nr!;
  const named = await findBoardingPoints(ctx.db, STOPS);
  const points =
    named.length === STOPS.length
      ? STOPS.map((name) => named.find((p) => p.name === name)!)
      : await findAnyBoardingPoints(ctx.db, 3);
  const layout = SEAT_PLAN_TEMPLATES.touring49.layout;
  await planDepartures(ctx, [
    {
      nr,
      transports: (['outbound', 'return'] as const).map((direction) => ({
        direction,
        name: direction === 'outbound' ? 'Bus 1 Hinfahrt' : 'Bus 1 Rückfahrt',
        layout,
        id_driver_card: driver.id_vc_card,
        vehicle: 'OA-AB 149',
      })),
      travelStops: points.flatMap((point, index) => [
        {
          id_zus_zustiege: point.id_zus_zustiege,
          direction: 'outbound' as const,
          knotenhaltnr: index + 1,
          time: OUT_TIMES[index],
        },
        {
          id_zus_zustiege: point.id_zus_zustiege,
          direction: 'return' as const,
          knotenhaltnr: points.length - index,
          time: BACK_TIMES[index],
        },
      ]),
    },
  ]);

  const random = seededRandom(1313);
  for (const [index, size] of PARTIES.entries()) {
    const surname = pick(random, SURNAMES);
    const place = pick(random, PLACES);
    const stop = 1 + (index % points.length);
    const people = Array.from({ length: size }, (_, person) => {
      const female = person % 2 === 0;
      return { female, firstName: pick(random, female ? FIRST_NAMES_FEMALE : FIRST_NAMES_MALE) };
    });
    const body: CreateBookingBody = {
      termin: nr,
      type: 'regular',
      comment: null,
      buchender: {
        firstName: people[0]!.firstName,
        surname,
        city: place.city,
        zip: place.zip,
        country: 'DE',
        phone: `+49 171 55${String(index).padStart(2, '0')}${String(1000 + index * 37)}`,
      },
      teilnehmer: people.map((person) => ({
        anrede: person.female ? 'Frau' : 'Herr',
        name: surname,
        name1: person.firstName,
        zustieghin: stop,
        zustiegrueck: points.length + 1 - stop,
      })),
      rooms: [],
      extras: [],
    };
    await createBooking(ctx, body, { userId: null, agencyId: null }, now);
  }

  const traveller = await findUserByEmail(ctx.db, 'traveller@example.com');
  const [first] = await findBookingIdsOfDate(ctx.db, nr);
  if (traveller && first)
    await linkTraveller(ctx, { userId: traveller.id, bookingId: first.id, relation: 'booker', status: 'confirmed' });
}
