import { sql } from 'kysely';
import type { BookingStatus } from '@tourdesk/contracts';
import type { Database } from '../src/db/database.ts';
import type { DepartureFixture } from '../src/seed/departure-factories.ts';
import type { DbContext } from '../src/types.ts';

/**
 * SQL for the booking proofs (invariants, concurrency, properties): bookings written by hand, so a test can
 * build a correct state without the booking service and then break it one invariant at a time, and the
 * test-only switches that let the database accept what its constraints would refuse.
 */

export type HandBooking = {
  id: number;
  participants: number[];
  /** seat quota id per transport id */
  seatQuota: Map<number, number>;
  roomQuota: number | null;
};

/**
 * A booking as the service would store it: participants seated on the given seats of every coach (the same
 * labels both ways), a hold per seat quota and optionally one room, `held` raised, one base price line per
 * participant and the total. Holding statuses get seats and holds; others get neither.
 */
export async function insertBookingByHand(
  ctx: DbContext,
  fixture: DepartureFixture,
  options: { seats: string[]; status?: BookingStatus; room?: boolean; priceCents?: number },
): Promise<HandBooking> {
  const { db } = ctx;
  const status = options.status ?? 'firm';
  const holds = status === 'option' || status === 'firm' || status === 'processing';
  const price = options.priceCents ?? 59_900;
  const { id } = await db
    .insertInto('booking')
    .values({
      id_jrn_date: fixture.nr,
      id_jrn_journey: fixture.journey.id_jrn_journey,
      id_booker_card: null,
      id_organization: null,
      status,
      option_until: null,
      title: null,
      comment: null,
      ratio_vorgangnr: null,
      invoice_number: null,
      created_by: null,
      cancelled_at: null,
      total_cents: price * options.seats.length,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const participants: number[] = [];
  for (const [index] of options.seats.entries()) {
    const participant = await db
      .insertInto('participant')
      .values({ id_booking: id, position: index + 1, name: `Reisende ${index + 1}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    participants.push(participant.id);
    await db
      .insertInto('booking_price_line')
      .values({
        id_booking: id,
        id_participant: participant.id,
        kind: 'base',
        description: 'Grundpreis',
        amount_cents: price,
      })
      .execute();
  }
  const seatQuota = new Map<number, number>();
  for (const transport of fixture.transports) {
    const quota = fixture.quotas.find((q) => q.kind === 'seat' && q.ref === transport.id)!;
    seatQuota.set(transport.id, quota.id);
    if (!holds) continue;
    for (const [index, seat] of options.seats.entries()) {
      await db
        .insertInto('seat_assignment')
        .values({ id_transport: transport.id, seat, id_participant: participants[index]!, id_booking: id })
        .execute();
    }
    await takeUnits(ctx, id, quota.id, options.seats.length);
  }
  let roomQuota: number | null = null;
  if (options.room) {
    const quota = fixture.quotas.find((q) => q.kind === 'room')!;
    roomQuota = quota.id;
    await db.insertInto('booking_room').values({ id_booking: id, id_jrn_room_type: quota.ref }).execute();
    if (holds) await takeUnits(ctx, id, quota.id, 1);
  }
  return { id, participants, seatQuota, roomQuota };
}

async function takeUnits(ctx: DbContext, booking: number, quota: number, units: number) {
  await ctx.db.insertInto('booking_hold').values({ id_booking: booking, id_quota: quota, units }).execute();
  await addHeld(ctx, quota, units);
}

export async function addHeld(ctx: DbContext, quota: number, units: number) {
  await ctx.db
    .updateTable('quota')
    .set({ held: sql<number>`held + ${units}` })
    .where('id', '=', quota)
    .execute();
}

export async function setHeld(ctx: DbContext, quota: number, held: number) {
  await ctx.db.updateTable('quota').set({ held }).where('id', '=', quota).execute();
}

export async function addHoldUnits(ctx: DbContext, booking: number, quota: number, units: number) {
  await ctx.db
    .updateTable('booking_hold')
    .set({ units: sql<number>`units + ${units}` })
    .where('id_booking', '=', booking)
    .where('id_quota', '=', quota)
    .execute();
}

export async function deleteHolds(ctx: DbContext, booking: number) {
  await ctx.db.deleteFrom('booking_hold').where('id_booking', '=', booking).execute();
}

export async function deleteSeats(
  ctx: DbContext,
  booking: number,
  where: { participant?: number; transport?: number } = {},
) {
  let query = ctx.db.deleteFrom('seat_assignment').where('id_booking', '=', booking);
  if (where.participant) query = query.where('id_participant', '=', where.participant);
  if (where.transport) query = query.where('id_transport', '=', where.transport);
  await query.execute();
}

export async function moveSeat(ctx: DbContext, transport: number, from: string, to: string) {
  await ctx.db
    .updateTable('seat_assignment')
    .set({ seat: to })
    .where('id_transport', '=', transport)
    .where('seat', '=', from)
    .execute();
}

export async function insertSeat(
  ctx: DbContext,
  row: { id_transport: number; seat: string; id_participant: number; id_booking: number },
) {
  await ctx.db.insertInto('seat_assignment').values(row).execute();
}

export async function setSeatBooking(ctx: DbContext, transport: number, seat: string, booking: number) {
  await ctx.db
    .updateTable('seat_assignment')
    .set({ id_booking: booking })
    .where('id_transport', '=', transport)
    .where('seat', '=', seat)
    .execute();
}

export async function setBookingStatus(ctx: DbContext, booking: number, status: BookingStatus) {
  await ctx.db.updateTable('booking').set({ status }).where('id', '=', booking).execute();
}

export async function addTotal(ctx: DbContext, booking: number, cents: number) {
  await ctx.db
    .updateTable('booking')
    .set({ total_cents: sql<number>`total_cents + ${cents}` })
    .where('id', '=', booking)
    .execute();
}

export async function deleteRooms(ctx: DbContext, booking: number) {
  await ctx.db.deleteFrom('booking_room').where('id_booking', '=', booking).execute();
}

/**
 * Test only: lets the database take a `held` outside 0…capacity (PostgreSQL drops the CHECK of this test's
 * schema; SQLite ignores CHECK constraints on this connection), so a broken capacity check shows as overbooking.
 */
export async function allowHeldOverCapacity(ctx: DbContext) {
  if (ctx.dialect === 'postgres')
    await sql`alter table quota drop constraint if exists quota_held_within_capacity`.execute(ctx.db);
  else await sql`pragma ignore_check_constraints = on`.execute(ctx.db);
}

/**
 * Test only: rebuilds `seat_assignment` without its primary key and unique constraint, so a double seat can be
 * written and the check be seen to report it.
 */
export async function allowDoubleSeats(ctx: DbContext) {
  if (ctx.dialect === 'postgres') {
    await sql`alter table seat_assignment drop constraint seat_assignment_pk`.execute(ctx.db);
    await sql`alter table seat_assignment drop constraint seat_assignment_participant_unique`.execute(ctx.db);
    return;
  }
  await sql`alter table seat_assignment rename to seat_assignment_old`.execute(ctx.db);
  await sql`create table seat_assignment (id_transport integer not null, seat text not null,
    id_participant integer not null, id_booking integer not null)`.execute(ctx.db);
  await sql`insert into seat_assignment select id_transport, seat, id_participant, id_booking from seat_assignment_old`.execute(
    ctx.db,
  );
  await sql`drop table seat_assignment_old`.execute(ctx.db);
}

// ---------------------------------------------------------------- reads for the proofs

/** The bookings of a date with their participant counts. */
export function bookingsOfDate(db: Database, nr: number) {
  return db
    .selectFrom('booking')
    .leftJoin('participant', 'participant.id_booking', 'booking.id')
    .select(['booking.id', 'booking.title', 'booking.status'])
    .select((eb) => eb.fn.count<number>('participant.id').as('participants'))
    .where('booking.id_jrn_date', '=', nr)
    .groupBy(['booking.id', 'booking.title', 'booking.status'])
    .orderBy('booking.id')
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, participants: Number(row.participants) })));
}

/** `held` of the date's seat quotas, in id order (outbound first). */
export async function seatQuotaHeld(db: Database, nr: number): Promise<number[]> {
  const rows = await db
    .selectFrom('quota')
    .select('held')
    .where('id_jrn_date', '=', nr)
    .where('kind', '=', 'seat')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.held);
}

/** The seat labels of the given bookings on every coach. */
export async function seatsOfBookings(db: Database, bookings: number[]) {
  if (bookings.length === 0) return [];
  return db
    .selectFrom('seat_assignment')
    .select(['id_booking', 'id_transport', 'seat'])
    .where('id_booking', 'in', bookings)
    .orderBy('id_booking')
    .orderBy('id_transport')
    .execute();
}
