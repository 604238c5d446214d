import type { Database } from '../db/database.ts';

/** SQL of the demo bookings (seed/demo-bookings.ts). */

/** Departure dates that have coaches, soonest first (what the departure planning made bookable). */
export const findPlannedDates = (db: Database, from: string) =>
  db
    .selectFrom('jrn_date')
    .innerJoin('jrn_journey', 'jrn_journey.id_jrn_journey', 'jrn_date.id_jrn_journey')
    .select(['jrn_date.nr', 'jrn_date.id_jrn_journey', 'jrn_date.date_from'])
    .where('jrn_date.date_from', '>=', from)
    .where('jrn_date.bookable', '=', 0)
    .where('jrn_journey.bookable', '=', 0)
    .where((eb) =>
      eb.exists(
        eb.selectFrom('transport').select('transport.id').whereRef('transport.id_jrn_date', '=', 'jrn_date.nr'),
      ),
    )
    .orderBy('jrn_date.date_from')
    .orderBy('jrn_date.nr')
    .execute();

/** Bookable dates from `from` on, soonest first (to plan a few when no date has coaches yet). */
export const findBookableDates = (db: Database, from: string) =>
  db
    .selectFrom('jrn_date')
    .innerJoin('jrn_journey', 'jrn_journey.id_jrn_journey', 'jrn_date.id_jrn_journey')
    .select(['jrn_date.nr', 'jrn_date.id_jrn_journey', 'jrn_date.date_from'])
    .where('jrn_date.date_from', '>=', from)
    .where('jrn_date.bookable', '=', 0)
    .where('jrn_journey.bookable', '=', 0)
    .orderBy('jrn_date.date_from')
    .orderBy('jrn_date.nr')
    .execute();

export const findJourneyStops = (db: Database, journeyId: number) =>
  db
    .selectFrom('jrn_journey_stop')
    .select(['id_zus_zustiege', 'direction', 'position', 'time', 'day_offset', 'surcharge_cents'])
    .where('id_jrn_journey', '=', journeyId)
    .orderBy('direction')
    .orderBy('position')
    .orderBy('id')
    .execute();

export const findLimitedExtras = (db: Database, journeyId: number) =>
  db
    .selectFrom('jrn_extra')
    .select(['id', 'value', 'units'])
    .where('id_jrn_journey', '=', journeyId)
    .where('units', 'is not', null)
    .execute();

export const countBookings = async (db: Database) =>
  Number(
    (
      await db
        .selectFrom('booking')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

export const findRoomCounts = (db: Database, journeyId: number) =>
  db
    .selectFrom('jrn_room_type')
    .innerJoin('jrn_accommodation', 'jrn_accommodation.id', 'jrn_room_type.id_jrn_accommodation')
    .select(['jrn_room_type.id', 'jrn_room_type.rooms'])
    .where('jrn_accommodation.id_jrn_journey', '=', journeyId)
    .execute();

export const findRoomKinds = (db: Database, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('jrn_room_type')
        .select(['id', 'kind'])
        .where('id', 'in', [...ids])
        .execute();

/** The journey's category (null: none). */
export async function findJourneyCategory(db: Database, journeyId: number): Promise<number | null> {
  const row = await db
    .selectFrom('jrn_journey')
    .select('id_jrn_category')
    .where('id_jrn_journey', '=', journeyId)
    .executeTakeFirst();
  return row?.id_jrn_category ?? null;
}
