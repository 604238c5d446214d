import { ZSeatLayout, type SeatLayout, type StopDirection } from '@tourdesk/contracts';
import { parseJson } from '../../db/dialect.ts';
import { isUniqueViolation } from '../../db/transaction.ts';
import { ApiError, invalidField } from '../../lib/errors.ts';
import type { DbContext } from '../../types.ts';
import { ensurePoolsOfDates } from '../departures/departures.service.ts';
import {
  deleteHoldsOfBooking,
  deleteSeatsOfBooking,
  findBookingDateNr,
  findExtrasOfBooking,
  findHoldsOfBooking,
  findOccupiedSeats,
  findParticipantsForHolds,
  findQuotasOfDate,
  findRoomTypesOfBooking,
  findSeatsOfBooking,
  findTransportsOfDate,
  insertHolds,
  insertSeatAssignments,
  returnQuotaUnits,
  takeQuotaUnits,
} from './booking-capacity.repository.ts';
import { autoAssignSeats, isSellableSeat } from './seat-assignment.ts';

/**
 * ★ The one place where capacity is taken and given back (DOMAIN.md "How the invariants are kept", ADR 0014).
 * Both functions run inside the caller's transaction: a refusal (409) rolls everything back.
 */

export const DIRECTIONS: readonly StopDirection[] = ['outbound', 'return'];

/** A participant's wish for one direction: a seat label and/or a coach (transport position 1, 2 …). */
export type SeatWish = { seat?: string | null; bus?: number | null };
/** Seat wishes by participant id and direction. */
export type SeatWishes = Map<number, Partial<Record<StopDirection, SeatWish>>>;

const soldOut = () => new ApiError(409, 'error.soldOut');
const seatTaken = () => new ApiError(409, 'error.seatTaken');
const seatUnavailable = () => new ApiError(409, 'error.seatUnavailable');

type Transport = { id: number; direction: StopDirection; position: number; layout: SeatLayout; blocked: string[] };

/**
 * Parsed layouts by their stored text: a layout was validated when it was written, and a departure's coaches are
 * read by every booking, so each distinct layout is parsed and checked once, not once per booking. Coaches are
 * copies of a few seat plans, so a handful of texts serve thousands of departures; a changed coach is a new text.
 */
const parsedLayouts = new Map<string, SeatLayout>();
const PARSED_LAYOUTS_MAX = 500;

function parseLayout(text: string): SeatLayout {
  const known = parsedLayouts.get(text);
  if (known) return known;
  const layout = ZSeatLayout.safeParse(parseJson(text, null)).data ?? { decks: [] };
  if (parsedLayouts.size >= PARSED_LAYOUTS_MAX) parsedLayouts.delete(parsedLayouts.keys().next().value!);
  parsedLayouts.set(text, layout);
  return layout;
}

async function transportsOf(ctx: DbContext, dateNr: number): Promise<Transport[]> {
  const rows = await findTransportsOfDate(ctx.db, dateNr);
  return rows.map((row) => ({
    id: row.id,
    direction: row.direction,
    position: row.position,
    layout: parseLayout(row.layout),
    blocked: parseJson<string[]>(row.blocked_seats, []),
  }));
}

/**
 * Takes everything booking `bookingId` needs, from its rows as they are now:
 * - one seat per participant on each direction that has transports (seat quota `ref` = transport id); the coach
 *   is the participant's wished one, else the first of the direction with room for the party;
 * - one unit of the room quota (`ref` = jrn_room_type id) per booked room;
 * - `units` of each limited extra (`ref` = jrn_extra id); an extra or room type without a quota is unlimited.
 * Each unit is taken with the conditional counter update (0 rows: 409 error.soldOut); `booking_hold` rows record
 * what was taken, `seat_assignment` rows the seats: the wished ones (`wishes`), the others assigned next to the
 * party (seat-assignment.ts). A seat held by someone else: 409 error.seatTaken; a blocked seat or a label that
 * is no seat: 409 error.seatUnavailable; a coach position the direction has not: 400 at teilnehmer.i.bushin.
 * The booking must hold nothing when this is called (see `releaseHolds`).
 */
