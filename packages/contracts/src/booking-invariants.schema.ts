import { z } from 'zod';
import { MAX_ID } from './fields.ts';

/**
 * `GET /booking-invariants` (admin): the booking core's invariants (DOMAIN.md "Invariants", docs/adr/0014)
 * checked from the database. Each violation names its invariant and says what is wrong in English.
 */
export const BOOKING_INVARIANTS = [
  /** 1: a quota holds more than its capacity, or less than nothing */
  'quota.overCapacity',
  'quota.negative',
  /** 3: a quota's held differs from Σ booking_hold.units over it */
  'quota.heldMismatch',
  /** 2: a seat twice on one transport, or one participant on two seats of one transport */
  'seat.double',
  'seat.participantTwice',
  /** 2: a seat that is blocked on its transport or is not a seat of its layout */
  'seat.unavailable',
  /** 2/3: a seat row of a booking that holds nothing (draft, request, waiting list, cancelled) */
  'seat.notHolding',
  /** 2: a seat row whose participant, booking and transport do not belong together */
  'seat.mismatch',
  /** 2: a participant of a holding booking without exactly one seat in a direction that has coaches */
  'seat.missing',
  /** 3: a hold of a booking that holds nothing */
  'hold.notHolding',
  /** 3: a holding booking's holds differ from what it needs (seats, rooms, extras) */
  'hold.mismatch',
  /** 5: a booking's total differs from the sum of its price lines */
  'money.total',
] as const;
export type BookingInvariant = (typeof BOOKING_INVARIANTS)[number];

export const ZBookingInvariantViolation = z.object({
  invariant: z.enum(BOOKING_INVARIANTS),
  detail: z.string(),
  /** the booking, quota or transport concerned, when there is one */
  booking: z.number().int().nullable(),
  quota: z.number().int().nullable(),
  transport: z.number().int().nullable(),
});
export type BookingInvariantViolation = z.infer<typeof ZBookingInvariantViolation>;

export const ZBookingInvariants = z.object({
  ok: z.boolean(),
  violations: z.array(ZBookingInvariantViolation),
});
export type BookingInvariants = z.infer<typeof ZBookingInvariants>;

/** `?nr=` checks one departure date only. */
export const ZBookingInvariantsQuery = z.object({
  nr: z.coerce
    .number({ error: 'error.invalid' })
    .int('error.invalid')
    .positive('error.invalid')
    .max(MAX_ID, 'error.invalid')
    .optional(),
});
