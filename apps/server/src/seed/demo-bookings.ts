import { berlinDate } from '@tourdesk/contracts';
import { SEAT_PLAN_TEMPLATES, sellableSeats, type CreateBookingBody, type StopDirection } from '@tourdesk/contracts';
import { findQuotasOfDate } from '../features/bookings/booking-capacity.repository.ts';
import { findRoomTypesOfJourney, findTravelStopsOfDate } from '../features/bookings/bookings.repository.ts';
import {
  changeBookingStatus,
  createBooking,
  deleteBooking,
  onBookingChange,
  type BookingActor,
} from '../features/bookings/bookings.service.ts';
import { issueCollectiveInvoice } from '../features/collective-invoices/collective-invoices.service.ts';
import { commissionRateListener, putCommissionRates } from '../features/commissions/commissions.service.ts';
import { allOrganizations, AGENCY_TYPE } from '../features/organizations/organizations.service.ts';
import { insertQuota, insertTransport, insertTravelStop } from '../features/departures/departures.repository.ts';
import type { DbContext } from '../types.ts';
import {
  countBookings,
  findBookableDates,
  findJourneyCategory,
  findJourneyStops,
  findLimitedExtras,
  findPlannedDates,
  findRoomCounts,
  findRoomKinds,
} from './demo-bookings.repository.ts';
import { addDays } from './factories.ts';
import {
  FIRST_NAMES_FEMALE,
  FIRST_NAMES_MALE,
  MAIL_DOMAINS,
  PLACES,
  SURNAMES,
  mailName,
  pick,
  seededRandom,
} from './german-data.ts';

/**
 * Demo bookings on the demo dates that have coaches (planned by seed/demo-departures.ts; when none is planned
 * yet, the first date of four journeys is planned here with a 49-seat coach each way): a nearly full date
 * with options (one ending tomorrow), a request, one in processing and a cancelled one; a sold-out date with
 * three bookings on its waiting list; a half-full date; a quiet date with a draft, three firm bookings of the
 * first demo agency (settled by one collective invoice) and one of the second. The two agencies get commission
 * rates first (10 % by default, 12.5 % and 8 % for the quiet journey's category). German names throughout.
 * Runs once: with bookings in the database it does nothing. Answers how many bookings it wrote.
 */
export async function seedDemoBookings(ctx: DbContext, options: { now?: Date } = {}): Promise<number> {
  if ((await countBookings(ctx.db)) > 0) return 0;
  const now = options.now ?? new Date();
  const today = berlinDate(now);
  let planned = await findPlannedDates(ctx.db, today);
  if (planned.length === 0) {
    const candidates = demoDates(await findBookableDates(ctx.db, today), today);
    for (const date of candidates) await planDemoDeparture(ctx, date.nr, date.id_jrn_journey);
    planned = await findPlannedDates(ctx.db, today);
  }
  const demo = new DemoBooker(ctx, now);
  const [nearlyFull, soldOut, halfFull, quiet] = demoDates(planned, today);

  if (nearlyFull) {
    await demo.book(nearlyFull.nr, 2, 'option', { optionDays: 1, comment: 'Option läuft morgen ab' });
    await demo.book(nearlyFull.nr, 2, 'option', { optionDays: 6 });
    const processing = await demo.book(nearlyFull.nr, 4, 'regular', { comment: 'Gruppe Kegelclub' });
    if (processing) await changeBookingStatus(ctx, processing, { status: 'processing' }, demo.actor, now);
    await demo.book(nearlyFull.nr, 1, 'anfrage');
    const cancelled = await demo.book(nearlyFull.nr, 2, 'regular');
    if (cancelled) await deleteBooking(ctx, cancelled, demo.actor, now);
    await demo.fill(nearlyFull.nr, 3);
  }
  if (soldOut) {
    await demo.book(soldOut.nr, 2, 'option', { optionDays: 3 });
    await demo.fill(soldOut.nr, 0);
    for (const size of [2, 1, 3]) await demo.book(soldOut.nr, size, 'waitlist');
  }
  if (halfFull) {
    await demo.book(halfFull.nr, 2, 'option', { optionDays: 7 });
    await demo.fill(halfFull.nr, Math.floor((await demo.freeSeats(halfFull.nr)) / 2));
  }
  if (quiet) {
    await demo.book(quiet.nr, 2, 'regular');
    await demo.book(quiet.nr, 1, 'option', { optionDays: 5 });
    await demo.book(quiet.nr, 2, 'entwurf', { comment: 'Kundin ruft noch zurück' });
    await seedAgencyBookings(ctx, demo, quiet, now);
  }
  return demo.count;
}

/**
 * The demo agencies' money (docs/adr/0019): their commission rates, firm bookings made for each agency through
 * the booking service (the rate frozen by the commission listener) and one collective invoice over the first
 * agency's bookings on the date.
 */
