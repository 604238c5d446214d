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
  let drivers: number[];
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    office = await createLogin(t.ctx, 'office');
    await seedCatalogueReferences(t.ctx);
    await seedDemoJourneys(t.ctx);
    drivers = [];
    for (const n of [1, 2, 3]) drivers.push((await createDriverFixture(t.ctx, n)).customer.id);
    result = await seedDemoDepartures(t.ctx, { today: '2027-03-01', exceptDrivers: [drivers.pop()!] });
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
      }
      // A coach's driver and vehicle go with it both ways.
      for (const coach of departure.transports.filter((transport) => transport.direction === 'outbound')) {
        const back = departure.transports.find((t) => t.direction === 'return' && t.position === coach.position);
        expect([back?.id_driver_card, back?.vehicle], label).toEqual([coach.id_driver_card, coach.vehicle]);
      }
      // Day trips have no hotel: a date has room pools exactly when its journey has rooms.
      const rooms = departure.quotas.filter((quota) => quota.kind === 'room').length;
      expect(rooms > 0, label).toBe(!departure.journeyTitle.startsWith('Tagesfahrt'));
    }
  });

  it('never plans a driver or a vehicle on two trips on the same day, and leaves the excepted driver out', () => {
    const trips = (pick: (transport: Departure['transports'][number]) => number | string | null) =>
      departures.flatMap((departure) =>
        departure.transports
          .filter((transport) => transport.direction === 'outbound' && pick(transport) !== null)
          .map((transport) => ({ who: pick(transport), from: departure.date_from, till: departure.date_till })),
      );
    for (const pick of [
      (t: Departure['transports'][number]) => t.id_driver_card,
      (t: Departure['transports'][number]) => t.vehicle,
    ]) {
      const planned = trips(pick);
      const clashes = planned.filter((a, i) =>
        planned.some((b, j) => j > i && a.who === b.who && a.from <= b.till && b.from <= a.till),
      );
      expect(clashes).toEqual([]);
    }
    // Two drivers share the trips (the third is the excepted one): most coaches have one, both drive.
    const driven = trips((t) => t.id_driver_card);
    expect(new Set(driven.map((trip) => trip.who))).toEqual(new Set(drivers));
    expect(driven.length).toBeGreaterThan(departures.length / 2);
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
