import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEAT_PLAN_TEMPLATES, sellableSeats, type Departure, type SeatLayout } from '@tourdesk/contracts';
import { seedCatalogueReferences } from '../src/seed/catalogue-factories.ts';
import { seedDemoDepartures } from '../src/seed/demo-departures.ts';
import { seedDemoJourneys } from '../src/seed/demo-journeys.ts';
import { createDriverFixture } from '../src/seed/factories.ts';
import { buildTestApp, call, createLogin, type TestApp } from './helpers.ts';

/** The demo's departures (issue #10, 7): seat plans, and the next six months' dates planned for sale. */
describe('demo departures', () => {
  let t: TestApp;
  let office: string;
  let result: Awaited<ReturnType<typeof seedDemoDepartures>>;
  let departures: Departure[];
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    office = await createLogin(t.ctx, 'office');
    await seedCatalogueReferences(t.ctx);
    await seedDemoJourneys(t.ctx);
    await createDriverFixture(t.ctx, 1);
    await createDriverFixture(t.ctx, 2);
    result = await seedDemoDepartures(t.ctx, { today: '2027-03-01' });
    departures = [];
    for (const nr of result.planned) {
      departures.push((await call(t.app, office, { method: 'GET', url: `/departures/${nr}` })).json<Departure>());
    }
  });
  afterAll(() => t.close());

  it('stores the four template seat plans', async () => {
    const plans = (await call(t.app, office, { method: 'GET', url: '/seat-plans?pagination=false' })).json();
    expect(plans.map((plan: { name: string; seat_count: number }) => [plan.name, plan.seat_count]).sort()).toEqual(
      [
        [SEAT_PLAN_TEMPLATES.doubleDecker.name, 81],
        [SEAT_PLAN_TEMPLATES.minibus19.name, 19],
        [SEAT_PLAN_TEMPLATES.coach57.name, 57],
        [SEAT_PLAN_TEMPLATES.touring49.name, 49],
      ].sort(),
    );
  });

  it('plans every date of the next six months with a coach each way, a driver, travel stops and pools', async () => {
    expect(departures.length).toBeGreaterThan(20);
    expect(departures.every((d) => d.date_from >= '2027-03-01' && d.date_from <= '2027-08-31')).toBe(true);
    for (const departure of departures) {
      const label = `${departure.journeyTitle} ${departure.date_from}`;
      for (const direction of ['outbound', 'return'] as const) {
        const coaches = departure.transports.filter((transport) => transport.direction === direction);
        expect(
          coaches.map((coach) => coach.position),
          label,
        ).toEqual(coaches.map((_, index) => index + 1));
        expect(coaches.length, label).toBeGreaterThanOrEqual(1);
        expect(
          departure.travelStops.some((stop) => stop.direction === direction),
          label,
        ).toBe(true);
      }
      for (const transport of departure.transports) {
        expect(transport.capacity, label).toBe(
          sellableSeats(transport.layout as SeatLayout, transport.blocked_seats).length,
        );
        expect(transport.driverName, label).not.toBeNull();
      }
      // Day trips have no hotel: a date has room pools exactly when its journey has rooms.
      const rooms = departure.quotas.filter((quota) => quota.kind === 'room').length;
      expect(rooms > 0, label).toBe(!departure.journeyTitle.startsWith('Tagesfahrt'));
    }
  });

  it('mixes the coaches: mostly 49 seats, one big date with two each way, a minibus trip, a double-decker, a guide row', () => {
    const capacities = departures.map((departure) =>
      departure.transports
        .filter((transport) => transport.direction === 'outbound')
        .map((transport) => transport.capacity),
    );
    expect(capacities.filter((outbound) => outbound.length === 2)).toEqual([[47, 57]]);
    expect(capacities.filter((outbound) => outbound[0] === 19).length).toBeGreaterThanOrEqual(2);
    expect(capacities.filter((outbound) => outbound[0] === 81)).toHaveLength(1);
    expect(capacities.filter((outbound) => outbound[0] === 49 || outbound[0] === 47).length).toBeGreaterThan(
      departures.length / 2,
    );
    expect(departures.some((departure) => departure.transports[0]!.blocked_seats.join() === '1,2')).toBe(true);
  });
});
