import type { Generated } from 'kysely';
import type { StopDirection } from '@tourdesk/contracts';

/** One coach on one departure date and direction, with its own copy of a seat plan (DOMAIN.md "transport"). */
export type TransportTable = {
  id: Generated<number>;
  id_jrn_date: number;
  direction: StopDirection;
  /** 1, 2, … when a date has several coaches in one direction */
  position: Generated<number>;
  name: string;
  id_seat_plan: number | null;
  /** JSON `SeatLayout`, copied from the plan */
  layout: string;
  /** JSON array of seat labels not sold on this departure */
  blocked_seats: Generated<string>;
  id_driver_card: number | null;
  vehicle: string | null;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};

/** A boarding point as used by one departure and direction, with its RATIO number `knotenhaltnr`. */
export type TravelStopTable = {
  id: Generated<number>;
  id_jrn_date: number;
  id_zus_zustiege: number;
  direction: StopDirection;
  knotenhaltnr: number;
  position: Generated<number>;
  /** HH:mm */
  time: string | null;
  day_offset: Generated<number>;
  surcharge_cents: Generated<number>;
};

export type QuotaKind = 'seat' | 'room' | 'extra';

/**
 * ★ A capacity pool (Kontingent) of a departure: `held` never exceeds `capacity` (CHECK constraint), and
 * equals the sum of `booking_hold.units` over it. Only the booking transaction changes `held`.
 */
export type QuotaTable = {
  id: Generated<number>;
  id_jrn_date: number;
  kind: QuotaKind;
  /** transport.id (seat), jrn_room_type.id (room) or jrn_extra.id (extra) */
  ref: number;
  name: string;
  capacity: number;
  held: Generated<number>;
};
