import { holdsCapacity, type BookingStatus } from '@tourdesk/contracts';
import type { DbContext } from '../src/types.ts';

/**
 * Bookings written straight into the tables for the departure tests (the booking transaction is another
 * feature's): a booking with participants, their stops and seats, its rooms, and — when its status holds
 * capacity — the holds and counters the booking transaction would have written.
 */
export type TestParticipant = {
  name: string;
  name1?: string;
  stopOut?: number | null;
  stopRet?: number | null;
  /** seats by transport id */
  seats?: Array<{ transport: number; seat: string }>;
  /** index into the booking's rooms */
  room?: number;
};

export async function insertTestBooking(
  ctx: DbContext,
  options: {
    nr: number;
    status: BookingStatus;
    optionUntil?: string;
    bookerCardId?: number;
    participants: TestParticipant[];
    /** room type ids, one booked room each */
    rooms?: number[];
    createdAt?: string;
  },
): Promise<{ id: number; participants: number[]; rooms: number[] }> {
  const date = await ctx.db
    .selectFrom('jrn_date')
    .select(['id_jrn_journey'])
    .where('nr', '=', options.nr)
    .executeTakeFirstOrThrow();
  const booking = await ctx.db
    .insertInto('booking')
    .values({
      id_jrn_date: options.nr,
      id_jrn_journey: date.id_jrn_journey,
      id_booker_card: options.bookerCardId ?? null,
      id_organization: null,
      status: options.status,
      option_until: options.optionUntil ?? null,
      title: null,
      comment: null,
      ratio_vorgangnr: null,
      invoice_number: null,
      created_by: null,
      cancelled_at: null,
      ...(options.createdAt ? { created_at: options.createdAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rooms: number[] = [];
  for (const [position, roomType] of (options.rooms ?? []).entries()) {
    const room = await ctx.db
      .insertInto('booking_room')
      .values({ id_booking: booking.id, id_jrn_room_type: roomType, position: position + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    rooms.push(room.id);
  }
  const participants: number[] = [];
  const holds = new Map<string, number>();
  const hold = (kind: 'seat' | 'room', ref: number) =>
    holds.set(`${kind}:${ref}`, (holds.get(`${kind}:${ref}`) ?? 0) + 1);
  for (const [index, participant] of options.participants.entries()) {
    const row = await ctx.db
      .insertInto('participant')
      .values({
        id_booking: booking.id,
        position: index + 1,
        anrede: null,
        titel: null,
        name: participant.name,
        name1: participant.name1 ?? null,
        name2: null,
        name3: null,
        namenszusatz: null,
        geburtstag: null,
        nation: null,
        passnummer: null,
        telefon: null,
        email: null,
        info1: null,
        info2: null,
        ref1: null,
        ref2: null,
        gruppe: null,
        status: null,
        reservierungsnr: null,
        leistungen: null,
        id_jrn_date_price: null,
        id_travel_stop_out: participant.stopOut ?? null,
        id_travel_stop_ret: participant.stopRet ?? null,
        id_booking_room: participant.room === undefined ? null : rooms[participant.room]!,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    participants.push(row.id);
    if (!holdsCapacity(options.status)) continue;
    for (const seat of participant.seats ?? []) {
      await ctx.db
        .insertInto('seat_assignment')
        .values({ id_transport: seat.transport, seat: seat.seat, id_participant: row.id, id_booking: booking.id })
        .execute();
      hold('seat', seat.transport);
    }
  }
  if (holdsCapacity(options.status)) {
    for (const roomType of options.rooms ?? []) hold('room', roomType);
    for (const [key, units] of holds) {
      const [kind, ref] = key.split(':') as ['seat' | 'room', string];
      const quota = await ctx.db
        .selectFrom('quota')
        .select('id')
        .where('id_jrn_date', '=', options.nr)
        .where('kind', '=', kind)
        .where('ref', '=', Number(ref))
        .executeTakeFirstOrThrow();
      await ctx.db
        .updateTable('quota')
        .set((eb) => ({ held: eb('held', '+', units) }))
        .where('id', '=', quota.id)
        .execute();
      await ctx.db.insertInto('booking_hold').values({ id_booking: booking.id, id_quota: quota.id, units }).execute();
    }
  }
  return { id: booking.id, participants, rooms };
}
