import { berlinDate } from '@tourdesk/contracts';
import { SEAT_PLAN_TEMPLATES, type SeatPlanTemplate, type StopDirection } from '@tourdesk/contracts';
import {
  datesStartingBetween,
  driverCardIds,
  planDepartures,
  type DeparturePlan,
  type PlannedTransport,
} from '../features/departures/departures.service.ts';
import { createTemplateSeatPlans } from '../features/seat-plans/seat-plans.service.ts';
import type { DbContext } from '../types.ts';
import { addDays } from './factories.ts';

/** How far ahead the demo plans the demo journeys' dates (days from today). */
export const DEMO_PLANNING_DAYS = 183;

/** The operator's fleet by seat plan: coaches of one kind are interchangeable, a minibus is not a double-decker. */
const FLEET: Record<SeatPlanTemplate, readonly string[]> = {
  // OA-AB 149 and OA-AB 257 are on today's demo trips (demo-driver-app.ts, demo-road.ts).
  touring49: ['OA-AB 349', 'OA-AB 449', 'OA-AB 549', 'OA-AB 649', 'OA-AB 749'],
  coach57: ['OA-RB 57', 'OA-RB 157'],
  minibus19: ['OA-KB 19'],
  doubleDecker: ['OA-DD 81'],
};
/** The front row on the door side stays free for the tour guide on some dates. */
const GUIDE_ROW = ['1', '2'];

/**
 * Demo departures: the four template seat plans stored as plans, and every demo journey's date of the next
 * six months planned — a coach per direction (mostly the 49-seater, some with the guide row blocked), one big
 * date with two coaches each way, one journey run with the minibus, one date with the double-decker, a demo
 * driver and a vehicle on each coach where one is free, travel stops from the journey's offered stops, room and
 * extra pools. Written in a handful of statements (planDepartures). The booking demo (demo-bookings.ts) books these
 * dates afterwards.
 *
 * A coach's driver drives it both ways and stays with the group, so driver and vehicle are taken for the whole
 * trip: nobody drives two coaches on overlapping days, and a coach with no driver free stays without one, as the
 * office would find it. `exceptDrivers` (the demo driver of the driver app and the coach on the road today) are
 * left out: their coaches are planned by those demos.
 */
export async function seedDemoDepartures(
  ctx: DbContext,
  options: { today?: string; exceptDrivers?: readonly number[] } = {},
): Promise<{ seatPlans: Record<SeatPlanTemplate, number>; planned: number[] }> {
  const seatPlans = await createTemplateSeatPlans(ctx);
  const today = options.today ?? berlinDate(new Date());
  const dates = await datesStartingBetween(ctx, today, addDays(today, DEMO_PLANNING_DAYS));
  const except = new Set(options.exceptDrivers ?? []);
  const drivers = new Roster((await driverCardIds(ctx)).filter((card) => !except.has(card)));
  const fleet = Object.fromEntries(
    Object.entries(FLEET).map(([template, plates]) => [template, new Roster(plates)]),
  ) as Record<SeatPlanTemplate, Roster<string>>;
  const journeys = [...new Set(dates.map((date) => date.id_jrn_journey))];
  const minibusJourney = journeys[3];

  const plans: DeparturePlan[] = dates.map((date, index) => {
    const trip = { from: day(date.date_from), till: day(date.date_till) };
    const both = (template: SeatPlanTemplate, number = 1, blocked: string[] = []): PlannedTransport[] => {
      const driver = drivers.take(trip);
      const vehicle = fleet[template].take(trip);
      return (['outbound', 'return'] as const).map((direction: StopDirection) => ({
        direction,
        name: `Bus ${number} ${direction === 'outbound' ? 'Hinfahrt' : 'Rückfahrt'}`,
        layout: SEAT_PLAN_TEMPLATES[template].layout,
        id_seat_plan: seatPlans[template],
        blocked,
        id_driver_card: driver,
        vehicle,
      }));
    };
    let transports: PlannedTransport[];
    if (date.id_jrn_journey === minibusJourney) transports = both('minibus19');
    else if (index === 2) transports = [...both('touring49', 1, GUIDE_ROW), ...both('coach57', 2)];
    else if (index === 6) transports = both('doubleDecker');
    else transports = both('touring49', 1, index % 3 === 0 ? GUIDE_ROW : []);
    // Coach numbers count per direction in the order given: outbound coaches first, then return ones.
    transports.sort((a, b) => (a.direction === b.direction ? 0 : a.direction === 'outbound' ? -1 : 1));
    return { nr: date.nr, transports, stopsFromJourney: true };
  });
  await planDepartures(ctx, plans);
  return { seatPlans, planned: plans.map((plan) => plan.nr) };
}

const day = (value: string) => String(value).slice(0, 10);

type Trip = { from: string; till: string };

/**
 * Drivers or vehicles handed out for trips: `take` gives, of those free on every day of the trip (inclusive: who
 * comes back on a day does not leave again that day), the one with the fewest trips so far, and books it; or null
 * when all are out.
 */
class Roster<T> {
  private readonly trips: Map<T, Trip[]>;

  constructor(members: readonly T[]) {
    this.trips = new Map(members.map((member) => [member, []]));
  }

  take(trip: Trip): T | null {
    let chosen: { member: T; trips: Trip[] } | null = null;
    for (const [member, trips] of this.trips) {
      const free = trips.every((other) => other.till < trip.from || other.from > trip.till);
      if (free && (!chosen || trips.length < chosen.trips.length)) chosen = { member, trips };
    }
    chosen?.trips.push(trip);
    return chosen?.member ?? null;
  }
}
