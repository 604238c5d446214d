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

const PLATES = ['OA-AB 149', 'OA-AB 257', 'OA-KB 19', 'OA-DD 81', 'OA-AB 349', 'OA-AB 449'];
/** The front row on the door side stays free for the tour guide on some dates. */
const GUIDE_ROW = ['1', '2'];

/**
 * Demo departures: the four template seat plans stored as plans, and every demo journey's date of the next
 * six months planned — a coach per direction (mostly the 49-seater, some with the guide row blocked), one big
 * date with two coaches each way, one journey run with the minibus, one date with the double-decker, a demo
 * driver on each coach, travel stops from the journey's offered stops, room and extra pools. Written in a
 * handful of statements (planDepartures). The booking demo (demo-bookings.ts) books these dates afterwards.
 */
export async function seedDemoDepartures(
  ctx: DbContext,
  options: { today?: string } = {},
): Promise<{ seatPlans: Record<SeatPlanTemplate, number>; planned: number[] }> {
  const seatPlans = await createTemplateSeatPlans(ctx);
  const today = options.today ?? berlinDate(new Date());
  const dates = await datesStartingBetween(ctx, today, addDays(today, DEMO_PLANNING_DAYS));
  const drivers = await driverCardIds(ctx);
  const journeys = [...new Set(dates.map((date) => date.id_jrn_journey))];
  const minibusJourney = journeys[3];

  let coach = 0;
  const transport = (
    direction: StopDirection,
    template: SeatPlanTemplate,
    number: number,
    blocked: string[] = [],
  ): PlannedTransport => {
    const index = coach++;
    return {
      direction,
      name: `Bus ${number} ${direction === 'outbound' ? 'Hinfahrt' : 'Rückfahrt'}`,
      layout: SEAT_PLAN_TEMPLATES[template].layout,
      id_seat_plan: seatPlans[template],
      blocked,
      id_driver_card: drivers.length > 0 ? drivers[index % drivers.length]! : null,
      vehicle: PLATES[index % PLATES.length]!,
    };
  };
  const plans: DeparturePlan[] = dates.map((date, index) => {
    const both = (template: SeatPlanTemplate, number = 1, blocked: string[] = []) => [
      transport('outbound', template, number, blocked),
      transport('return', template, number, blocked),
    ];
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
