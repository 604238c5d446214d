import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TripDetail, TripSummary } from '@tourdesk/contracts';
import { seedCatalogueReferences } from '../src/seed/catalogue-factories.ts';
import { seedDemoTravellerTrips } from '../src/seed/demo-traveller-trips.ts';
import { createUserFixture, DEMO_PASSWORD } from '../src/seed/factories.ts';
import { roleIdByName } from '../src/features/roles/roles.service.ts';
import { buildTestApp, call, type TestApp } from './helpers.ts';

/** The demo traveller's trips (issue #13): a coming trip with stop, time and seats, a past one, a waiting request. */
describe('demo traveller trips', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    await seedCatalogueReferences(t.ctx);
    await createUserFixture(t.ctx, 'app', {
      email: 'traveller@example.com',
      firstname: 'Thomas',
      lastname: 'Müller',
      role: await roleIdByName(t.ctx, 'traveller'),
      password: DEMO_PASSWORD,
    });
    await seedDemoTravellerTrips(t.ctx);
  });
  afterAll(() => t.close());

  it('gives traveller@example.com a coming and a past trip, and the coming one a share request', async () => {
    const active = await call(t.app, 'traveller', { method: 'GET', url: '/users-vorgaenge-app?show_active=1' });
    const [coming] = active.json<TripSummary[]>();
    expect(coming).toMatchObject({ title: 'Adventszauber in Südtirol', relation: 'booker' });
    const past = await call(t.app, 'traveller', { method: 'GET', url: '/users-vorgaenge-app?show_inactive=1' });
    expect(past.json<TripSummary[]>().map((trip) => trip.title)).toEqual(['Herbstfarben am Bodensee']);
    const detail = (
      await call(t.app, 'traveller', { method: 'GET', url: `/users-vorgaenge/${coming!.id}` })
    ).json<TripDetail>();
    expect(detail.departure).toMatchObject({ time: '07:30' });
    expect(detail.participants.every((p) => p.seatOutward !== null)).toBe(true);
    expect(detail.days).toHaveLength(5);
    expect(detail.emergencyNumbers.length).toBeGreaterThan(0);
    expect(detail.pendingShareRequests).toBe(1);
  });
});