async function seedAgencyBookings(
  ctx: DbContext,
  demo: DemoBooker,
  date: { nr: number; id_jrn_journey: number; date_from: string | Date },
  now: Date,
): Promise<void> {
  const agencies = (await allOrganizations(ctx, AGENCY_TYPE)).sort((a, b) => a.id - b.id).slice(0, 2);
  if (agencies.length === 0) return;
  onBookingChange(commissionRateListener);
  const category = await findJourneyCategory(ctx.db, date.id_jrn_journey);
  for (const [index, agency] of agencies.entries())
    await putCommissionRates(ctx, agency.id, {
      rates: [
        { categoryId: null, percent: 10 },
        ...(category === null ? [] : [{ categoryId: category, percent: index === 0 ? 12.5 : 8 }]),
      ],
    });
  const [first, second] = agencies;
  let booked = 0;
  for (const size of [2, 3, 1]) if (await demo.book(date.nr, size, 'regular', { agencyId: first!.id })) booked += 1;
  if (second) await demo.book(date.nr, 2, 'regular', { agencyId: second.id });
  if (booked === 0) return;
  const day = dayOf(date.date_from);
  await issueCollectiveInvoice(ctx, { agencyId: first!.id, from: day, to: day }, demo.actor, now);
}

const firstPerJourney = <Row extends { id_jrn_journey: number }>(rows: readonly Row[]) => {
  const seen = new Set<number>();
  return rows.filter((row) => !seen.has(row.id_jrn_journey) && seen.add(row.id_jrn_journey));
};

/**
 * How far ahead the half-full and the quiet date lie at least: far enough that a booking confirmed today pays a
 * deposit first and the rest later (by the default PAYMENT_TERMS the balance is due 30 days before departure, the
 * deposit 14 days after confirmation), so the demo has bookings with their deposit paid whatever day it is made.
 */
const DEMO_DEPOSIT_DATES_AHEAD_DAYS = 60;

const dayOf = (value: string | Date) => (value instanceof Date ? value.toISOString() : value).slice(0, 10);

/**
 * The demo's four dates, each of another journey, from dates soonest first: the two soonest (the nearly full and
 * the sold-out date, whose options lapse within days), then two at least DEMO_DEPOSIT_DATES_AHEAD_DAYS ahead (the
 * half-full and the quiet date); the next soonest when no such date is there.
 */
function demoDates<Row extends { id_jrn_journey: number; date_from: string | Date }>(
  rows: readonly Row[],
  today: string,
): Row[] {
  const soon = firstPerJourney(rows).slice(0, 2);
  const taken = new Set(soon.map((row) => row.id_jrn_journey));
  const ahead = addDays(today, DEMO_DEPOSIT_DATES_AHEAD_DAYS);
  const later = firstPerJourney(
    rows.filter((row) => !taken.has(row.id_jrn_journey) && dayOf(row.date_from) >= ahead),
  ).slice(0, 2);
  const rest = later.length === 2 ? later : firstPerJourney(rows.filter((row) => !taken.has(row.id_jrn_journey)));
  return [...soon, ...rest.slice(0, 2)];
}

/** Plans one date for sale: a 49-seat coach each way, pools for seats, rooms and limited extras, the journey's stops. */
async function planDemoDeparture(ctx: DbContext, nr: number, journeyId: number): Promise<void> {
  const layout = SEAT_PLAN_TEMPLATES.touring49.layout;
  for (const direction of ['outbound', 'return'] as const) {
    const transport = await insertTransport(ctx.db, {
      id_jrn_date: nr,
      direction,
      position: 1,
      name: direction === 'outbound' ? 'Bus 1 Hinfahrt' : 'Bus 1 Rückfahrt',
      layout: JSON.stringify(layout),
      blocked_seats: '[]',
    });
    await insertQuota(ctx.db, {
      id_jrn_date: nr,
      kind: 'seat',
      ref: transport,
      name: `Sitzplätze ${direction === 'outbound' ? 'Hinfahrt' : 'Rückfahrt'}`,
      capacity: sellableSeats(layout).length,
    });
  }
  for (const roomType of await findRoomTypesOfJourney(ctx.db, journeyId)) {
    const rooms = await roomCount(ctx, journeyId, roomType.id);
    await insertQuota(ctx.db, {
      id_jrn_date: nr,
      kind: 'room',
      ref: roomType.id,
      name: roomType.name ?? roomType.kind,
      capacity: rooms,
    });
  }
  for (const extra of await findLimitedExtras(ctx.db, journeyId)) {
    await insertQuota(ctx.db, {
      id_jrn_date: nr,
      kind: 'extra',
      ref: extra.id,
      name: extra.value,
      capacity: extra.units ?? 0,
    });
  }
  const numbers: Record<StopDirection, number> = { outbound: 0, return: 0 };
  for (const stop of await findJourneyStops(ctx.db, journeyId)) {
    const direction: StopDirection = stop.direction === 'return' ? 'return' : 'outbound';
    numbers[direction] += 1;
    await insertTravelStop(ctx.db, {
      id_jrn_date: nr,
      id_zus_zustiege: stop.id_zus_zustiege,
      direction,
      knotenhaltnr: numbers[direction],
      position: stop.position,
      time: stop.time,
      day_offset: stop.day_offset,
      surcharge_cents: stop.surcharge_cents,
    });
  }
}

