import { layoutSeats, ZSeatLayout, type BookingInvariants, type BookingInvariantViolation } from '@tourdesk/contracts';
import type { DbContext } from '../../types.ts';
import {
  holdsMismatched,
  holdsOfNonHoldingBookings,
  participantsSeatedTwice,
  participantsWithoutOneSeat,
  quotasHeldMismatch,
  quotasOutOfRange,
  seatAssignments,
  seatsMismatched,
  seatsOfNonHoldingBookings,
  seatsTwice,
  totalsMismatched,
  transportLayouts,
} from './invariants.repository.ts';

/**
 * The booking core's invariants (DOMAIN.md "Invariants" 1, 2, 3 and 5; docs/adr/0014) checked from what the
 * database holds, for the whole database or one departure date (`nr`). Used by the concurrency and property
 * tests after every step, by the benchmark after its load, and by admins on `GET /booking-invariants`.
 *
 * 1. No quota holds more than its capacity, nor less than nothing.
 * 2. No seat twice on a transport; no assigned seat that is blocked or not a seat of the transport's layout;
 *    seat rows only for holding bookings (option, firm, processing) and only for their own participants and
 *    their date's coaches; every participant of a holding booking has exactly one seat in each direction in
 *    which the date has coaches.
 * 3. Bookings that hold nothing have no holds; `held` = Σ booking_hold.units of every quota; each holding
 *    booking holds what it needs (seat units per coach = its seats there, room units = its rooms per room
 *    type, extra units = its booked units of a limited extra).
 * 5. `booking.total_cents` = Σ its price lines.
 */
export async function checkBookingInvariants(
  ctx: DbContext,
  options: { nr?: number } = {},
): Promise<BookingInvariants> {
  const { db } = ctx;
  const { nr } = options;
  const violations: BookingInvariantViolation[] = [];
  const add = (
    invariant: BookingInvariantViolation['invariant'],
    detail: string,
    ids: { booking?: number; quota?: number; transport?: number } = {},
  ) =>
    violations.push({
      invariant,
      detail,
      booking: ids.booking ?? null,
      quota: ids.quota ?? null,
      transport: ids.transport ?? null,
    });

  // 1. capacity
  for (const quota of await quotasOutOfRange(db, nr)) {
    const invariant = quota.held < 0 ? 'quota.negative' : 'quota.overCapacity';
    add(invariant, `quota ${quota.id} (${quota.name}) holds ${quota.held} of ${quota.capacity}`, { quota: quota.id });
  }

  // 2. seats
  for (const row of await seatsTwice(db, nr)) {
    add('seat.double', `seat ${row.seat} is held ${row.n} times on transport ${row.id_transport}`, {
      transport: row.id_transport,
    });
  }
  for (const row of await participantsSeatedTwice(db, nr)) {
    add(
      'seat.participantTwice',
      `participant ${row.id_participant} has ${row.n} seats on transport ${row.id_transport}`,
      { transport: row.id_transport },
    );
  }
  const seatsOf = new Map<number, { seats: Set<string>; blocked: Set<string> }>();
  for (const transport of await transportLayouts(db, nr)) {
    const layout = ZSeatLayout.safeParse(parseJson(transport.layout));
    const cells = layout.success ? layoutSeats(layout.data) : [];
    const listed = parseJson(transport.blocked_seats);
    const blocked = new Set(Array.isArray(listed) ? listed.filter((seat) => typeof seat === 'string') : []);
    for (const cell of cells) if (cell.blocked) blocked.add(cell.txt);
    seatsOf.set(transport.id, { seats: new Set(cells.map((cell) => cell.txt)), blocked });
  }
  for (const row of await seatAssignments(db, nr)) {
    const plan = seatsOf.get(row.id_transport);
    const reason = !plan?.seats.has(row.seat)
      ? 'is not a seat of'
      : plan.blocked.has(row.seat)
        ? 'is blocked on'
        : null;
    if (reason)
      add('seat.unavailable', `seat ${row.seat} of booking ${row.id_booking} ${reason} transport ${row.id_transport}`, {
        booking: row.id_booking,
        transport: row.id_transport,
      });
  }
  for (const row of await seatsOfNonHoldingBookings(db, nr)) {
    add(
      'seat.notHolding',
      `seat ${row.seat} on transport ${row.id_transport} belongs to booking ${row.id_booking}, which is ${row.status}`,
      { booking: row.id_booking, transport: row.id_transport },
    );
  }
  for (const row of await seatsMismatched(db, nr)) {
    add(
      'seat.mismatch',
      `seat ${row.seat} on transport ${row.id_transport} (date ${row.date}) is booking ${row.id_booking}'s, ` +
        `its participant is of booking ${row.participant_booking}`,
      { booking: row.id_booking, transport: row.id_transport },
    );
  }
  for (const row of await participantsWithoutOneSeat(db, nr)) {
    add(
      'seat.missing',
      `participant ${row.id_participant} of booking ${row.id_booking} has ${row.seats} seats ${row.direction}`,
      { booking: row.id_booking },
    );
  }

  // 3. holds
  for (const row of await holdsOfNonHoldingBookings(db, nr)) {
    add(
      'hold.notHolding',
      `booking ${row.id_booking} is ${row.status} but holds ${row.units} of quota ${row.id_quota}`,
      { booking: row.id_booking, quota: row.id_quota },
    );
  }
  for (const row of await quotasHeldMismatch(db, nr)) {
    add('quota.heldMismatch', `quota ${row.id} (${row.name}) has held ${row.held}, its holds sum to ${row.holds}`, {
      quota: row.id,
    });
  }
  for (const row of await holdsMismatched(db, nr)) {
    add(
      'hold.mismatch',
      `booking ${row.id_booking} holds ${row.have} of ${row.kind} quota ${row.id_quota} but needs ${row.need}`,
      { booking: row.id_booking, quota: row.id_quota },
    );
  }

  // 5. money
  for (const row of await totalsMismatched(db, nr)) {
    add('money.total', `booking ${row.id} has total ${row.total_cents} cents, its price lines sum to ${row.lines}`, {
      booking: row.id,
    });
  }

  return { ok: violations.length === 0, violations };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
