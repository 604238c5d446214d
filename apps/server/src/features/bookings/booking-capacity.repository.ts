import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** SQL of the booking transaction's capacity part: quotas, holds and seat assignments (docs/adr/0014). */

export const findTransportsOfDate = (db: Database, dateNr: number) =>
  db
    .selectFrom('transport')
    .select(['id', 'direction', 'position', 'name', 'layout', 'blocked_seats'])
    .where('id_jrn_date', '=', dateNr)
    .orderBy('direction')
    .orderBy('position')
    .execute();

export const findQuotasOfDate = (db: Database, dateNr: number) =>
  db
    .selectFrom('quota')
    .select(['id', 'kind', 'ref', 'name', 'capacity', 'held'])
    .where('id_jrn_date', '=', dateNr)
    .orderBy('id')
    .execute();

export const findParticipantsForHolds = (db: Database, bookingId: number) =>
  db
    .selectFrom('participant')
    .select(['id', 'position', 'id_booking_room'])
    .where('id_booking', '=', bookingId)
    // a cancelled participant holds nothing (docs/adr/0017)
    .where('cancelled_at', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();

/** The booking's rooms that hold: a room whose sleepers are all cancelled holds nothing. */
export const findRoomTypesOfBooking = (db: Database, bookingId: number) =>
  db
    .selectFrom('booking_room')
    .select(['id', 'id_jrn_room_type'])
    .where('id_booking', '=', bookingId)
    .where((eb) =>
      eb.or([
        eb.not(
          eb.exists(
            eb
              .selectFrom('participant')
              .select('participant.id')
              .whereRef('participant.id_booking_room', '=', 'booking_room.id'),
          ),
        ),
        eb.exists(
          eb
            .selectFrom('participant')
            .select('participant.id')
            .whereRef('participant.id_booking_room', '=', 'booking_room.id')
            .where('participant.cancelled_at', 'is', null),
        ),
      ]),
    )
    .orderBy('position')
    .orderBy('id')
    .execute();

export const findExtrasOfBooking = (db: Database, bookingId: number) =>
  db
    .selectFrom('booking_extra')
    .select(['id_jrn_extra', 'units'])
    .where('id_booking', '=', bookingId)
    .orderBy('id')
    .execute();

/**
 * ★ Takes `units` of a quota if they fit: the one conditional update that keeps `held <= capacity` under
 * concurrency. True when the row changed (the units are taken), false when sold out.
 */
export async function takeQuotaUnits(db: Database, quotaId: number, units: number): Promise<boolean> {
  const result = await db
    .updateTable('quota')
    .set({ held: sql`held + ${units}` })
    .where('id', '=', quotaId)
    .where(sql<boolean>`held + ${units} <= capacity`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives `units` of a quota back. */
export async function returnQuotaUnits(db: Database, quotaId: number, units: number): Promise<void> {
  await db
    .updateTable('quota')
    .set({ held: sql`held - ${units}` })
    .where('id', '=', quotaId)
    .execute();
}

export async function insertHolds(
  db: Database,
  rows: Array<{ id_booking: number; id_quota: number; units: number }>,
): Promise<void> {
  if (rows.length > 0) await db.insertInto('booking_hold').values(rows).execute();
}

export const findHoldsOfBooking = (db: Database, bookingId: number) =>
  db
    .selectFrom('booking_hold')
    .select(['id_quota', 'units'])
    .where('id_booking', '=', bookingId)
    .orderBy('id_quota')
    .execute();

export async function deleteHoldsOfBooking(db: Database, bookingId: number): Promise<void> {
  await db.deleteFrom('booking_hold').where('id_booking', '=', bookingId).execute();
}

/** Seats taken on these transports (by any booking). */
export const findOccupiedSeats = (db: Database, transportIds: readonly number[]) =>
  transportIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('seat_assignment')
        .select(['id_transport', 'seat', 'id_participant', 'id_booking'])
        .where('id_transport', 'in', [...transportIds])
        .execute();

export const findSeatsOfBooking = (db: Database, bookingId: number) =>
  db
    .selectFrom('seat_assignment')
    .innerJoin('transport', 'transport.id', 'seat_assignment.id_transport')
    .select([
      'seat_assignment.id_transport',
      'seat_assignment.seat',
      'seat_assignment.id_participant',
      'transport.direction',
      'transport.position',
    ])
    .where('seat_assignment.id_booking', '=', bookingId)
    .execute();

export async function insertSeatAssignments(
  db: Database,
  rows: Array<{ id_transport: number; seat: string; id_participant: number; id_booking: number }>,
): Promise<void> {
  if (rows.length > 0) await db.insertInto('seat_assignment').values(rows).execute();
}

export async function deleteSeatsOfBooking(db: Database, bookingId: number): Promise<void> {
  await db.deleteFrom('seat_assignment').where('id_booking', '=', bookingId).execute();
}

/** Removes one participant's seat on the transports of one direction. */
export async function deleteSeatOfParticipant(
  db: Database,
  participantId: number,
  transportIds: readonly number[],
): Promise<void> {
  if (transportIds.length === 0) return;
  await db
    .deleteFrom('seat_assignment')
    .where('id_participant', '=', participantId)
    .where('id_transport', 'in', [...transportIds])
    .execute();
}

export const findBookingDateNr = (db: Database, bookingId: number) =>
  db.selectFrom('booking').select(['id_jrn_date', 'id_jrn_journey']).where('id', '=', bookingId).executeTakeFirst();
