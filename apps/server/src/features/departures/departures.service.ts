import {
  sellableSeats,
  type Departure,
  type DateOccupancy,
  type CoachTrip,
  type Quota,
  type SeatLayout,
  type SeatMap,
  type StopDirection,
  type TransportInput,
  type TravelStopInput,
  type UpdateDepartureBody,
} from '@tourdesk/contracts';
import { nowIso, parseJson, toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { ApiError, fieldError, notFound } from '../../lib/errors.ts';
import type { DbContext } from '../../types.ts';
import {
  countSeatAssignments,
  countWaitlist,
  countBookingsOfJourney,
  deleteQuotas,
  deleteTransportsWithPools,
  deleteTravelStops,
  findAssignedSeats,
  findBoardingPointIds,
  findDateWithJourney,
  findDatesByNr,
  findDatesStartingBetween,
  findDriverCards,
  findCoachesBetween,
  findVehicles,
  findDatesOfJourney,
  findDriverCardIds,
  findExpiringOptions,
  findJourneyPoolSources,
  findJourneyStops,
  findPoolKeysOfDates,
  findQuotasOfDate,
  findSeatOccupants,
  findSeatPlanLayouts,
  findStopsOfJourneys,
  findTransportsOfDates,
  findTravelStopsOfDate,
  findUsedTravelStops,
  insertQuota,
  insertMissingQuotas,
  insertQuotas,
  insertTransport,
  insertTransports,
  insertTravelStops,
  journeyExists,
  parkTransportPositions,
  parkTravelStopNumbers,
  sumRoomPoolsOfJourney,
  sumSeatPoolsOfJourney,
  updateQuotaRow,
  updateTransportRow,
  updateTravelStopRow,
  type QuotaRow,
  type TransportRow,
  type TravelStopRow,
  findBookingIdsOfAgency,
} from './departures.repository.ts';

/** RATIO's participant shape, shared with the bookings feature's answer. */
export { toRatioParticipant } from './ratio-participant.ts';
/**
 * A departure date as one document (ADR 0013): its coaches with a copy of a seat plan, its numbered travel
 * stops and its capacity pools; plus the seat map and a journey's occupancy per date.
 */

const EMPTY_LAYOUT: SeatLayout = { decks: [] };
export const transportLayout = (row: { layout: string }): SeatLayout => parseJson<SeatLayout>(row.layout, EMPTY_LAYOUT);
export const transportBlocked = (row: { blocked_seats: string }): string[] =>
  parseJson<string[]>(row.blocked_seats, []);

const toCents = (euro: number) => Math.round(euro * 100);
/** Options lapsing within this many hours show up as alerts. */
export const OPTION_ALERT_HOURS = 48;
const alertUntil = (now = Date.now()) => new Date(now + OPTION_ALERT_HOURS * 3600_000).toISOString();

const toTransport = (row: TransportRow) => ({
  id: row.id,
  direction: row.direction,
  position: row.position,
  name: row.name,
  id_seat_plan: row.id_seat_plan,
  layout: transportLayout(row),
  blocked_seats: transportBlocked(row),
  id_driver_card: row.id_driver_card,
  driverName: row.driver_name ?? null,
  vehicle: row.vehicle,
  capacity: Number(row.capacity ?? 0),
  held: Number(row.held ?? 0),
});

const toTravelStop = (row: TravelStopRow) => ({
  id: row.id,
  id_zus_zustiege: row.id_zus_zustiege,
  name: row.name,
  street: row.street,
  zip: row.zip,
  city: row.city,
  direction: row.direction,
  knotenhaltnr: row.knotenhaltnr,
  position: row.position,
  time: row.time,
  day_offset: row.day_offset,
  surcharge: row.surcharge_cents / 100,
  travellers: Number(row.travellers ?? 0),
});

export const toQuota = (row: Pick<QuotaRow, 'id' | 'kind' | 'ref' | 'name' | 'capacity' | 'held'>): Quota => ({
  id: row.id,
  kind: row.kind,
  ref: row.ref,
  name: row.name,
  capacity: row.capacity,
  held: row.held,
  free: row.capacity - row.held,
});

/** A departure date with its journey's title and bookable status, or undefined (also for the bookings feature). */
export const findDepartureDate = (ctx: DbContext, nr: number) => findDateWithJourney(ctx.db, nr);

async function requireDate(ctx: DbContext, nr: number) {
  const date = await findDateWithJourney(ctx.db, nr);
  if (!date) throw notFound();
  return date;
}

// ---------------------------------------------------------------- pools every date has

/**
 * Makes sure the dates have a room pool per room type of their journey's accommodations (capacity = rooms) and a
 * pool per extra with limited units (capacity = units): missing ones are created, existing ones left alone.
 * Works on any number of dates with a fixed number of queries (demo data plans many at once).
 */
export async function ensurePoolsOfDates(ctx: DbContext, dates: ReadonlyArray<{ nr: number; id_jrn_journey: number }>) {
  if (dates.length === 0) return [];
  const [sources, existing] = await Promise.all([
    findJourneyPoolSources(ctx.db, [...new Set(dates.map((date) => date.id_jrn_journey))]),
    findPoolKeysOfDates(
      ctx.db,
      dates.map((date) => date.nr),
    ),
  ]);
  const have = new Set(existing.map((pool) => `${pool.id_jrn_date}:${pool.kind}:${pool.ref}`));
  const rows = dates.flatMap((date) => [
    ...sources.roomTypes
      .filter((room) => room.id_jrn_journey === date.id_jrn_journey && !have.has(`${date.nr}:room:${room.id}`))
      .map((room) => ({
        id_jrn_date: date.nr,
        kind: 'room' as const,
        ref: room.id,
        name: `${room.accommodation}: ${room.name ?? room.kind}`,
        capacity: room.rooms,
      })),
    ...sources.extras
      .filter(
        (extra) =>
          extra.id_jrn_journey === date.id_jrn_journey &&
          extra.units !== null &&
          !have.has(`${date.nr}:extra:${extra.id}`),
      )
      .map((extra) => ({
        id_jrn_date: date.nr,
        kind: 'extra' as const,
        ref: extra.id,
        name: extra.value,
        capacity: extra.units ?? 0,
      })),
  ]);
  return insertMissingQuotas(ctx.db, rows);
}

/** The room and extra pools of one date (see `ensurePoolsOfDates`); for the demo data and tests. */
export async function ensureDateQuotas(ctx: DbContext, nr: number): Promise<void> {
  const date = await requireDate(ctx, nr);
  await ensurePoolsOfDates(ctx, [date]);
}

// ---------------------------------------------------------------- GET /departures/{nr}

/** The items that belong to the agency's bookings (`bookingOf` names an item's booking). */
export async function ownOnly<T>(
  ctx: DbContext,
  items: readonly T[],
  bookingOf: (item: T) => number,
  agencyId: number,
): Promise<T[]> {
  const own = await findBookingIdsOfAgency(ctx.db, items.map(bookingOf), agencyId);
  return items.filter((item) => own.has(bookingOf(item)));
}

/** GET /departures/{nr}: the date with its coaches, travel stops, pools and alerts. Missing pools are created. */
export async function getDeparture(ctx: DbContext, nr: number, agencyId: number | null = null): Promise<Departure> {
  const date = await requireDate(ctx, nr);
  await ensurePoolsOfDates(ctx, [date]);
  const [transports, stops, quotas, options, waitlist] = await Promise.all([
    findTransportsOfDates(ctx.db, [nr]),
    findTravelStopsOfDate(ctx.db, nr),
    findQuotasOfDate(ctx.db, nr),
    findExpiringOptions(ctx.db, nr, alertUntil()),
    countWaitlist(ctx.db, nr),
  ]);
  return {
    nr: date.nr,
    id_jrn_journey: date.id_jrn_journey,
    journeyTitle: date.title,
    termincode: date.termincode,
    date_from: date.date_from,
    date_till: date.date_till,
    bookable: date.bookable,
    // An agency user (docs/adr/0019) sees no drivers or vehicles, and only its own bookings' expiring options.
    transports: transports
      .map(toTransport)
      .map((transport) =>
        agencyId == null ? transport : { ...transport, id_driver_card: null, driverName: null, vehicle: null },
      ),
    travelStops: stops.map(toTravelStop),
    quotas: quotas.map(toQuota),
    alerts: {
      optionsExpiring: (agencyId == null ? options : await ownOnly(ctx, options, (option) => option.id, agencyId)).map(
        (option) => ({
          id: option.id,
          bookerName: option.booker_name ?? null,
          option_until: toIso(option.option_until)!,
          units: Number(option.units ?? 0),
        }),
      ),
      waitlist,
    },
  };
}

// ---------------------------------------------------------------- PUT /departures/{nr}

const invalid = (field: string, key: Parameters<typeof fieldError>[1] = 'error.invalid') =>
  new ApiError(400, key, [fieldError(field, key)]);
const conflictOn = (field: string, key: Parameters<typeof fieldError>[1]) =>
  new ApiError(409, key, [fieldError(field, key)]);

/**
 * PUT /departures/{nr}: each collection sent replaces that collection, all in one transaction; a refusal
 * (400 naming the field, 409 with its key) leaves everything as it was.
 */
export async function updateDeparture(ctx: DbContext, nr: number, body: UpdateDepartureBody): Promise<Departure> {
  await inTransaction(ctx, async (trx) => {
    const date = await requireDate(trx, nr);
    await ensurePoolsOfDates(trx, [date]);
    if (body.transports) await replaceTransports(trx, nr, body.transports);
    if (body.travelStops) await replaceTravelStops(trx, nr, body.travelStops);
    if (body.stopsFromJourney) await addStopsFromJourney(trx, nr, date.id_jrn_journey);
    if (body.quotas) await replaceQuotas(trx, nr, date.id_jrn_journey, body.quotas);
  });
  return getDeparture(ctx, nr);
}

async function replaceTransports(ctx: DbContext, nr: number, inputs: TransportInput[]) {
  const existing = await findTransportsOfDates(ctx.db, [nr]);
  const byId = new Map(existing.map((row) => [row.id, row]));
  inputs.forEach((input, index) => {
    if (input.id !== undefined && !byId.has(input.id)) throw invalid(`transports.${index}.id`);
  });

  // Drivers must be driver cards; plans must exist.
  const driverIds = [...new Set(inputs.flatMap((input) => (input.id_driver_card ? [input.id_driver_card] : [])))];
  const drivers = new Set(await findDriverCardIds(ctx.db, driverIds));
  inputs.forEach((input, index) => {
    if (input.id_driver_card && !drivers.has(input.id_driver_card)) throw invalid(`transports.${index}.id_driver_card`);
  });
  const planIds = [...new Set(inputs.flatMap((input) => (input.id_seat_plan ? [input.id_seat_plan] : [])))];
  const plans = new Map(
    (await findSeatPlanLayouts(ctx.db, planIds)).map((plan) => [plan.id, transportLayout(plan)] as const),
  );

  // Coaches left out go, unless travellers sit on them.
  const kept = new Set(inputs.flatMap((input) => (input.id ? [input.id] : [])));
  const removed = existing.filter((row) => !kept.has(row.id));
  const assignments = await countSeatAssignments(
    ctx.db,
    existing.map((row) => row.id),
  );
  for (const row of removed) {
    if ((assignments.get(row.id) ?? 0) > 0 || Number(row.held ?? 0) > 0)
      throw conflictOn(`transports`, 'error.transportInUse');
  }
  const assigned = new Map<number, Set<string>>();
  for (const seat of await findAssignedSeats(ctx.db, [...kept])) {
    const seats = assigned.get(seat.id_transport) ?? new Set<string>();
    seats.add(seat.seat);
    assigned.set(seat.id_transport, seats);
  }
  await deleteTransportsWithPools(
    ctx.db,
    nr,
    removed.map((row) => row.id),
  );
  await parkTransportPositions(ctx.db, nr);

  const positions: Record<StopDirection, number> = { outbound: 0, return: 0 };
  const now = nowIso();
  for (const [index, input] of inputs.entries()) {
    const current = input.id !== undefined ? byId.get(input.id) : undefined;
    const field = `transports.${index}`;
    let layout: SeatLayout;
    if (input.layout) layout = input.layout;
    else if (input.id_seat_plan && (!current || input.id_seat_plan !== current.id_seat_plan)) {
      const planLayout = plans.get(input.id_seat_plan);
      if (!planLayout) throw invalid(`${field}.id_seat_plan`);
      layout = planLayout;
    } else if (current) layout = transportLayout(current);
    else throw invalid(`${field}.id_seat_plan`, 'error.empty');

    const blocked = input.blocked_seats ?? (current ? transportBlocked(current) : []);
    const sellable = sellableSeats(layout, blocked);
    if (current) {
      const taken = assigned.get(current.id) ?? new Set<string>();
      const blockedIndex = blocked.findIndex((seat) => taken.has(seat));
      if (blockedIndex >= 0) throw conflictOn(`${field}.blocked_seats.${blockedIndex}`, 'error.seatTaken');
      const sellableSet = new Set(sellable);
      if ([...taken].some((seat) => !sellableSet.has(seat))) throw conflictOn(`${field}.layout`, 'error.seatTaken');
      if (sellable.length < Number(current.held ?? 0))
        throw conflictOn(`${field}.blocked_seats`, 'error.capacityBelowHeld');
    }

    const position = ++positions[input.direction];
    const values = {
      direction: input.direction,
      position,
      name: input.name,
      id_seat_plan: input.id_seat_plan !== undefined ? input.id_seat_plan || null : (current?.id_seat_plan ?? null),
      layout: JSON.stringify(layout),
      blocked_seats: JSON.stringify(blocked),
      id_driver_card:
        input.id_driver_card !== undefined ? input.id_driver_card || null : (current?.id_driver_card ?? null),
      vehicle: input.vehicle !== undefined ? input.vehicle : (current?.vehicle ?? null),
      updated_at: now,
    };
    const poolName = `Sitzplätze ${input.name}`;
    if (current) {
      await updateTransportRow(ctx.db, current.id, values);
      if (current.quota_id !== null)
        await updateQuotaRow(ctx.db, current.quota_id, { capacity: sellable.length, name: poolName });
      else
        await insertQuota(ctx.db, {
          id_jrn_date: nr,
          kind: 'seat',
          ref: current.id,
          name: poolName,
          capacity: sellable.length,
        });
    } else {
      const id = await insertTransport(ctx.db, { ...values, id_jrn_date: nr, created_at: now });
      await insertQuota(ctx.db, { id_jrn_date: nr, kind: 'seat', ref: id, name: poolName, capacity: sellable.length });
    }
  }
}

async function replaceTravelStops(ctx: DbContext, nr: number, inputs: TravelStopInput[]) {
  const existing = await findTravelStopsOfDate(ctx.db, nr);
  const byId = new Map(existing.map((row) => [row.id, row]));
  inputs.forEach((input, index) => {
    if (input.id !== undefined && !byId.has(input.id)) throw invalid(`travelStops.${index}.id`);
  });
  const points = await findBoardingPointIds(
    ctx.db,
    inputs.map((input) => input.id_zus_zustiege),
  );
  const numbers: Record<StopDirection, Set<number>> = { outbound: new Set(), return: new Set() };
  const pointsSeen: Record<StopDirection, Set<number>> = { outbound: new Set(), return: new Set() };
  inputs.forEach((input, index) => {
    if (!points.has(input.id_zus_zustiege)) throw invalid(`travelStops.${index}.id_zus_zustiege`);
    if (pointsSeen[input.direction].has(input.id_zus_zustiege)) throw invalid(`travelStops.${index}.id_zus_zustiege`);
    pointsSeen[input.direction].add(input.id_zus_zustiege);
    if (input.knotenhaltnr !== undefined) {
      if (numbers[input.direction].has(input.knotenhaltnr)) throw invalid(`travelStops.${index}.knotenhaltnr`);
      numbers[input.direction].add(input.knotenhaltnr);
    }
  });

  const kept = new Set(inputs.flatMap((input) => (input.id ? [input.id] : [])));
  const removed = existing.filter((row) => !kept.has(row.id)).map((row) => row.id);
  const used = await findUsedTravelStops(ctx.db, removed);
  if (used.size > 0) throw conflictOn('travelStops', 'error.travelStopInUse');
  await deleteTravelStops(ctx.db, removed);
  await parkTravelStopNumbers(ctx.db, [...kept]);

  const nextFree = (direction: StopDirection) => {
    let candidate = 1;
    while (numbers[direction].has(candidate)) candidate++;
    numbers[direction].add(candidate);
    return candidate;
  };
  const positions: Record<StopDirection, number> = { outbound: 0, return: 0 };
  const added = [];
  for (const input of inputs) {
    const current = input.id !== undefined ? byId.get(input.id) : undefined;
    const values = {
      id_zus_zustiege: input.id_zus_zustiege,
      direction: input.direction,
      knotenhaltnr: input.knotenhaltnr ?? nextFree(input.direction),
      position: positions[input.direction]++,
      time: input.time !== undefined ? input.time : (current?.time ?? null),
      day_offset: input.day_offset ?? current?.day_offset ?? 0,
      surcharge_cents: input.surcharge !== undefined ? toCents(input.surcharge) : (current?.surcharge_cents ?? 0),
    };
    if (current) await updateTravelStopRow(ctx.db, current.id, values);
    else added.push({ ...values, id_jrn_date: nr });
  }
  await insertTravelStops(ctx.db, added);
}

type OfferedStop = Awaited<ReturnType<typeof findJourneyStops>>[number];

/**
 * Travel stop rows for a date made from its journey's offered stops (time, day offset, surcharge), numbered on
 * from the lowest free number per direction; boarding points the date already has in a direction are skipped.
 */
function stopsFromOffered(
  nr: number,
  offered: readonly OfferedStop[],
  existing: ReadonlyArray<{
    direction: StopDirection;
    knotenhaltnr: number;
    id_zus_zustiege: number;
    position: number;
  }>,
) {
  const numbers: Record<StopDirection, Set<number>> = { outbound: new Set(), return: new Set() };
  const points: Record<StopDirection, Set<number>> = { outbound: new Set(), return: new Set() };
  const positions: Record<StopDirection, number> = { outbound: 0, return: 0 };
  for (const stop of existing) {
    numbers[stop.direction].add(stop.knotenhaltnr);
    points[stop.direction].add(stop.id_zus_zustiege);
    positions[stop.direction] = Math.max(positions[stop.direction], stop.position + 1);
  }
  const rows = [];
  for (const stop of offered) {
    const direction: StopDirection = stop.direction === 'return' ? 'return' : 'outbound';
    if (points[direction].has(stop.id_zus_zustiege)) continue;
    points[direction].add(stop.id_zus_zustiege);
    let number = 1;
    while (numbers[direction].has(number)) number++;
    numbers[direction].add(number);
    rows.push({
      id_jrn_date: nr,
      id_zus_zustiege: stop.id_zus_zustiege,
      direction,
      knotenhaltnr: number,
      position: positions[direction]++,
      time: stop.time,
      day_offset: stop.day_offset,
      surcharge_cents: stop.surcharge_cents,
    });
  }
  return rows;
}

/** `stopsFromJourney`: the journey's offered stops become the date's travel stops (ones there are skipped). */
async function addStopsFromJourney(ctx: DbContext, nr: number, journeyId: number) {
  const [offered, existing] = await Promise.all([
    findJourneyStops(ctx.db, journeyId),
    findTravelStopsOfDate(ctx.db, nr),
  ]);
  await insertTravelStops(ctx.db, stopsFromOffered(nr, offered, existing));
}

// ---------------------------------------------------------------- planning many dates at once

/** A coach to put on a date (planning many dates at once: demo data, fixtures). */
export type PlannedTransport = {
  direction: StopDirection;
  name: string;
  layout: SeatLayout;
  id_seat_plan?: number | null;
  blocked?: string[];
  id_driver_card?: number | null;
  vehicle?: string | null;
};
export type DeparturePlan = {
  nr: number;
  /** numbered per direction in this order */
  transports: PlannedTransport[];
  /** travel stops as given (with their numbers); without them, and with `stopsFromJourney`, the journey's */
  travelStops?: Array<{
    id_zus_zustiege: number;
    direction: StopDirection;
    knotenhaltnr: number;
    time?: string | null;
    day_offset?: number;
    surcharge_cents?: number;
  }>;
  stopsFromJourney?: boolean;
};
export type PlannedDeparture = {
  nr: number;
  transports: Array<{ id: number; direction: StopDirection; position: number; seats: string[] }>;
  /** travel stop ids per direction, by knotenhaltnr */
  stops: Record<StopDirection, number[]>;
  quotas: Array<{ id: number; kind: 'seat' | 'room' | 'extra'; ref: number; capacity: number }>;
};

/**
 * Plans dates that have nothing planned yet, all in a handful of statements whatever their number: the coaches
 * (a copy of each layout), a seat pool per coach, the travel stops, and the room and extra pools.
 */
export async function planDepartures(ctx: DbContext, plans: readonly DeparturePlan[]): Promise<PlannedDeparture[]> {
  if (plans.length === 0) return [];
  return inTransaction(ctx, async (trx) => {
    const dates = await findDatesByNr(
      trx.db,
      plans.map((plan) => plan.nr),
    );
    const journeyOf = new Map(dates.map((date) => [date.nr, date.id_jrn_journey]));
    for (const plan of plans) if (!journeyOf.has(plan.nr)) throw notFound();
    const now = nowIso();

    const transportRows = plans.flatMap((plan) => {
      const positions: Record<StopDirection, number> = { outbound: 0, return: 0 };
      return plan.transports.map((transport) => ({
        id_jrn_date: plan.nr,
        direction: transport.direction,
        position: ++positions[transport.direction],
        name: transport.name,
        id_seat_plan: transport.id_seat_plan ?? null,
        layout: JSON.stringify(transport.layout),
        blocked_seats: JSON.stringify(transport.blocked ?? []),
        id_driver_card: transport.id_driver_card ?? null,
        vehicle: transport.vehicle ?? null,
        created_at: now,
        updated_at: now,
      }));
    });
    const inserted = await insertTransports(trx.db, transportRows);
    const transportId = new Map(inserted.map((row) => [`${row.id_jrn_date}:${row.direction}:${row.position}`, row.id]));
    const planned = new Map<number, PlannedDeparture>(
      plans.map((plan) => [plan.nr, { nr: plan.nr, transports: [], stops: { outbound: [], return: [] }, quotas: [] }]),
    );
    const seatPools = [];
    for (const plan of plans) {
      const positions: Record<StopDirection, number> = { outbound: 0, return: 0 };
      for (const transport of plan.transports) {
        const position = ++positions[transport.direction];
        const id = transportId.get(`${plan.nr}:${transport.direction}:${position}`)!;
        const seats = sellableSeats(transport.layout, transport.blocked ?? []);
        planned.get(plan.nr)!.transports.push({ id, direction: transport.direction, position, seats });
        seatPools.push({
          id_jrn_date: plan.nr,
          kind: 'seat' as const,
          ref: id,
          name: `Sitzplätze ${transport.name}`,
          capacity: seats.length,
        });
      }
    }
    const pools = [...(await insertQuotas(trx.db, seatPools)), ...(await ensurePoolsOfDates(trx, dates))];
    for (const pool of pools) {
      planned
        .get(pool.id_jrn_date)!
        .quotas.push({ id: pool.id, kind: pool.kind, ref: pool.ref, capacity: pool.capacity });
    }

    const fromJourney = plans.filter((plan) => !plan.travelStops && plan.stopsFromJourney);
    const offered = await findStopsOfJourneys(trx.db, [...new Set(fromJourney.map((plan) => journeyOf.get(plan.nr)!))]);
    const stopRows = plans.flatMap((plan) => {
      if (plan.travelStops) {
        const positions: Record<StopDirection, number> = { outbound: 0, return: 0 };
        return plan.travelStops.map((stop) => ({
          id_jrn_date: plan.nr,
          id_zus_zustiege: stop.id_zus_zustiege,
          direction: stop.direction,
          knotenhaltnr: stop.knotenhaltnr,
          position: positions[stop.direction]++,
          time: stop.time ?? null,
          day_offset: stop.day_offset ?? 0,
          surcharge_cents: stop.surcharge_cents ?? 0,
        }));
      }
      if (!plan.stopsFromJourney) return [];
      const journeyId = journeyOf.get(plan.nr);
      return stopsFromOffered(
        plan.nr,
        offered.filter((stop) => stop.id_jrn_journey === journeyId),
        [],
      );
    });
    const stops = await insertTravelStops(trx.db, stopRows);
    for (const stop of [...stops].sort((a, b) => a.knotenhaltnr - b.knotenhaltnr)) {
      planned.get(stop.id_jrn_date)!.stops[stop.direction].push(stop.id);
    }
    for (const departure of planned.values()) departure.quotas.sort((a, b) => a.id - b.id);
    return plans.map((plan) => planned.get(plan.nr)!);
  });
}

async function replaceQuotas(
  ctx: DbContext,
  nr: number,
  journeyId: number,
  inputs: NonNullable<UpdateDepartureBody['quotas']>,
) {
  const [sources, existing] = await Promise.all([
    findJourneyPoolSources(ctx.db, [journeyId]),
    findQuotasOfDate(ctx.db, nr),
  ]);
  const valid = {
    room: new Set(sources.roomTypes.map((room) => room.id)),
    extra: new Set(sources.extras.map((extra) => extra.id)),
  };
  const byKey = new Map(existing.map((row) => [`${row.kind}:${row.ref}`, row]));
  const seen = new Set<string>();
  for (const [index, input] of inputs.entries()) {
    const key = `${input.kind}:${input.ref}`;
    if (!valid[input.kind].has(input.ref) || seen.has(key)) throw invalid(`quotas.${index}.ref`);
    seen.add(key);
    const current = byKey.get(key);
    if (!current && input.kind === 'extra') {
      // An extra without limited units has no pool until one is set here.
      const extra = sources.extras.find((row) => row.id === input.ref)!;
      await insertQuota(ctx.db, {
        id_jrn_date: nr,
        kind: 'extra',
        ref: input.ref,
        name: extra.value,
        capacity: input.capacity,
      });
      continue;
    }
    if (!current) throw invalid(`quotas.${index}.ref`);
    if (input.capacity < current.held) throw conflictOn(`quotas.${index}.capacity`, 'error.capacityBelowHeld');
    if (input.capacity !== current.capacity) await updateQuotaRow(ctx.db, current.id, { capacity: input.capacity });
  }
  // Pools whose room type or extra is gone from the journey go too, when nothing is held of them.
  const orphans = existing.filter((row) => row.kind !== 'seat' && !valid[row.kind].has(row.ref) && row.held === 0);
  await deleteQuotas(
    ctx.db,
    orphans.map((row) => row.id),
  );
}

/** Dates (of every journey) starting between `start` and `end`, by date: what the demo data plans. */
export const datesStartingBetween = (ctx: DbContext, start: string, end: string) =>
  findDatesStartingBetween(ctx.db, start, end);

/** A plate as people write it, reduced to its letters and digits in capitals: "oa-ab 349" is "OAAB349". */
const plateKey = (vehicle: string) => vehicle.toLocaleUpperCase('de').replace(/[^\p{L}\p{N}]/gu, '');

/**
 * GET /departures/{nr}/driver-trips?driver= and /vehicle-trips?vehicle=: the other dates on which that driver
 * drives, or that vehicle is, a coach during this date's days (a coach goes with the group, so a whole trip counts),
 * each with the coaches' names. The departure editor warns with them as soon as a driver is chosen or a plate
 * typed; nothing stops the office from planning so (a relief driver or a change of bus may be arranged).
 */
export async function getCoachTrips(
  ctx: DbContext,
  nr: number,
  on: { driver: number } | { vehicle: string },
): Promise<CoachTrip[]> {
  const date = await requireDate(ctx, nr);
  const range = { from: date.date_from, till: date.date_till, exceptNr: nr };
  let rows;
  if ('driver' in on) rows = await findCoachesBetween(ctx.db, on, range);
  else {
    const plate = plateKey(on.vehicle);
    if (plate === '') return [];
    rows = (await findCoachesBetween(ctx.db, { vehicle: true }, range)).filter(
      (row) => plateKey(row.vehicle ?? '') === plate,
    );
  }
  const trips = new Map<number, CoachTrip>();
  for (const row of rows) {
    const trip = trips.get(row.nr);
    if (trip) trip.coaches.push(row.coach);
    else
      trips.set(row.nr, {
        nr: row.nr,
        id_jrn_journey: row.id_jrn_journey,
        termincode: row.termincode,
        journeyTitle: row.journey_title,
        date_from: row.date_from,
        date_till: row.date_till,
        coaches: [row.coach],
      });
  }
  return [...trips.values()];
}

/** How many vehicles the coach card suggests: a fleet, with room for hired buses. */
const VEHICLE_SUGGESTIONS = 200;

/**
 * GET /departures/vehicles: the vehicles coaches have been given, the most recently planned first, each plate once
 * (as last written): the coach card suggests them, so a plate is written the same way each time.
 */
export async function listVehicles(ctx: DbContext): Promise<string[]> {
  const plates = new Map<string, string>();
  for (const row of await findVehicles(ctx.db, VEHICLE_SUGGESTIONS)) {
    const key = plateKey(row.vehicle ?? '');
    if (key !== '' && !plates.has(key)) plates.set(key, row.vehicle!);
  }
  return [...plates.values()];
}

/** The cards of drivers, oldest first. */
export const driverCardIds = async (ctx: DbContext) => (await findDriverCards(ctx.db)).map((card) => card.id_vc_card);

// ---------------------------------------------------------------- seat map, occupancy

/** GET /departures/{nr}/seat-map: each coach's layout, blocked seats and who sits where. */
export async function getSeatMap(ctx: DbContext, nr: number, agencyId: number | null = null): Promise<SeatMap> {
  await requireDate(ctx, nr);
  const [transports, occupants] = await Promise.all([
    findTransportsOfDates(ctx.db, [nr]),
    findSeatOccupants(ctx.db, nr),
  ]);
  const own =
    agencyId == null
      ? null
      : await findBookingIdsOfAgency(
          ctx.db,
          occupants.map((occupant) => occupant.id_booking),
          agencyId,
        );
  return {
    nr,
    transports: transports.map((row) => ({
      id: row.id,
      direction: row.direction,
      position: row.position,
      name: row.name,
      layout: transportLayout(row),
      blocked_seats: transportBlocked(row),
      occupants: occupants
        .filter((occupant) => occupant.id_transport === row.id)
        .map((occupant) =>
          // An agency user sees another booking's seat as taken, nothing more (docs/adr/0019).
          own && !own.has(occupant.id_booking)
            ? { seat: occupant.seat, name: '' }
            : {
                seat: occupant.seat,
                id_participant: occupant.id_participant,
                id_booking: occupant.id_booking,
                name: occupant.name1 ? `${occupant.name1} ${occupant.name}` : occupant.name,
                status: occupant.status,
              },
        ),
    })),
  };
}

/**
 * The seats of a date as one number pair: the outbound coaches' pools summed (every traveller rides out; the
 * return coaches mirror them). A date planned with return coaches only counts those.
 */
export function dateSeats(
  sums: ReadonlyArray<{ direction: StopDirection; capacity: number | string | null; held: number | string | null }>,
) {
  const of = (direction: StopDirection) => sums.filter((sum) => sum.direction === direction);
  const chosen = of('outbound').length > 0 ? of('outbound') : of('return');
  return chosen.reduce(
    (total, sum) => ({
      capacity: total.capacity + Number(sum.capacity ?? 0),
      held: total.held + Number(sum.held ?? 0),
    }),
    { capacity: 0, held: 0 },
  );
}

/**
 * GET /journey-lit/{id}/occupancy: per date, seats (outbound coaches, see `dateSeats`) and rooms held / capacity,
 * options lapsing within 48 hours, the waiting list and the holding bookings. Four queries, however many dates.
 */
export async function getJourneyOccupancy(
  ctx: DbContext,
  journeyId: number,
  agencyId: number | null = null,
): Promise<{ data: DateOccupancy[] }> {
  if (!(await journeyExists(ctx.db, journeyId))) throw notFound();
  const [dates, seats, rooms, bookings] = await Promise.all([
    findDatesOfJourney(ctx.db, journeyId),
    sumSeatPoolsOfJourney(ctx.db, journeyId),
    sumRoomPoolsOfJourney(ctx.db, journeyId),
    countBookingsOfJourney(ctx.db, journeyId, alertUntil()),
  ]);
  const roomsByDate = new Map(rooms.map((row) => [row.id_jrn_date, row]));
  const bookingsByDate = new Map(bookings.map((row) => [row.id_jrn_date, row]));
  return {
    data: dates.map((date) => {
      const room = roomsByDate.get(date.nr);
      const booked = bookingsByDate.get(date.nr);
      return {
        nr: date.nr,
        termincode: date.termincode,
        date_from: date.date_from,
        date_till: date.date_till,
        bookable: date.bookable,
        seats: dateSeats(seats.filter((row) => row.id_jrn_date === date.nr)),
        rooms: { capacity: Number(room?.capacity ?? 0), held: Number(room?.held ?? 0) },
        waitlist: Number(booked?.waitlist ?? 0),
        // the office's planning figures, not an agency's (docs/adr/0019)
        ...(agencyId == null
          ? {
              optionsExpiring: Number(booked?.options_expiring ?? 0),
              bookings: Number(booked?.bookings ?? 0),
            }
          : {}),
      };
    }),
  };
}
