import {
  SEAT_PLAN_TEMPLATES,
  sellableSeats,
  type CreateJourneyBody,
  type Journey,
  type SeatLayout,
  type SeatPlanTemplate,
  type StopDirection,
} from '@tourdesk/contracts';
import { insertQuota, insertTransport, insertTravelStop } from '../features/departures/departures.repository.ts';
import type { DbContext } from '../types.ts';
import { createBoardingPointFixture } from './catalogue-factories.ts';
import { createJourneyFixture } from './factories.ts';

/**
 * A journey whose first date is planned for sale: a coach per direction (a copy of a seat plan template or of
 * the given layout), a seat pool per coach, a room pool per room type and a pool per limited extra, and `stops`
 * travel stops per direction numbered 1, 2, … . Shared by the booking tests, the proofs and the benchmark.
 */
export type DepartureFixture = {
  journey: Journey;
  /** the planned date's nr */
  nr: number;
  transports: Array<{ id: number; direction: StopDirection; seats: string[] }>;
  /** knotenhaltnr → travel stop id, per direction */
  stops: Record<StopDirection, number[]>;
  quotas: Array<{ id: number; kind: 'seat' | 'room' | 'extra'; ref: number; capacity: number }>;
};

export async function createDepartureFixture(
  ctx: DbContext,
  n: number,
  options: {
    seatPlan?: SeatPlanTemplate | SeatLayout;
    /** blocked seat labels on every coach */
    blocked?: string[];
    stops?: number;
    journey?: Partial<CreateJourneyBody> & { firstDate?: string };
  } = {},
): Promise<DepartureFixture> {
  const journey = await createJourneyFixture(ctx, n, options.journey);
  const date = journey.dates[0]!;
  const layout =
    typeof options.seatPlan === 'object'
      ? options.seatPlan
      : SEAT_PLAN_TEMPLATES[options.seatPlan ?? 'touring49'].layout;
  const blocked = options.blocked ?? [];
  const seats = sellableSeats(layout, blocked);
  const fixture: DepartureFixture = {
    journey,
    nr: date.nr,
    transports: [],
    stops: { outbound: [], return: [] },
    quotas: [],
  };

  for (const direction of ['outbound', 'return'] as const) {
    const transportId = await insertTransport(ctx.db, {
      id_jrn_date: date.nr,
      direction,
      position: 1,
      name: direction === 'outbound' ? 'Bus 1 Hinfahrt' : 'Bus 1 Rückfahrt',
      layout: JSON.stringify(layout),
      blocked_seats: JSON.stringify(blocked),
    });
    fixture.transports.push({ id: transportId, direction, seats });
    await addQuota(ctx, fixture, date.nr, 'seat', transportId, `Sitzplätze ${direction}`, seats.length);
  }
  for (const accommodation of journey.accommodations) {
    for (const roomType of accommodation.roomTypes) {
      await addQuota(ctx, fixture, date.nr, 'room', roomType.id, roomType.name ?? roomType.kind, roomType.rooms);
    }
  }
  for (const extra of journey.extras) {
    if (extra.units != null) await addQuota(ctx, fixture, date.nr, 'extra', extra.id, extra.value, extra.units);
  }

  const stopCount = options.stops ?? 2;
  for (let i = 0; i < stopCount; i++) {
    const point = await createBoardingPointFixture(ctx, n * 10 + i);
    for (const direction of ['outbound', 'return'] as const) {
      const stopId = await insertTravelStop(ctx.db, {
        id_jrn_date: date.nr,
        id_zus_zustiege: point.id_zus_zustiege,
        direction,
        knotenhaltnr: i + 1,
        position: i,
        time: direction === 'outbound' ? `0${6 + i}:00` : `1${8 + i}:00`,
        day_offset: 0,
        surcharge_cents: i * 1000,
      });
      fixture.stops[direction].push(stopId);
    }
  }
  return fixture;
}

async function addQuota(
  ctx: DbContext,
  fixture: DepartureFixture,
  nr: number,
  kind: 'seat' | 'room' | 'extra',
  ref: number,
  name: string,
  capacity: number,
) {
  const id = await insertQuota(ctx.db, { id_jrn_date: nr, kind, ref, name, capacity });
  fixture.quotas.push({ id, kind, ref, capacity });
}
