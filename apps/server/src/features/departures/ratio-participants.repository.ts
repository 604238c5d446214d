import type { Database } from '../../db/database.ts';

/**
 * SQL behind RATIO's participant view (ratio-participant.ts): the participants, their seats and their booking's
 * rooms, each read with one query for a whole departure or a set of bookings, whatever the number of people.
 */

/**
 * Whose participants: every non-cancelled booking of a departure date (`nr`) or of several (`nrs`), or the given
 * bookings (any status).
 */
export type ParticipantScope = { nr: number } | { nrs: readonly number[] } | { bookingIds: readonly number[] };

type DateScope = { nr: number } | { nrs: readonly number[] };
const isDateScope = (scope: ParticipantScope): scope is DateScope => 'nr' in scope || 'nrs' in scope;
const scopeDates = (scope: DateScope): number[] => ('nr' in scope ? [scope.nr] : [...scope.nrs]);
const isEmpty = (scope: ParticipantScope) =>
  isDateScope(scope) ? scopeDates(scope).length === 0 : scope.bookingIds.length === 0;

/** The participants with their travel stops' numbers (knotenhaltnr) per direction, by booking and position. */
export async function findRatioParticipantRows(db: Database, scope: ParticipantScope) {
  if (isEmpty(scope)) return [];
  let query = db
    .selectFrom('participant')
    .innerJoin('booking', 'booking.id', 'participant.id_booking')
    .leftJoin('travel_stop as stop_out', 'stop_out.id', 'participant.id_travel_stop_out')
    .leftJoin('travel_stop as stop_ret', 'stop_ret.id', 'participant.id_travel_stop_ret')
    .select([
      'participant.id',
      'participant.id_booking',
      'booking.id_jrn_date',
      'participant.position',
      'participant.anrede',
      'participant.titel',
      'participant.name',
      'participant.name1',
      'participant.name2',
      'participant.name3',
      'participant.namenszusatz',
      'participant.geburtstag',
      'participant.nation',
      'participant.passnummer',
      'participant.telefon',
      'participant.email',
      'participant.info1',
      'participant.info2',
      'participant.ref1',
      'participant.ref2',
      'participant.gruppe',
      'participant.sitzfest',
      'participant.status',
      'participant.reservierungsnr',
      'participant.leistungen',
      'participant.id_jrn_date_price',
      'participant.id_booking_room',
      'stop_out.knotenhaltnr as knotenhaltnr_out',
      'stop_ret.knotenhaltnr as knotenhaltnr_ret',
    ]);
  query = isDateScope(scope)
    ? query
        .where('booking.id_jrn_date', 'in', scopeDates(scope))
        .where('booking.status', '!=', 'cancelled')
        .where('participant.cancelled_at', 'is', null)
    : query.where('participant.id_booking', 'in', [...scope.bookingIds]);
  return query.orderBy('participant.id_booking').orderBy('participant.position').orderBy('participant.id').execute();
}
export type RatioParticipantRow = Awaited<ReturnType<typeof findRatioParticipantRows>>[number];

/** The seats held by the scope's participants, with their coach's direction and number (position). */
export async function findRatioSeatRows(db: Database, scope: ParticipantScope) {
  if (isEmpty(scope)) return [];
  const query = db
    .selectFrom('seat_assignment')
    .innerJoin('transport', 'transport.id', 'seat_assignment.id_transport')
    .select([
      'seat_assignment.id_participant',
      'seat_assignment.id_booking',
      'seat_assignment.seat',
      'transport.direction',
      'transport.position',
    ]);
  return (
    isDateScope(scope)
      ? query.where('transport.id_jrn_date', 'in', scopeDates(scope))
      : query.where('seat_assignment.id_booking', 'in', [...scope.bookingIds])
  ).execute();
}
export type RatioSeatRow = Awaited<ReturnType<typeof findRatioSeatRows>>[number];

/** The rooms of the scope's bookings, in each booking's order (a participant's `zimmer` is an index into it). */
export async function findRatioRoomRows(db: Database, scope: ParticipantScope) {
  if (isEmpty(scope)) return [];
  const query = db
    .selectFrom('booking_room')
    .innerJoin('booking', 'booking.id', 'booking_room.id_booking')
    .select(['booking_room.id', 'booking_room.id_booking']);
  return (
    isDateScope(scope)
      ? query.where('booking.id_jrn_date', 'in', scopeDates(scope)).where('booking.status', '!=', 'cancelled')
      : query.where('booking_room.id_booking', 'in', [...scope.bookingIds])
  )
    .orderBy('booking_room.id_booking')
    .orderBy('booking_room.position')
    .orderBy('booking_room.id')
    .execute();
}
export type RatioRoomRow = Awaited<ReturnType<typeof findRatioRoomRows>>[number];
