import type { ExtraPriceDue } from '@tourdesk/contracts';
import type { PriceLineKind } from './bookings.table.ts';

/**
 * A booking's price lines, a pure function of what it books (DOMAIN.md invariant 5: the total is their sum):
 * - `base`: per participant, their price line (`price_id`) or the date's first adult price — in the room kind of
 *   the participant's room when there is such a line;
 * - `room`: the supplement (category 'supplement') of a room's kind, per participant sleeping in it (a room
 *   nobody is assigned to counts once, a room whose sleepers are all cancelled not at all);
 * - `stop`: a travel stop's surcharge, per participant and direction;
 * - `extra`: price × units, once per booking (`once`), per participant (`per_person`) or per night (`per_night`);
 * - `fee`: cancellation fees (docs/adr/0017), kept as they are. A cancelled participant is priced only by their
 *   fee line: no base, stop or room line, and they do not count for per-person extras.
 */

export type DatePrice = {
  id: number;
  category: string;
  room_kind: string | null;
  description: string;
  amount_cents: number;
};

export type PricedParticipant = {
  /** participant id (null while not stored yet) */
  id: number | null;
  name: string;
  priceId: number | null;
  /** index into `rooms` */
  room: number | null;
  /** surcharges of the participant's stops, per direction (0 or absent: none) */
  stops: Array<{ description: string; surcharge_cents: number }>;
  /** cancelled alone (participant.cancelled_at): priced only by their fee line */
  cancelled?: boolean;
};

export type PricedExtra = { value: string; price_cents: number; price_due: ExtraPriceDue | string; units: number };

export type PriceLine = { kind: PriceLineKind; description: string; amount_cents: number; participant: number | null };

export function computePriceLines(input: {
  prices: readonly DatePrice[];
  participants: readonly PricedParticipant[];
  /** room kinds of the booked rooms, in order */
  rooms: readonly string[];
  extras: readonly PricedExtra[];
  nights: number;
  /** the booking's cancellation fee lines: they survive every repricing */
  fees?: readonly PriceLine[];
}): PriceLine[] {
  const { prices, rooms, extras, nights } = input;
  const participants = input.participants.filter((participant) => !participant.cancelled);
  const lines: PriceLine[] = [];
  const adult = prices.filter((price) => price.category === 'adult');

  for (const participant of participants) {
    const roomKind = participant.room != null ? (rooms[participant.room] ?? null) : null;
    const base =
      (participant.priceId != null ? prices.find((price) => price.id === participant.priceId) : undefined) ??
      (roomKind ? adult.find((price) => price.room_kind === roomKind) : undefined) ??
      adult.find((price) => price.room_kind == null) ??
      adult[0];
    if (base)
      lines.push({
        kind: 'base',
        description: `${base.description} – ${participant.name}`,
        amount_cents: base.amount_cents,
        participant: participant.id,
      });
    for (const stop of participant.stops) {
      if (stop.surcharge_cents !== 0)
        lines.push({
          kind: 'stop',
          description: `${stop.description} – ${participant.name}`,
          amount_cents: stop.surcharge_cents,
          participant: participant.id,
        });
    }
  }

  rooms.forEach((kind, index) => {
    const supplement = prices.find((price) => price.category === 'supplement' && price.room_kind === kind);
    if (!supplement) return;
    const sleepers = participants.filter((participant) => participant.room === index);
    // a room whose sleepers are all cancelled is given up with them
    if (sleepers.length === 0 && input.participants.some((participant) => participant.room === index)) return;
    if (sleepers.length === 0) {
      lines.push({
        kind: 'room',
        description: supplement.description,
        amount_cents: supplement.amount_cents,
        participant: null,
      });
      return;
    }
    for (const sleeper of sleepers)
      lines.push({
        kind: 'room',
        description: `${supplement.description} – ${sleeper.name}`,
        amount_cents: supplement.amount_cents,
        participant: sleeper.id,
      });
  });

  for (const extra of extras) {
    const factor =
      extra.price_due === 'per_person' ? participants.length : extra.price_due === 'per_night' ? nights : 1;
    const amount = extra.price_cents * extra.units * factor;
    if (amount !== 0)
      lines.push({
        kind: 'extra',
        description: `${extra.units} × ${extra.value}`,
        amount_cents: amount,
        participant: null,
      });
  }
  for (const fee of input.fees ?? []) lines.push({ ...fee, kind: 'fee' });
  return lines;
}

export const totalOf = (lines: readonly { amount_cents: number }[]) =>
  lines.reduce((sum, line) => sum + line.amount_cents, 0);

/** Nights between two `YYYY-MM-DD` dates (0 when the trip ends the day it starts). */
export function nightsBetween(from: string, till: string): number {
  const days = Math.round((Date.parse(`${till}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
  return Number.isFinite(days) && days > 0 ? days : 0;
}