async function roomCount(ctx: DbContext, journeyId: number, roomTypeId: number): Promise<number> {
  return (await findRoomCounts(ctx.db, journeyId)).find((row) => row.id === roomTypeId)?.rooms ?? 0;
}

type BookOptions = { optionDays?: number; comment?: string; /** booked by this agency */ agencyId?: number };

/** Writes demo bookings through the booking service, with German names and sensible rooms and stops. */
class DemoBooker {
  readonly actor: BookingActor = { userId: null, agencyId: null };
  count = 0;
  private readonly random = seededRandom(1990);
  private sequence = 0;

  private readonly ctx: DbContext;
  private readonly now: Date;

  constructor(ctx: DbContext, now: Date) {
    this.ctx = ctx;
    this.now = now;
  }

  async freeSeats(nr: number): Promise<number> {
    const seats = (await findQuotasOfDate(this.ctx.db, nr)).filter((quota) => quota.kind === 'seat');
    return seats.length === 0 ? 0 : Math.min(...seats.map((quota) => quota.capacity - quota.held));
  }

  /** Firm bookings (and now and then an option) of 1–4 people until `leave` seats are left. */
  async fill(nr: number, leave: number): Promise<void> {
    for (let free = await this.freeSeats(nr); free > leave; free = await this.freeSeats(nr)) {
      const size = Math.min(1 + Math.floor(this.random() * 4), free - leave);
      const option = this.random() < 0.2;
      if (
        !(await this.book(
          nr,
          size,
          option ? 'option' : 'regular',
          option ? { optionDays: 2 + Math.floor(this.random() * 10) } : {},
        ))
      )
        return;
    }
  }

  /** One booking of `size` people; answers its number, or null when the date had no room for it. */
  async book(nr: number, size: number, type: string, options: BookOptions = {}): Promise<number | null> {
    const surname = pick(this.random, SURNAMES);
    const people = Array.from({ length: size }, (_, index) => {
      const female = index % 2 === 0 ? this.random() < 0.6 : this.random() < 0.4;
      return { female, firstName: pick(this.random, female ? FIRST_NAMES_FEMALE : FIRST_NAMES_MALE) };
    });
    const stops = await findTravelStopsOfDate(this.ctx.db, nr);
    const stopOf = (direction: StopDirection) => {
      const own = stops.filter((stop) => stop.direction === direction);
      return own.length > 0 ? pick(this.random, own).knotenhaltnr : null;
    };
    const zustieghin = stopOf('outbound');
    const zustiegrueck = stopOf('return');
    const rooms = await this.rooms(nr, size);
    const place = pick(this.random, PLACES);
    this.sequence += 1;
    const body: CreateBookingBody = {
      termin: nr,
      type,
      option_until:
        type === 'option' ? new Date(this.now.getTime() + (options.optionDays ?? 7) * 86_400_000).toISOString() : null,
      comment: options.comment ?? null,
      buchender: {
        firstName: people[0]!.firstName,
        surname,
        city: place.city,
        zip: place.zip,
        country: 'DE',
        email: `${mailName(people[0]!.firstName)}.${mailName(surname)}.${this.sequence}@${pick(this.random, MAIL_DOMAINS)}`,
      },
      teilnehmer: people.map((person, index) => ({
        anrede: person.female ? 'Frau' : 'Herr',
        name: surname,
        name1: person.firstName,
        zustieghin,
        zustiegrueck,
        zimmer: rooms.length > 0 ? Math.min(Math.floor(index / 2), rooms.length - 1) : null,
      })),
      rooms: rooms.map((id) => ({ id_jrn_room_type: id })),
      extras: [],
    };
    try {
      const actor = options.agencyId === undefined ? this.actor : { ...this.actor, agencyId: options.agencyId };
      const booking = await createBooking(this.ctx, body, actor, this.now);
      this.count += 1;
      return booking.id;
    } catch {
      return null;
    }
  }

  /** Room types for a party: a double per two, a single for one left over, as far as the pools have rooms. */
  private async rooms(nr: number, size: number): Promise<number[]> {
    const quotas = (await findQuotasOfDate(this.ctx.db, nr)).filter((quota) => quota.kind === 'room');
    if (quotas.length === 0) return [];
    const kinds = new Map(
      (
        await findRoomKinds(
          this.ctx.db,
          quotas.map((quota) => quota.ref),
        )
      ).map((row) => [row.id, row.kind]),
    );
    const free = new Map(quotas.map((quota) => [quota.ref, quota.capacity - quota.held]));
    const take = (wanted: string[]) => {
      const ref = [...free.keys()].find((id) => wanted.includes(kinds.get(id) ?? '') && free.get(id)! > 0);
      if (ref === undefined) return null;
      free.set(ref, free.get(ref)! - 1);
      return ref;
    };
    const rooms: number[] = [];
    for (let left = size; left > 0; left -= 2) {
      const ref = left >= 2 ? take(['double', 'twin']) : take(['single', 'double']);
      if (ref === null) return [];
      rooms.push(ref);
    }
    return rooms;
  }
}
