import {
  SEAT_PLAN_TEMPLATES,
  type CreateJourneyBody,
  type Journey,
  type SeatLayout,
  type SeatPlanTemplate,
  type StopDirection,
} from '@tourdesk/contracts';
import { planDepartures } from '../features/departures/departures.service.ts';
import type { DbContext } from '../types.ts';
import { createBoardingPointFixture } from './catalogue-factories.ts';
import { createJourneyFixture } from './factories.ts';

/**
 * A journey whose first date is planned for sale: a coach per direction (a copy of a seat plan template or of
 * the given layout), a seat pool per coach, a room pool per room type and a pool per limited extra, and `stops`
 * travel stops per direction numbered 1, 2, … . Shared by the booking tests, the proofs and the benchmark; planned
 * through the departures service (`planDepartures`), the same as the demo data.
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
  const stopCount = options.stops ?? 2;
  const points = [];
  for (let i = 0; i < stopCount; i++) points.push(await createBoardingPointFixture(ctx, n * 10 + i));
  const [planned] = await planDepartures(ctx, [
    {
      nr: date.nr,
      transports: (['outbound', 'return'] as const).map((direction) => ({
        direction,
        name: direction === 'outbound' ? 'Bus 1 Hinfahrt' : 'Bus 1 Rückfahrt',
        layout,
        blocked,
      })),
      travelStops: points.flatMap((point, i) =>
        (['outbound', 'return'] as const).map((direction) => ({
          id_zus_zustiege: point.id_zus_zustiege,
          direction,
          knotenhaltnr: i + 1,
          time: direction === 'outbound' ? `0${6 + i}:00` : `1${8 + i}:00`,
          surcharge_cents: i * 1000,
        })),
      ),
    },
  ]);
  return {
    journey,
    nr: date.nr,
    transports: planned!.transports.map(({ id, direction, seats }) => ({ id, direction, seats })),
    stops: planned!.stops,
    quotas: planned!.quotas,
  };
}
