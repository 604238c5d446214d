import { SEAT_PLAN_TEMPLATES, type CreateJourneyBody } from '@tourdesk/contracts';
import { createBooking, type BookingActor } from '../features/bookings/bookings.service.ts';
import { planDepartures } from '../features/departures/departures.service.ts';
import { roleIdByName } from '../features/roles/roles.service.ts';
import {
  linkTraveller,
  putEmergencyNumbers,
  berlinToday,
} from '../features/traveller-trips/traveller-trips.service.ts';
import { findAccountsByEmailAddress } from '../features/users/users.service.ts';
import type { DbContext } from '../types.ts';
import { DEMO_BOARDING_POINTS } from './catalogue-data.ts';
import { addDays, createJourneyFixture, createUserFixture, DEMO_PASSWORD } from './factories.ts';
import { findBoardingPointIdsByName } from './seed.repository.ts';

const ACTOR: BookingActor = { userId: null, agencyId: null };

const ADVENT_DAYS: CreateJourneyBody['days'] = [
  {
    day_no: 1,
    daytitle: 'Anreise nach Meran',
    daytext: '<p>Fahrt über den Brenner nach Meran, Abendessen im Hotel.</p>',
  },
  {
    day_no: 2,
    daytitle: 'Meraner Weihnachtsmarkt',
    daytext: '<p>Stadtführung und freie Zeit auf dem Weihnachtsmarkt.</p>',
  },
  { day_no: 3, daytitle: 'Bozen und Brixen', daytext: '<p>Ausflug zu den Christkindlmärkten in Bozen und Brixen.</p>' },
  { day_no: 4, daytitle: 'Sterzing', daytext: '<p>Vormittag in Sterzing, Nachmittag zur freien Verfügung.</p>' },
  { day_no: 5, daytitle: 'Heimreise', daytext: '<p>Rückfahrt mit Mittagspause am Inn.</p>' },
];

const LAKE_DAYS: CreateJourneyBody['days'] = [
  { day_no: 1, daytitle: 'Anreise an den Bodensee', daytext: '<p>Fahrt nach Lindau, Spaziergang über die Insel.</p>' },
  { day_no: 2, daytitle: 'Blumeninsel Mainau', daytext: '<p>Schifffahrt zur Insel Mainau mit Herbstblumenschau.</p>' },
  { day_no: 3, daytitle: 'Meersburg', daytext: '<p>Burg und Altstadt von Meersburg, Weinprobe.</p>' },
  { day_no: 4, daytitle: 'Bregenz', daytext: '<p>Mit der Pfänderbahn über Bregenz.</p>' },
  { day_no: 5, daytitle: 'Heimreise', daytext: '<p>Rückfahrt am Vormittag.</p>' },
];

/**
 * The demo traveller's trips (issue #13): traveller@example.com is the booker of a trip departing in two weeks
 * (coaches, travel stops, seats) and of one that ended last month; a second demo traveller,
 * reisebegleiterin@example.com, waits for the booker to confirm her request to see the coming trip. The
 * operator's emergency numbers are set. Runs after the demo departures (it uses their boarding points).
 */
export async function seedDemoTravellerTrips(ctx: DbContext, now = new Date()): Promise<void> {
  const traveller = (await findAccountsByEmailAddress(ctx, 'traveller@example.com')).find((a) => a.kind === 'app');
  if (!traveller) return;
  const points = await findBoardingPointIdsByName(
    ctx.db,
    DEMO_BOARDING_POINTS.slice(0, 2).map((point) => point.name),
  );
  const stops = [...points.values()];
  if (stops.length < 2) return;
  const today = berlinToday(now);

  const trip = async (
    n: number,
    title: string,
    subtitle: string,
    firstDate: string,
    days: CreateJourneyBody['days'],
    hotel: { name: string; street: string; zip: string; city: string; country: string; stars: number },
  ) => {
    const journey = await createJourneyFixture(ctx, n, {
      title,
      subtitle,
      code: `DEMO-APP-${n}`,
      slug: `demo-app-${n}`,
      meta_title: title,
      accommodations: [
        {
          ...hotel,
          roomTypes: [
            { kind: 'double', name: 'Doppelzimmer', rooms: 20 },
            { kind: 'single', name: 'Einzelzimmer', rooms: 6 },
          ],
        },
      ],
      firstDate,
      days,
    });
    const date = journey.dates[0]!;
    await planDepartures(ctx, [
      {
        nr: date.nr,
        transports: (['outbound', 'return'] as const).map((direction) => ({
          direction,
          name: direction === 'outbound' ? 'Bus 1 Hinfahrt' : 'Bus 1 Rückfahrt',
          layout: SEAT_PLAN_TEMPLATES.touring49.layout,
          blocked: [],
        })),
        travelStops: stops.flatMap((id, i) =>
          (['outbound', 'return'] as const).map((direction) => ({
            id_zus_zustiege: id,
            direction,
            knotenhaltnr: i + 1,
            time: direction === 'outbound' ? `0${6 + i}:30` : `1${8 + i}:15`,
          })),
        ),
      },
    ]);
    const booking = await createBooking(
      ctx,
      {
        termin: date.nr,
        type: 'regular',
        language: 'de',
        buchender: {
          firstName: 'Thomas',
          surname: 'Müller',
          street: 'Reichenstraße 12',
          zip: '87629',
          city: 'Füssen',
          email: 'traveller@example.com',
        },
        teilnehmer: [
          { name: 'Müller', name1: 'Thomas', zustieghin: 2, zustiegrueck: 2 },
          { name: 'Müller', name1: 'Sabine', zustieghin: 2, zustiegrueck: 2 },
        ],
        rooms: [],
        extras: [],
      },
      ACTOR,
      now,
    );
    await linkTraveller(ctx, { userId: traveller.id, bookingId: booking.id, relation: 'booker', status: 'confirmed' });
    return booking.id;
  };

  const coming = await trip(
    9101,
    'Adventszauber in Südtirol',
    'Weihnachtsmärkte in Meran, Bozen und Brixen',
    addDays(today, 14),
    ADVENT_DAYS,
    { name: 'Hotel Meranerhof', street: 'Manzonistraße 1', zip: '39012', city: 'Meran', country: 'Italien', stars: 4 },
  );
  await trip(9102, 'Herbstfarben am Bodensee', 'Lindau, Mainau und Meersburg', addDays(today, -40), LAKE_DAYS, {
    name: 'Hotel Bayerischer Hof',
    street: 'Seepromenade',
    zip: '88131',
    city: 'Lindau',
    country: 'Deutschland',
    stars: 4,
  });

  const companion = await createUserFixture(ctx, 'app', {
    email: 'reisebegleiterin@example.com',
    firstname: 'Sabine',
    lastname: 'Müller',
    role: await roleIdByName(ctx, 'traveller'),
    password: DEMO_PASSWORD,
  });
  await linkTraveller(ctx, { userId: companion.id, bookingId: coming, relation: 'guest', status: 'requested' });

  await putEmergencyNumbers(ctx, [
    { label: 'Notruf Reiseleitung (24 h)', phone: '+49 8321 6789-99' },
    { label: 'Büro Sonthofen', phone: '+49 8321 6789-0' },
    { label: 'Euronotruf', phone: '112' },
  ]);
}
