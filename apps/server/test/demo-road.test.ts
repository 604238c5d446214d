import type { BusLocation, CoachMap } from '@tourdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoRoad } from '../src/seed/demo-road.ts';
import { buildTestApp, call, type TestApp } from './helpers.ts';

/** The demo coach on the road today (seed/demo-road.ts): the office's map and the demo traveller see it at once. */
describe('demo coach on the road', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('is driven by the demo driver, on its way, with the demo traveller boarding further on', async () => {
    const map = (await call(t.app, 'office', { method: 'GET', url: '/maps/coaches' })).json<CoachMap>();
    const coach = map.coaches.find((one) => one.position !== null);
    expect(coach).toMatchObject({ state: 'onTheWay', direction: 'outbound' });
    expect(coach!.stops[0]!.passed).toBe(true);
    expect(coach!.track.length).toBeGreaterThanOrEqual(2);

    const driven = await call(t.app, 'driver', {
      method: 'GET',
      url: `/driver/transports/${coach!.transportId}/location`,
    });
    expect(driven.statusCode).toBe(200);

    const booking = await t.ctx.db
      .selectFrom('traveller_booking')
      .innerJoin('user_account', 'user_account.id', 'traveller_booking.id_user')
      .select('traveller_booking.id_booking')
      .where('user_account.email', '=', 'traveller@example.com')
      .orderBy('traveller_booking.id_booking', 'desc')
      .executeTakeFirstOrThrow();
    const view = (
      await call(t.app, 'traveller', { method: 'GET', url: `/users-vorgaenge/${booking.id_booking}/bus-location` })
    ).json<BusLocation>();
    expect(view.coach?.transportId).toBe(coach!.transportId);
    expect(view.myStopIds).toHaveLength(1);
    expect(view.pickedUp).toBe(false);
    // Seeding again changes nothing.
    expect(await seedDemoRoad(t.ctx)).toBeNull();
  });
});
