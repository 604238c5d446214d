import { sql, type Insertable, type Updateable } from 'kysely';
import { HOLDING_STATUSES, type StopDirection } from '@tourdesk/contracts';
import type { Database } from '../../db/database.ts';
import type { QuotaTable, TransportTable, TravelStopTable } from './departures.table.ts';

/** SQL of departures: transports, travel stops and capacity pools of a date, and the views built on them. */

const holding = [...HOLDING_STATUSES];

// ---------------------------------------------------------------- inserts used by fixtures and the service

export async function insertTransport(db: Database, row: Insertable<TransportTable>): Promise<number> {
  const { id } = await db.insertInto('transport').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function insertTravelStop(db: Database, row: Insertable<TravelStopTable>): Promise<number> {
  const { id } = await db.insertInto('travel_stop').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function insertQuota(db: Database, row: Insertable<QuotaTable>): Promise<number> {
  const { id } = await db.insertInto('quota').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/**
 * Several rows in one statement (demo data, planning many dates, stops from the journey, missing pools); each
 * returns the new rows with their natural key, so callers never rely on the order RETURNING answers in.
 */
export async function insertTransports(db: Database, rows: Insertable<TransportTable>[]) {
  if (rows.length === 0) return [];
  return db.insertInto('transport').values(rows).returning(['id', 'id_jrn_date', 'direction', 'position']).execute();
}
export async function insertTravelStops(db: Database, rows: Insertable<TravelStopTable>[]) {
  if (rows.length === 0) return [];
  return db
    .insertInto('travel_stop')
    .values(rows)
    .returning(['id', 'id_jrn_date', 'direction', 'knotenhaltnr'])
    .execute();
}
export async function insertQuotas(db: Database, rows: Insertable<QuotaTable>[]) {
  if (rows.length === 0) return [];
  return db.insertInto('quota').values(rows).returning(['id', 'id_jrn_date', 'kind', 'ref', 'capacity']).execute();
}

// ---------------------------------------------------------------- the date and its journey

/** A date's number, journey, code and days: what names a date wherever one is read. */
const DATE_COLUMNS = [
  'jrn_date.nr',
  'jrn_date.id_jrn_journey',
  'jrn_date.termincode',
  'jrn_date.date_from',
  'jrn_date.date_till',
] as const;

/** A date's coaches: outbound first. */
const OUTBOUND_FIRST = sql`case when transport.direction = 'outbound' then 0 else 1 end`;

export const findDateWithJourney = (db: Database, nr: number) =>
  db
    .selectFrom('jrn_date')
    .innerJoin('jrn_journey', 'jrn_journey.id_jrn_journey', 'jrn_date.id_jrn_journey')
    .select([...DATE_COLUMNS, 'jrn_date.bookable', 'jrn_journey.title', 'jrn_journey.bookable as journey_bookable'])
    .where('jrn_date.nr', '=', nr)
    .executeTakeFirst();
export type DateRow = NonNullable<Awaited<ReturnType<typeof findDateWithJourney>>>;

export const journeyExists = async (db: Database, id: number) =>
  (await db.selectFrom('jrn_journey').select('id_jrn_journey').where('id_jrn_journey', '=', id).executeTakeFirst()) !==
  undefined;

/** Dates by nr with their journey (planning several at once). */
export async function findDatesByNr(db: Database, nrs: readonly number[]) {
  if (nrs.length === 0) return [];
  return db
    .selectFrom('jrn_date')
    .select(['nr', 'id_jrn_journey'])
    .where('nr', 'in', [...nrs])
    .execute();
}

/** Every journey's dates starting from `start` to `end` (demo data), by date. */
export const findDatesStartingBetween = (db: Database, start: string, end: string) =>
  db
    .selectFrom('jrn_date')
    .select(['nr', 'id_jrn_journey', 'date_from', 'date_till'])
    .where('date_from', '>=', start)
    .where('date_from', '<=', end)
    .orderBy('date_from')
    .orderBy('nr')
    .execute();

/** The cards of drivers, oldest first (demo data). */
export const findDriverCards = (db: Database) =>
  db.selectFrom('vc_card').select('id_vc_card').where('is_driver', '=', true).orderBy('id_vc_card').execute();

/** The journey's dates, optionally bounded by date_from (start ≤ date_from ≤ end), in date order. */
export function findDatesOfJourney(db: Database, journeyId: number, bounds: { start?: string; end?: string } = {}) {
  let query = db
    .selectFrom('jrn_date')
    .select([...DATE_COLUMNS, 'jrn_date.bookable'])
    .where('jrn_date.id_jrn_journey', '=', journeyId);
  if (bounds.start) query = query.where('jrn_date.date_from', '>=', bounds.start);
  if (bounds.end) query = query.where('jrn_date.date_from', '<=', bounds.end);
  return query.orderBy('jrn_date.date_from').orderBy('jrn_date.nr').execute();
}
export type JourneyDateRow = Awaited<ReturnType<typeof findDatesOfJourney>>[number];

/** Dates for GET /ratio/api/termine: filtered by journey and date_from bounds, paged, with the total. */
export async function findRatioDates(
  db: Database,
  filter: { journeyId?: number; start?: string; end?: string; limit: number; offset: number },
) {
  let query = db.selectFrom('jrn_date');
  if (filter.journeyId !== undefined) query = query.where('jrn_date.id_jrn_journey', '=', filter.journeyId);
  if (filter.start) query = query.where('jrn_date.date_from', '>=', filter.start);
  if (filter.end) query = query.where('jrn_date.date_from', '<=', filter.end);
  const [rows, count] = await Promise.all([
    query
      .select([...DATE_COLUMNS, 'jrn_date.bookable'])
      .orderBy('jrn_date.date_from')
      .orderBy('jrn_date.nr')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

// ---------------------------------------------------------------- transports

/** The dates' transports with their seat pool and driver, outbound first, then by coach number. */
export async function findTransportsOfDates(db: Database, nrs: readonly number[]) {
  if (nrs.length === 0) return [];
  return db
    .selectFrom('transport')
    .leftJoin('vc_card', 'vc_card.id_vc_card', 'transport.id_driver_card')
    .leftJoin('quota', (join) =>
      join
        .onRef('quota.ref', '=', 'transport.id')
        .onRef('quota.id_jrn_date', '=', 'transport.id_jrn_date')
        .on('quota.kind', '=', 'seat'),
    )
    .select([
      'transport.id',
      'transport.id_jrn_date',
      'transport.direction',
      'transport.position',
      'transport.name',
      'transport.id_seat_plan',
      'transport.layout',
      'transport.blocked_seats',
      'transport.id_driver_card',
      'transport.vehicle',
      'vc_card.name as driver_name',
      'quota.id as quota_id',
      'quota.capacity',
      'quota.held',
    ])
    .where('transport.id_jrn_date', 'in', [...nrs])
    .orderBy('transport.id_jrn_date')
    .orderBy(OUTBOUND_FIRST)
    .orderBy('transport.position')
    .orderBy('transport.id')
    .execute();
}
export type TransportRow = Awaited<ReturnType<typeof findTransportsOfDates>>[number];

/**
 * The coaches on other dates than `exceptNr` whose days meet `from`–`till` (inclusive): those a driver drives, or
 * every one that names a vehicle (plates are compared by the service, as people write them differently).
 */
export function findCoachesBetween(
  db: Database,
  on: { driver: number } | { vehicle: true },
  range: { from: string; till: string; exceptNr: number },
) {
  const query = db
    .selectFrom('transport')
    .innerJoin('jrn_date', 'jrn_date.nr', 'transport.id_jrn_date')
    .innerJoin('jrn_journey', 'jrn_journey.id_jrn_journey', 'jrn_date.id_jrn_journey')
    .select([...DATE_COLUMNS, 'jrn_journey.title as journey_title', 'transport.name as coach', 'transport.vehicle'])
    .where('transport.id_jrn_date', '<>', range.exceptNr)
    .where('jrn_date.date_from', '<=', range.till)
    .where('jrn_date.date_till', '>=', range.from)
    .orderBy('jrn_date.date_from')
    .orderBy('jrn_date.nr')
    .orderBy(OUTBOUND_FIRST)
    .orderBy('transport.position');
  return (
    'driver' in on
      ? query.where('transport.id_driver_card', '=', on.driver)
      : query.where('transport.vehicle', 'is not', null)
  ).execute();
}

/** The vehicles coaches have been given, as written, the most recently planned first. */
export const findVehicles = (db: Database, limit: number) =>
  db
    .selectFrom('transport')
    .innerJoin('jrn_date', 'jrn_date.nr', 'transport.id_jrn_date')
    .select((eb) => ['transport.vehicle', eb.fn.max('jrn_date.date_from').as('last_date')])
    .where('transport.vehicle', 'is not', null)
    .groupBy('transport.vehicle')
    .orderBy('last_date', 'desc')
    .orderBy('transport.vehicle')
    .limit(limit)
    .execute();

export async function updateTransportRow(db: Database, id: number, values: Updateable<TransportTable>) {
  await db.updateTable('transport').set(values).where('id', '=', id).execute();
}

/** Moves the date's coach numbers out of the way (negative) so that renumbering never meets the unique key. */
export async function parkTransportPositions(db: Database, nr: number) {
  await db
    .updateTable('transport')
    .set((eb) => ({ position: eb.neg(eb.ref('id')) }))
    .where('id_jrn_date', '=', nr)
    .execute();
}

export async function deleteTransportsWithPools(db: Database, nr: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db
    .deleteFrom('quota')
    .where('id_jrn_date', '=', nr)
    .where('kind', '=', 'seat')
    .where('ref', 'in', [...ids])
    .execute();
  await db
    .deleteFrom('transport')
    .where('id', 'in', [...ids])
    .execute();
}

/** How many seats are assigned on each of the transports. */
export async function countSeatAssignments(db: Database, transportIds: readonly number[]) {
  if (transportIds.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('seat_assignment')
    .select(['id_transport', (eb) => eb.fn.countAll<number>().as('count')])
    .where('id_transport', 'in', [...transportIds])
    .groupBy('id_transport')
    .execute();
  return new Map(rows.map((row) => [row.id_transport, Number(row.count)]));
}

/** The assigned seats of the transports (transport id and seat label). */
export async function findAssignedSeats(db: Database, transportIds: readonly number[]) {
  if (transportIds.length === 0) return [];
  return db
    .selectFrom('seat_assignment')
    .select(['id_transport', 'seat'])
    .where('id_transport', 'in', [...transportIds])
    .execute();
}

/** The seat map's occupants: who sits where on the date's coaches, with their booking's status. */
export const findSeatOccupants = (db: Database, nr: number) =>
  db
    .selectFrom('seat_assignment')
    .innerJoin('transport', 'transport.id', 'seat_assignment.id_transport')
    .innerJoin('participant', 'participant.id', 'seat_assignment.id_participant')
    .innerJoin('booking', 'booking.id', 'seat_assignment.id_booking')
    .select([
      'seat_assignment.id_transport',
      'seat_assignment.seat',
      'seat_assignment.id_participant',
      'seat_assignment.id_booking',
      'participant.name',
      'participant.name1',
      'booking.status',
    ])
    .where('transport.id_jrn_date', '=', nr)
    .orderBy('seat_assignment.id_transport')
    .orderBy('seat_assignment.seat')
    .execute();

/** Occupied seats of the dates' coaches in RATIO's terms (direction, coach number, seat, participant, booking). */
export async function findOccupiedSeatsOfDates(db: Database, nrs: readonly number[]) {
  if (nrs.length === 0) return [];
  return db
    .selectFrom('seat_assignment')
    .innerJoin('transport', 'transport.id', 'seat_assignment.id_transport')
    .select([
      'transport.id_jrn_date',
      'seat_assignment.id_transport',
      'transport.direction',
      'transport.position',
      'seat_assignment.seat',
      'seat_assignment.id_participant',
      'seat_assignment.id_booking',
    ])
    .where('transport.id_jrn_date', 'in', [...nrs])
    .orderBy('transport.id_jrn_date')
    .orderBy('seat_assignment.id_transport')
    .orderBy('seat_assignment.id_participant')
    .execute();
}

/** Which of the ids are cards of drivers. */
export async function findDriverCardIds(db: Database, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('vc_card')
    .select('id_vc_card')
    .where('id_vc_card', 'in', [...ids])
    .where('is_driver', '=', true)
    .execute();
  return rows.map((row) => row.id_vc_card);
}

/** The seat plans' layouts by id. */
export async function findSeatPlanLayouts(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('seat_plan')
    .select(['id', 'layout'])
    .where('id', 'in', [...ids])
    .execute();
}

// ---------------------------------------------------------------- travel stops

const travelStopColumns = [
  'travel_stop.id',
  'travel_stop.id_jrn_date',
  'travel_stop.id_zus_zustiege',
  'travel_stop.direction',
  'travel_stop.knotenhaltnr',
  'travel_stop.position',
  'travel_stop.time',
  'travel_stop.day_offset',
  'travel_stop.surcharge_cents',
  'zus_zustiege.name',
  'zus_zustiege.street',
  'zus_zustiege.zip',
  'zus_zustiege.city',
  'zus_zustiege.country',
  'zus_zustiege.lat',
  'zus_zustiege.lon',
] as const;

/** The date's travel stops with their boarding point and how many travellers of holding bookings board there. */
export const findTravelStopsOfDate = (db: Database, nr: number) =>
  db
    .selectFrom('travel_stop')
    .innerJoin('zus_zustiege', 'zus_zustiege.id_zus_zustiege', 'travel_stop.id_zus_zustiege')
    .select(travelStopColumns)
    .select((eb) =>
      eb
        .selectFrom('participant')
        .innerJoin('booking', 'booking.id', 'participant.id_booking')
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .where('booking.status', 'in', holding)
        .where('participant.cancelled_at', 'is', null)
        .where((inner) =>
          inner.or([
            inner('participant.id_travel_stop_out', '=', inner.ref('travel_stop.id')),
            inner('participant.id_travel_stop_ret', '=', inner.ref('travel_stop.id')),
          ]),
        )
        .as('travellers'),
    )
    .where('travel_stop.id_jrn_date', '=', nr)
    .orderBy(sql`case when travel_stop.direction = 'outbound' then 0 else 1 end`)
    .orderBy('travel_stop.knotenhaltnr')
    .execute();
export type TravelStopRow = Awaited<ReturnType<typeof findTravelStopsOfDate>>[number];

/** Travel stops for RATIO, by date: of one journey's dates, of one date, or of all dates (from `start`). */
export function findRatioTravelStops(db: Database, filter: { journeyId?: number; nr?: number; start?: string }) {
  let query = db
    .selectFrom('travel_stop')
    .innerJoin('zus_zustiege', 'zus_zustiege.id_zus_zustiege', 'travel_stop.id_zus_zustiege')
    .innerJoin('jrn_date', 'jrn_date.nr', 'travel_stop.id_jrn_date')
    .select(travelStopColumns);
  if (filter.journeyId !== undefined) query = query.where('jrn_date.id_jrn_journey', '=', filter.journeyId);
  if (filter.nr !== undefined) query = query.where('travel_stop.id_jrn_date', '=', filter.nr);
  if (filter.start) query = query.where('jrn_date.date_from', '>=', filter.start);
  return query
    .orderBy('travel_stop.id_jrn_date')
    .orderBy(sql`case when travel_stop.direction = 'outbound' then 0 else 1 end`)
    .orderBy('travel_stop.knotenhaltnr')
    .execute();
}
export type RatioTravelStopRow = Awaited<ReturnType<typeof findRatioTravelStops>>[number];

/** Travel stops (of this date) that participants use, by id. */
export async function findUsedTravelStops(db: Database, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const list = [...ids];
  const rows = await db
    .selectFrom('participant')
    .select(['id_travel_stop_out', 'id_travel_stop_ret'])
    .where((eb) => eb.or([eb('id_travel_stop_out', 'in', list), eb('id_travel_stop_ret', 'in', list)]))
    .execute();
  const used = new Set<number>();
  for (const row of rows) {
    if (row.id_travel_stop_out !== null && ids.includes(row.id_travel_stop_out)) used.add(row.id_travel_stop_out);
    if (row.id_travel_stop_ret !== null && ids.includes(row.id_travel_stop_ret)) used.add(row.id_travel_stop_ret);
  }
  return used;
}

export async function deleteTravelStops(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db
    .deleteFrom('travel_stop')
    .where('id', 'in', [...ids])
    .execute();
}

/** Moves the date's stop numbers out of the way (negative) so that renumbering never meets the unique key. */
export async function parkTravelStopNumbers(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db
    .updateTable('travel_stop')
    .set((eb) => ({ knotenhaltnr: eb.neg(eb.ref('id')) }))
    .where('id', 'in', [...ids])
    .execute();
}

export async function updateTravelStopRow(db: Database, id: number, values: Updateable<TravelStopTable>) {
  await db.updateTable('travel_stop').set(values).where('id', '=', id).execute();
}

/** Which of the ids are boarding points. */
export async function findBoardingPointIds(db: Database, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('zus_zustiege')
    .select('id_zus_zustiege')
    .where('id_zus_zustiege', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.id_zus_zustiege));
}

/** The stops the journey offers, per direction in order. */
export const findJourneyStops = (db: Database, journeyId: number) =>
  db
    .selectFrom('jrn_journey_stop')
    .select(['id_zus_zustiege', 'direction', 'position', 'time', 'day_offset', 'surcharge_cents'])
    .where('id_jrn_journey', '=', journeyId)
    .orderBy('direction')
    .orderBy('position')
    .orderBy('id')
    .execute();

/** The offered stops of several journeys (demo data), per journey and direction in order. */
export async function findStopsOfJourneys(db: Database, journeyIds: readonly number[]) {
  if (journeyIds.length === 0) return [];
  return db
    .selectFrom('jrn_journey_stop')
    .select(['id_jrn_journey', 'id_zus_zustiege', 'direction', 'position', 'time', 'day_offset', 'surcharge_cents'])
    .where('id_jrn_journey', 'in', [...journeyIds])
    .orderBy('id_jrn_journey')
    .orderBy('direction')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

// ---------------------------------------------------------------- quotas

export const findQuotasOfDate = (db: Database, nr: number) =>
  db
    .selectFrom('quota')
    .select(['id', 'id_jrn_date', 'kind', 'ref', 'name', 'capacity', 'held'])
    .where('id_jrn_date', '=', nr)
    .orderBy(sql`case kind when 'seat' then 0 when 'room' then 1 else 2 end`)
    .orderBy('id')
    .execute();
export type QuotaRow = Awaited<ReturnType<typeof findQuotasOfDate>>[number];

/** The quotas of several dates with the date's termincode (RATIO quotas). */
export async function findQuotasOfDates(db: Database, nrs: readonly number[]) {
  if (nrs.length === 0) return [];
  return db
    .selectFrom('quota')
    .innerJoin('jrn_date', 'jrn_date.nr', 'quota.id_jrn_date')
    .select([
      'quota.id',
      'quota.id_jrn_date',
      'quota.kind',
      'quota.ref',
      'quota.name',
      'quota.capacity',
      'quota.held',
      'jrn_date.termincode',
    ])
    .where('quota.id_jrn_date', 'in', [...nrs])
    .orderBy('jrn_date.date_from')
    .orderBy('quota.id_jrn_date')
    .orderBy(sql`case quota.kind when 'seat' then 0 when 'room' then 1 else 2 end`)
    .orderBy('quota.id')
    .execute();
}

export async function updateQuotaRow(db: Database, id: number, values: Updateable<QuotaTable>) {
  await db.updateTable('quota').set(values).where('id', '=', id).execute();
}

export async function deleteQuotas(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db
    .deleteFrom('quota')
    .where('id', 'in', [...ids])
    .execute();
}

/** The room types of a journey's accommodations and its extras with limited units: what its dates need pools for. */
export async function findJourneyPoolSources(db: Database, journeyIds: readonly number[]) {
  if (journeyIds.length === 0) return { roomTypes: [], extras: [] };
  const [roomTypes, extras] = await Promise.all([
    db
      .selectFrom('jrn_room_type')
      .innerJoin('jrn_accommodation', 'jrn_accommodation.id', 'jrn_room_type.id_jrn_accommodation')
      .select([
        'jrn_accommodation.id_jrn_journey',
        'jrn_room_type.id',
        'jrn_room_type.kind',
        'jrn_room_type.name',
        'jrn_room_type.rooms',
        'jrn_accommodation.name as accommodation',
      ])
      .where('jrn_accommodation.id_jrn_journey', 'in', [...journeyIds])
      .orderBy('jrn_accommodation.position')
      .orderBy('jrn_room_type.id')
      .execute(),
    db
      .selectFrom('jrn_extra')
      .select(['id_jrn_journey', 'id', 'value', 'units'])
      .where('id_jrn_journey', 'in', [...journeyIds])
      .orderBy('position')
      .orderBy('id')
      .execute(),
  ]);
  return { roomTypes, extras };
}

/** Pools that may already exist (two readers creating a date's missing pools at once): duplicates are skipped. */
export async function insertMissingQuotas(db: Database, rows: Insertable<QuotaTable>[]) {
  if (rows.length === 0) return [];
  return db
    .insertInto('quota')
    .values(rows)
    .onConflict((conflict) => conflict.columns(['id_jrn_date', 'kind', 'ref']).doNothing())
    .returning(['id', 'id_jrn_date', 'kind', 'ref', 'capacity'])
    .execute();
}

/** The existing pools (kind and ref) of several dates. */
export async function findPoolKeysOfDates(db: Database, nrs: readonly number[]) {
  if (nrs.length === 0) return [];
  return db
    .selectFrom('quota')
    .select(['id_jrn_date', 'kind', 'ref'])
    .where('id_jrn_date', 'in', [...nrs])
    .execute();
}

// ---------------------------------------------------------------- bookings seen from the date

/** Options of the date that lapse before `until`, with the booker's name and the travellers they hold. */
export const findExpiringOptions = (db: Database, nr: number, until: string) =>
  db
    .selectFrom('booking')
    .leftJoin('vc_card', 'vc_card.id_vc_card', 'booking.id_booker_card')
    .select((eb) => [
      'booking.id',
      'booking.option_until',
      'vc_card.name as booker_name',
      eb
        .selectFrom('participant')
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .whereRef('participant.id_booking', '=', 'booking.id')
        .as('units'),
    ])
    .where('booking.id_jrn_date', '=', nr)
    .where('booking.status', '=', 'option')
    .where('booking.option_until', 'is not', null)
    .where('booking.option_until', '<', until)
    .orderBy('booking.option_until')
    .orderBy('booking.id')
    .execute();

export async function countWaitlist(db: Database, nr: number): Promise<number> {
  const row = await db
    .selectFrom('booking')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('id_jrn_date', '=', nr)
    .where('status', '=', 'waitlist')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// ---------------------------------------------------------------- occupancy of a journey (one query per kind)

/** Seat pools summed per date and direction over the journey's coaches. */
export const sumSeatPoolsOfJourney = (db: Database, journeyId: number) =>
  db
    .selectFrom('quota')
    .innerJoin('transport', 'transport.id', 'quota.ref')
    .innerJoin('jrn_date', 'jrn_date.nr', 'quota.id_jrn_date')
    .select((eb) => [
      'quota.id_jrn_date',
      'transport.direction',
      eb.fn.sum<number>('quota.capacity').as('capacity'),
      eb.fn.sum<number>('quota.held').as('held'),
    ])
    .where('jrn_date.id_jrn_journey', '=', journeyId)
    .where('quota.kind', '=', 'seat')
    .groupBy(['quota.id_jrn_date', 'transport.direction'])
    .execute();

/** Room pools summed per date. */
export const sumRoomPoolsOfJourney = (db: Database, journeyId: number) =>
  db
    .selectFrom('quota')
    .innerJoin('jrn_date', 'jrn_date.nr', 'quota.id_jrn_date')
    .select((eb) => [
      'quota.id_jrn_date',
      eb.fn.sum<number>('quota.capacity').as('capacity'),
      eb.fn.sum<number>('quota.held').as('held'),
    ])
    .where('jrn_date.id_jrn_journey', '=', journeyId)
    .where('quota.kind', '=', 'room')
    .groupBy('quota.id_jrn_date')
    .execute();

/** Per date: holding bookings, options lapsing before `until`, and waiting-list bookings. */
export const countBookingsOfJourney = (db: Database, journeyId: number, until: string) =>
  db
    .selectFrom('booking')
    .select((eb) => [
      'booking.id_jrn_date',
      eb.fn.sum<number>(eb.case().when('booking.status', 'in', holding).then(1).else(0).end()).as('bookings'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('booking.status', '=', 'option'), eb('booking.option_until', '<', until)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('options_expiring'),
      eb.fn.sum<number>(eb.case().when('booking.status', '=', 'waitlist').then(1).else(0).end()).as('waitlist'),
    ])
    .where('booking.id_jrn_journey', '=', journeyId)
    .groupBy('booking.id_jrn_date')
    .execute();

/** Seat pools summed per date and direction for several dates (RATIO termine: seats and free). */
export async function sumSeatPoolsOfDates(db: Database, nrs: readonly number[]) {
  if (nrs.length === 0) return [];
  return db
    .selectFrom('quota')
    .innerJoin('transport', 'transport.id', 'quota.ref')
    .select((eb) => [
      'quota.id_jrn_date',
      'transport.direction',
      eb.fn.sum<number>('quota.capacity').as('capacity'),
      eb.fn.sum<number>('quota.held').as('held'),
    ])
    .where('quota.id_jrn_date', 'in', [...nrs])
    .where('quota.kind', '=', 'seat')
    .groupBy(['quota.id_jrn_date', 'transport.direction'])
    .execute();
}

export type SeatPoolSum = { id_jrn_date: number; direction: StopDirection; capacity: number; held: number };

/** Of these bookings, the ids of those the agency made (what an agency user may see of a date's travellers). */
export async function findBookingIdsOfAgency(
  db: Database,
  bookingIds: readonly number[],
  agencyId: number,
): Promise<Set<number>> {
  if (bookingIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('booking')
    .select('id')
    .where('id', 'in', [...new Set(bookingIds)])
    .where('id_organization', '=', agencyId)
    .execute();
  return new Set(rows.map((row) => row.id));
}