export async function takeHolds(trx: DbContext, bookingId: number, wishes: SeatWishes = new Map()): Promise<void> {
  const booking = await findBookingDateNr(trx.db, bookingId);
  if (!booking) return;
  const dateNr = booking.id_jrn_date;
  const [participants, rooms, extras] = await Promise.all([
    findParticipantsForHolds(trx.db, bookingId),
    findRoomTypesOfBooking(trx.db, bookingId),
    findExtrasOfBooking(trx.db, bookingId),
  ]);
  // Room and extra pools are made when a date is read or planned (ADR 0013); a booking makes sure they exist.
  if (rooms.length > 0 || extras.length > 0)
    await ensurePoolsOfDates(trx, [{ nr: dateNr, id_jrn_journey: booking.id_jrn_journey }]);
  const [transports, quotas] = await Promise.all([transportsOf(trx, dateNr), findQuotasOfDate(trx.db, dateNr)]);
  const quotaOf = (kind: 'seat' | 'room' | 'extra', ref: number) =>
    quotas.find((quota) => quota.kind === kind && quota.ref === ref);

  // Which coach each participant rides on, per direction.
  const rideOn = new Map<string, Transport>(); // `${participantId}:${direction}` → transport
  const seatsPerTransport = new Map<number, number>();
  const count = (transport: Transport, n = 1) =>
    seatsPerTransport.set(transport.id, (seatsPerTransport.get(transport.id) ?? 0) + n);
  for (const direction of DIRECTIONS) {
    const coaches = transports.filter((transport) => transport.direction === direction);
    if (coaches.length === 0 || participants.length === 0) continue;
    const party: typeof participants = [];
    for (const participant of participants) {
      const bus = wishes.get(participant.id)?.[direction]?.bus;
      if (bus == null) {
        party.push(participant);
        continue;
      }
      const coach = coaches.find((transport) => transport.position === bus);
      if (!coach)
        throw invalidField(
          `teilnehmer.${participant.position - 1}.${direction === 'outbound' ? 'bushin' : 'busrueck'}`,
          'error.invalid',
        );
      rideOn.set(`${participant.id}:${direction}`, coach);
      count(coach);
    }
    if (party.length === 0) continue;
    const roomFor = (transport: Transport) => {
      const quota = quotaOf('seat', transport.id);
      const free = quota ? quota.capacity - quota.held : Number.POSITIVE_INFINITY;
      return free - (seatsPerTransport.get(transport.id) ?? 0) >= party.length;
    };
    const coach = coaches.find(roomFor) ?? coaches[0]!;
    for (const participant of party) rideOn.set(`${participant.id}:${direction}`, coach);
    count(coach, party.length);
  }

  // The units per quota, taken in quota id order (the same order everywhere, so no two bookings wait on each other).
  const units = new Map<number, number>();
  const need = (quota: { id: number } | undefined, n: number) => {
    if (quota && n > 0) units.set(quota.id, (units.get(quota.id) ?? 0) + n);
  };
  for (const [transportId, n] of seatsPerTransport) need(quotaOf('seat', transportId), n);
  for (const room of rooms) need(quotaOf('room', room.id_jrn_room_type), 1);
  for (const extra of extras) need(quotaOf('extra', extra.id_jrn_extra), extra.units);
  const taken = [...units.entries()].sort(([a], [b]) => a - b);
  for (const [quotaId, n] of taken) {
    if (!(await takeQuotaUnits(trx.db, quotaId, n))) throw soldOut();
  }
  await insertHolds(
    trx.db,
    taken.map(([quotaId, n]) => ({ id_booking: bookingId, id_quota: quotaId, units: n })),
  );

  // Seats: read after the counters are taken, so a concurrent booking of the same coach has committed its seats.
  const usedTransports = transports.filter((transport) => seatsPerTransport.has(transport.id));
  const occupied = await findOccupiedSeats(
    trx.db,
    usedTransports.map((transport) => transport.id),
  );
  const rows: Array<{ id_transport: number; seat: string; id_participant: number; id_booking: number }> = [];
  for (const transport of usedTransports) {
    const unavailable = new Set(transport.blocked);
    for (const seat of occupied) if (seat.id_transport === transport.id) unavailable.add(seat.seat);
    const riders = participants.filter(
      (participant) => rideOn.get(`${participant.id}:${transport.direction}`) === transport,
    );
    const open: number[] = [];
    for (const participant of riders) {
      const wished = wishes.get(participant.id)?.[transport.direction]?.seat;
      if (!wished) {
        open.push(participant.id);
        continue;
      }
      if (!isSellableSeat(transport.layout, transport.blocked, wished)) throw seatUnavailable();
      if (unavailable.has(wished)) throw seatTaken();
      unavailable.add(wished);
      rows.push({ id_transport: transport.id, seat: wished, id_participant: participant.id, id_booking: bookingId });
    }
    const seats = autoAssignSeats(transport.layout, unavailable, open.length);
    if (!seats) throw soldOut();
    open.forEach((participantId, index) =>
      rows.push({
        id_transport: transport.id,
        seat: seats[index]!,
        id_participant: participantId,
        id_booking: bookingId,
      }),
    );
  }
  try {
    await insertSeatAssignments(trx.db, rows);
  } catch (error) {
    if (isUniqueViolation(error)) throw seatTaken();
    throw error;
  }
}

/** Gives back everything booking `bookingId` holds: its holds and seats are deleted, the counters lowered. */
export async function releaseHolds(trx: DbContext, bookingId: number): Promise<void> {
  const holds = await findHoldsOfBooking(trx.db, bookingId);
  for (const hold of holds) await returnQuotaUnits(trx.db, hold.id_quota, hold.units);
  await deleteHoldsOfBooking(trx.db, bookingId);
  await deleteSeatsOfBooking(trx.db, bookingId);
}

/** Whether the booking holds anything now. */
export async function holdsAnything(trx: DbContext, bookingId: number): Promise<boolean> {
  return (await findHoldsOfBooking(trx.db, bookingId)).length > 0;
}

/** The seats a booking holds now, as wishes: re-taking holds keeps everyone where they sit. */
export async function currentSeatWishes(trx: DbContext, bookingId: number): Promise<SeatWishes> {
  const wishes: SeatWishes = new Map();
  for (const seat of await findSeatsOfBooking(trx.db, bookingId)) {
    const wish = wishes.get(seat.id_participant) ?? {};
    wish[seat.direction] = { seat: seat.seat, bus: seat.position };
    wishes.set(seat.id_participant, wish);
  }
  return wishes;
}

/** A booking's seats: participant id → direction → { seat, bus }. */
export const seatsOfBooking = currentSeatWishes;

/**
 * Re-takes a holding booking's capacity after its rows changed (participants, rooms, extras, a seat move):
 * releases everything and takes it again in the same transaction; current seats stay as wishes unless `wishes`
 * gives others.
 */
export async function retakeHolds(trx: DbContext, bookingId: number, wishes: SeatWishes = new Map()): Promise<void> {
  const current = await currentSeatWishes(trx, bookingId);
  for (const [participantId, wish] of wishes) current.set(participantId, { ...current.get(participantId), ...wish });
  await releaseHolds(trx, bookingId);
  await takeHolds(trx, bookingId, current);
}
