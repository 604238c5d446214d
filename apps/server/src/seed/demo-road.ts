import { berlinDate } from '@tourdesk/contracts';
import { SEAT_PLAN_TEMPLATES, type CreateBookingBody } from '@tourdesk/contracts';
import { findQuotasOfDate } from '../features/bookings/booking-capacity.repository.ts';
import { createBooking } from '../features/bookings/bookings.service.ts';
import { recordPosition } from '../features/bus-location/bus-location.service.ts';
import { plannedInstant } from '../features/bus-location/arrival-times.ts';
import { planDepartures } from '../features/departures/departures.service.ts';
import { linkTraveller } from '../features/traveller-trips/traveller-trips.service.ts';
import type { DbContext } from '../types.ts';
import { findRoomKinds } from './demo-bookings.repository.ts';
import {
  copyDate,
  findBoardingPoints,
  findDateToCopy,
  findDriverAccount,
  findOutboundStopsOfJourney,
} from './demo-road.repository.ts';
import { findDateByCode } from './seed.repository.ts';
import { addDays } from './factories.ts';

/** The demo driver (README) and the demo traveller. */
const DRIVER = 'driver@example.com';
const TRAVELLER = 'traveller@example.com';
/** Minutes between the demo coach's stops. */
const STOP_EVERY_MIN = 25;

const berlinTime = (instant: Date) =>
  new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);

/**
 * A coach on the road today (issue #13): a copy of a planned demo date leaving today (Europe/Berlin), code
 * `HEUTE-YYYY-MM-DD`, driven by the demo driver, its outward stops timed around now (the first left 20 minutes
 * ago); a booking of the demo traveller (linked, confirmed) boarding at the third stop; and two positions of
 * the coach — at its first stop, then half way to the second — so the office's map and the traveller's bus
 * location show a coach at once. Idempotent: a date of today's code already there is left as it is.
 */
export async function seedDemoRoad(ctx: DbContext, now = new Date()): Promise<number | null> {
  const today = berlinDate(now);
  const termincode = `HEUTE-${today}`;
  if (await findDateByCode(ctx.db, termincode)) return null;
  const driver = await findDriverAccount(ctx.db, DRIVER);
  const source = await findDateToCopy(ctx.db, today);
  if (!driver?.id_vc_card || !source) return null;
  const length =
    Math.round(
      (Date.parse(String(source.date_till).slice(0, 10)) - Date.parse(String(source.date_from).slice(0, 10))) /
        86_400_000,
    ) + 1;
  const nr = await copyDate(ctx.db, source.nr, { termincode, date_from: today, date_till: addDays(today, length - 1) });

  const journeyStops = await findOutboundStopsOfJourney(ctx.db, source.id_jrn_journey);
  const outward = journeyStops.filter((stop) => stop.direction === 'outbound');
  const back = journeyStops.filter((stop) => stop.direction === 'return');
  // Not before today's midnight (a stop of yesterday would be no stop of today's date).
  const firstAt = Math.max(now.getTime() - 20 * 60_000, plannedInstant(today, 0, '00:00')!.getTime());
  const travelStops = [
    ...outward.map((stop, index) => {
      const at = new Date(firstAt + index * STOP_EVERY_MIN * 60_000);
      const dayOffset = Math.round((Date.parse(berlinDate(at)) - Date.parse(today)) / 86_400_000);
      return {
        id_zus_zustiege: stop.id_zus_zustiege,
        direction: 'outbound' as const,
        knotenhaltnr: index + 1,
        time: berlinTime(at),
        day_offset: dayOffset,
        surcharge_cents: stop.surcharge_cents,
      };
    }),
    ...back.map((stop, index) => ({
      id_zus_zustiege: stop.id_zus_zustiege,
      direction: 'return' as const,
      knotenhaltnr: index + 1,
      time: null,
      day_offset: length - 1,
      surcharge_cents: stop.surcharge_cents,
    })),
  ];
  const layout = SEAT_PLAN_TEMPLATES.touring49.layout;
  const [planned] = await planDepartures(ctx, [
    {
      nr,
      transports: (['outbound', 'return'] as const).map((direction) => ({
        direction,
        name: `Bus 1 ${direction === 'outbound' ? 'Hinfahrt' : 'Rückfahrt'}`,
        layout,
        id_driver_card: driver.id_vc_card,
        vehicle: 'OA-AB 257',
      })),
      travelStops,
    },
  ]);

  // The demo traveller's party boards at the third stop (the coach is on its way there).
  const traveller = await findDriverAccount(ctx.db, TRAVELLER);
  const rooms = await doubleRoom(ctx, nr);
  const body: CreateBookingBody = {
    termin: nr,
    type: 'regular',
    comment: null,
    option_until: null,
    buchender: {
      firstName: 'Erika',
      surname: 'Mustermann',
      city: 'Leipzig',
      zip: '04103',
      country: 'DE',
      email: TRAVELLER,
    },
    teilnehmer: ['Erika', 'Max'].map((firstName, index) => ({
      anrede: index === 0 ? 'Frau' : 'Herr',
      name: 'Mustermann',
      name1: firstName,
      zustieghin: Math.min(3, outward.length),
      zustiegrueck: back.length > 0 ? 1 : null,
      zimmer: rooms.length > 0 ? 0 : null,
    })),
    rooms: rooms.map((id) => ({ id_jrn_room_type: id })),
    extras: [],
  };
  const booking = await createBooking(ctx, body, { userId: null, agencyId: null }, now);
  if (traveller)
    await linkTraveller(ctx, { userId: traveller.id, bookingId: booking.id, relation: 'booker', status: 'confirmed' });

  // The coach left its first stop and is half way to the second.
  const coach = planned!.transports.find((transport) => transport.direction === 'outbound')!;
  const points = new Map(
    (
      await findBoardingPoints(
        ctx.db,
        outward.slice(0, 2).map((stop) => stop.id_zus_zustiege),
      )
    ).map((point) => [point.id_zus_zustiege, point]),
  );
  const [a, b] = outward.slice(0, 2).map((stop) => points.get(stop.id_zus_zustiege));
  if (a?.lat != null && a.lon != null && b?.lat != null && b.lon != null) {
    const publish = async () => undefined;
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000).toISOString();
    await recordPosition(
      ctx,
      publish,
      driver.id,
      coach.id,
      { lat: a.lat, lon: a.lon, accuracy: 10, recordedAt: at(18) },
      now,
    );
    await recordPosition(
      ctx,
      publish,
      driver.id,
      coach.id,
      { lat: (a.lat + b.lat) / 2, lon: (a.lon + b.lon) / 2, accuracy: 10, speed: 18, heading: null, recordedAt: at(1) },
      now,
    );
  }
  return nr;
}

/** One double room for the demo couple when the date has rooms. */
async function doubleRoom(ctx: DbContext, nr: number): Promise<number[]> {
  const quotas = (await findQuotasOfDate(ctx.db, nr)).filter((quota) => quota.kind === 'room');
  if (quotas.length === 0) return [];
  const kinds = new Map(
    (
      await findRoomKinds(
        ctx.db,
        quotas.map((quota) => quota.ref),
      )
    ).map((row) => [row.id, row.kind]),
  );
  const double = quotas.find((quota) => ['double', 'twin'].includes(kinds.get(quota.ref) ?? ''));
  return double ? [double.ref] : [quotas[0]!.ref];
}
