import type { StopDirection } from '@tourdesk/contracts';
import type { Database } from '../../db/database.ts';

/** Coaches with their departure and journey (`ids` given: those; otherwise none). */
export const findCoaches = (db: Database, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('transport')
        .innerJoin('jrn_date', 'jrn_date.nr', 'transport.id_jrn_date')
        .innerJoin('jrn_journey', 'jrn_journey.id_jrn_journey', 'jrn_date.id_jrn_journey')
        .select([
          'transport.id',
          'transport.id_jrn_date',
          'transport.direction',
          'transport.name',
          'transport.vehicle',
          'jrn_date.date_from',
          'jrn_date.date_till',
          'jrn_journey.title',
        ])
        .where('transport.id', 'in', ids)
        .orderBy('transport.id_jrn_date')
        .orderBy('transport.direction')
        .orderBy('transport.position')
        .execute();

/** The travel stops of the departures `departureIds`, with their boarding points, in route order. */
export const findTravelStops = (db: Database, departureIds: readonly number[]) =>
  departureIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('travel_stop')
        .innerJoin('zus_zustiege', 'zus_zustiege.id_zus_zustiege', 'travel_stop.id_zus_zustiege')
        .select([
          'travel_stop.id',
          'travel_stop.id_jrn_date',
          'travel_stop.direction',
          'travel_stop.time',
          'travel_stop.day_offset',
          'zus_zustiege.name',
          'zus_zustiege.city',
          'zus_zustiege.lat',
          'zus_zustiege.lon',
        ])
        .where('travel_stop.id_jrn_date', 'in', departureIds)
        .orderBy('travel_stop.position')
        .orderBy('travel_stop.knotenhaltnr')
        .execute();

export const findPositions = (db: Database, transportIds: readonly number[]) =>
  transportIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('transport_position').selectAll().where('id_transport', 'in', transportIds).execute();

export type PositionRow = {
  lat: number;
  lon: number;
  accuracy: number;
  speed: number | null;
  heading: number | null;
  recorded_at: string;
  passed: number;
  track: string;
};

export const insertPosition = (db: Database, transportId: number, row: PositionRow) =>
  db
    .insertInto('transport_position')
    .values({ id_transport: transportId, ...row })
    .onConflict((conflict) => conflict.column('id_transport').doNothing())
    .executeTakeFirst();

/** Replaces the coach's position unless a newer one is stored already; the number of rows changed. */
export async function updatePosition(db: Database, transportId: number, row: PositionRow): Promise<bigint> {
  const result = await db
    .updateTable('transport_position')
    .set({ ...row, received_at: new Date().toISOString() })
    .where('id_transport', '=', transportId)
    .where('recorded_at', '<', row.recorded_at)
    .executeTakeFirst();
  return result.numUpdatedRows;
}

/** The coaches of a booking's participants in one direction (seats held), with the participants' stops. */
export const findBookingSeats = (db: Database, bookingId: number, direction: StopDirection) =>
  db
    .selectFrom('seat_assignment')
    .innerJoin('transport', 'transport.id', 'seat_assignment.id_transport')
    .select(['transport.id'])
    .where('seat_assignment.id_booking', '=', bookingId)
    .where('transport.direction', '=', direction)
    .orderBy('transport.position')
    .execute();

export const findParticipantStops = (db: Database, bookingId: number) =>
  db
    .selectFrom('participant')
    .select(['id_travel_stop_out', 'id_travel_stop_ret'])
    .where('id_booking', '=', bookingId)
    .where('cancelled_at', 'is', null)
    .execute();

/** The first coach of a departure in a direction. */
export const findFirstCoach = (db: Database, departureId: number, direction: StopDirection) =>
  db
    .selectFrom('transport')
    .select('id')
    .where('id_jrn_date', '=', departureId)
    .where('direction', '=', direction)
    .orderBy('position')
    .limit(1)
    .executeTakeFirst();

/**
 * Coaches on the road on `day` (YYYY-MM-DD): outward coaches of departures leaving that day, return coaches of
 * departures coming back that day, and every coach that sent a position since `since`.
 */
export const findCoachIdsOnTheRoad = (db: Database, day: string, since: string) =>
  db
    .selectFrom('transport')
    .innerJoin('jrn_date', 'jrn_date.nr', 'transport.id_jrn_date')
    .leftJoin('transport_position', 'transport_position.id_transport', 'transport.id')
    .select('transport.id')
    .where((eb) =>
      eb.or([
        eb.and([eb('transport.direction', '=', 'outbound'), eb('jrn_date.date_from', '=', day)]),
        eb.and([eb('transport.direction', '=', 'return'), eb('jrn_date.date_till', '=', day)]),
        eb('transport_position.received_at', '>=', since),
      ]),
    )
    .orderBy('transport.id')
    .limit(500)
    .execute();
