import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingInvariant } from '@tourdesk/contracts';
import { createDepartureFixture, type DepartureFixture } from '../../seed/departure-factories.ts';
import {
  addHeld,
  addHoldUnits,
  addTotal,
  allowDoubleSeats,
  allowHeldOverCapacity,
  deleteHolds,
  deleteRooms,
  deleteSeats,
  insertBookingByHand,
  insertSeat,
  moveSeat,
  setBookingStatus,
  setHeld,
  setSeatBooking,
} from '../../../test/booking-proof.repository.ts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { checkBookingInvariants } from './invariants.ts';

/**
 * The invariant check sees every kind of broken state: each test builds a correct booking by hand on a
 * departure of its own, breaks one thing with SQL and expects exactly that invariant to be reported for
 * that departure (and nothing for a correct one).
 */
describe('booking invariants', () => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
  });
  afterAll(() => t.close());

  const departure = (blocked: string[] = []) => createDepartureFixture(t.ctx, ++n, { seatPlan: 'minibus19', blocked });
  const reported = async (fixture: DepartureFixture) => {
    const result = await checkBookingInvariants(t.ctx, { nr: fixture.nr });
    expect(result.ok).toBe(result.violations.length === 0);
    return [...new Set(result.violations.map((violation) => violation.invariant))].sort();
  };
  const expectOnly = async (fixture: DepartureFixture, ...invariants: BookingInvariant[]) =>
    expect(await reported(fixture)).toEqual([...invariants].sort());

  it('finds nothing wrong with correct bookings of every status', async () => {
    const fixture = await departure(['5']);
    await insertBookingByHand(t.ctx, fixture, { seats: ['1', '2'], room: true });
    await insertBookingByHand(t.ctx, fixture, { seats: ['3'], status: 'option' });
    await insertBookingByHand(t.ctx, fixture, { seats: ['4'], status: 'processing', room: true });
    for (const status of ['draft', 'request', 'waitlist', 'cancelled'] as const)
      await insertBookingByHand(t.ctx, fixture, { seats: ['6', '7'], status, room: true });
    await expectOnly(fixture);
  });

  it('reports a quota over its capacity and below zero (1)', async () => {
    await allowHeldOverCapacity(t.ctx);
    const over = await departure();
    const booking = await insertBookingByHand(t.ctx, over, { seats: ['1'] });
    const quota = booking.seatQuota.get(over.transports[0]!.id)!;
    await setHeld(t.ctx, quota, 19 + 1);
    await expectOnly(over, 'quota.overCapacity', 'quota.heldMismatch');
    const result = await checkBookingInvariants(t.ctx, { nr: over.nr });
    expect(result.violations).toContainEqual({
      invariant: 'quota.overCapacity',
      detail: expect.stringContaining('holds 20 of 19'),
      booking: null,
      quota,
      transport: null,
    });

    const negative = await departure();
    await setHeld(t.ctx, negative.quotas[0]!.id, -1);
    await expectOnly(negative, 'quota.negative', 'quota.heldMismatch');
  });

  it('reports held differing from the sum of holds, and a booking holding more than it needs (3)', async () => {
    const fixture = await departure();
    const booking = await insertBookingByHand(t.ctx, fixture, { seats: ['1', '2'] });
    const quota = booking.seatQuota.get(fixture.transports[1]!.id)!;
    await addHeld(t.ctx, quota, 1);
    await expectOnly(fixture, 'quota.heldMismatch');
    await addHoldUnits(t.ctx, booking.id, quota, 1);
    await expectOnly(fixture, 'hold.mismatch');
  });

  it('reports a hold that does not match the booked rooms (3)', async () => {
    const fixture = await departure();
    const booking = await insertBookingByHand(t.ctx, fixture, { seats: ['1'], room: true });
    await deleteRooms(t.ctx, booking.id);
    await expectOnly(fixture, 'hold.mismatch');
    const result = await checkBookingInvariants(t.ctx, { nr: fixture.nr });
    expect(result.violations[0]).toMatchObject({ booking: booking.id, quota: booking.roomQuota });
    expect(result.violations[0]!.detail).toContain('holds 1 of room quota');
  });

  it('reports holds and seats of bookings that hold nothing (2, 3)', async () => {
    const fixture = await departure();
    const cancelled = await insertBookingByHand(t.ctx, fixture, { seats: ['1', '2'] });
    await setBookingStatus(t.ctx, cancelled.id, 'cancelled');
    await expectOnly(fixture, 'seat.notHolding', 'hold.notHolding');
    await deleteSeats(t.ctx, cancelled.id);
    await expectOnly(fixture, 'hold.notHolding');

    const waiting = await insertBookingByHand(t.ctx, fixture, { seats: ['3'] });
    await setBookingStatus(t.ctx, waiting.id, 'waitlist');
    await deleteHolds(t.ctx, waiting.id);
    for (const quota of waiting.seatQuota.values()) await addHeld(t.ctx, quota, -1);
    expect((await checkBookingInvariants(t.ctx, { nr: fixture.nr })).violations).toContainEqual(
      expect.objectContaining({ invariant: 'seat.notHolding', booking: waiting.id }),
    );
  });

  it('reports a blocked seat and a label that is not a seat of the layout (2)', async () => {
    const fixture = await departure(['9']);
    await insertBookingByHand(t.ctx, fixture, { seats: ['1', '2'] });
    await moveSeat(t.ctx, fixture.transports[0]!.id, '1', '9');
    await expectOnly(fixture, 'seat.unavailable');
    await moveSeat(t.ctx, fixture.transports[0]!.id, '9', '1');
    await moveSeat(t.ctx, fixture.transports[1]!.id, '2', 'X99');
    const result = await checkBookingInvariants(t.ctx, { nr: fixture.nr });
    expect(result.violations).toEqual([
      expect.objectContaining({ invariant: 'seat.unavailable', detail: expect.stringContaining('is not a seat of') }),
    ]);
  });

  it('reports a participant without a seat in a direction (2)', async () => {
    const fixture = await departure();
    const booking = await insertBookingByHand(t.ctx, fixture, { seats: ['1', '2'] });
    const transport = fixture.transports[1]!.id;
    await deleteSeats(t.ctx, booking.id, { participant: booking.participants[1], transport });
    await addHoldUnits(t.ctx, booking.id, booking.seatQuota.get(transport)!, -1);
    await addHeld(t.ctx, booking.seatQuota.get(transport)!, -1);
    await expectOnly(fixture, 'seat.missing');
  });

  it("reports a seat row of another booking's participant (2)", async () => {
    const fixture = await departure();
    const first = await insertBookingByHand(t.ctx, fixture, { seats: ['1'] });
    const second = await insertBookingByHand(t.ctx, fixture, { seats: ['2'] });
    await setSeatBooking(t.ctx, fixture.transports[0]!.id, '1', second.id);
    const invariants = await reported(fixture);
    expect(invariants).toContain('seat.mismatch');
    expect(invariants).toContain('hold.mismatch');
    expect(first.id).not.toBe(second.id);
  });

  it("reports a total that is not the sum of its price lines (5), only on the booking's date", async () => {
    const fixture = await departure();
    const other = await departure();
    const booking = await insertBookingByHand(t.ctx, fixture, { seats: ['1', '2'] });
    await insertBookingByHand(t.ctx, other, { seats: ['1', '2'] });
    await addTotal(t.ctx, booking.id, 100);
    await expectOnly(fixture, 'money.total');
    await expectOnly(other);
  });

  it('answers GET /booking-invariants for administrators only, for all dates or one', async () => {
    const fixture = await departure();
    const broken = await departure();
    await addTotal(t.ctx, (await insertBookingByHand(t.ctx, broken, { seats: ['1'] })).id, 1);
    const admin = await createLogin(t.ctx, 'admin');
    const office = await createLogin(t.ctx, 'office');
    expect((await call(t.app, office, { method: 'GET', url: '/booking-invariants' })).statusCode).toBe(403);
    expect((await call(t.app, null, { method: 'GET', url: '/booking-invariants' })).statusCode).toBe(401);
    const bad = await call(t.app, admin, { method: 'GET', url: '/booking-invariants?nr=x' });
    expect(bad.statusCode).toBe(400);

    const clean = await call(t.app, admin, { method: 'GET', url: `/booking-invariants?nr=${fixture.nr}` });
    expect(clean.json()).toEqual({ ok: true, violations: [] });
    const all = await call(t.app, admin, { method: 'GET', url: '/booking-invariants' });
    expect(all.statusCode).toBe(200);
    expect(all.json().ok).toBe(false);
    expect(all.json().violations).toContainEqual(expect.objectContaining({ invariant: 'money.total' }));
    const one = await call(t.app, admin, { method: 'GET', url: `/booking-invariants?nr=${broken.nr}` });
    expect(one.json().violations.map((violation: { invariant: string }) => violation.invariant)).toEqual([
      'money.total',
    ]);
  });

  // Last: it rebuilds seat_assignment without its keys for the rest of this file's database.
  it('reports a seat held twice and a participant seated twice, should the keys ever be lost (2)', async () => {
    const fixture = await departure();
    const first = await insertBookingByHand(t.ctx, fixture, { seats: ['1'] });
    const second = await insertBookingByHand(t.ctx, fixture, { seats: ['2'] });
    const transport = fixture.transports[0]!.id;
    await expect(
      insertSeat(t.ctx, {
        id_transport: transport,
        seat: '1',
        id_participant: second.participants[0]!,
        id_booking: second.id,
      }),
    ).rejects.toThrow();

    await allowDoubleSeats(t.ctx);
    await insertSeat(t.ctx, {
      id_transport: transport,
      seat: '1',
      id_participant: second.participants[0]!,
      id_booking: second.id,
    });
    const invariants = await reported(fixture);
    expect(invariants).toContain('seat.double');
    expect(invariants).toContain('seat.participantTwice');
    expect(first.participants).toHaveLength(1);
  });
});

describe('booking invariants of the demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('finds the seeded demo bookings (options, firm, waiting list, processing, cancelled) consistent', async () => {
    const seats = await t.ctx.db
      .selectFrom('seat_assignment')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const statuses = await t.ctx.db.selectFrom('booking').select('status').distinct().execute();
    expect(Number(seats.n)).toBeGreaterThan(0);
    expect(statuses.map((row) => row.status)).toEqual(expect.arrayContaining(['firm', 'option', 'cancelled']));
    expect(await checkBookingInvariants(t.ctx)).toEqual({ ok: true, violations: [] });
  });
});
