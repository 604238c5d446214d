import type { BusLocation, CoachLocation, CoachMap } from '@tourdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/factories.ts';
import { createDepartureFixture, type DepartureFixture } from '../../seed/departure-factories.ts';
import { createDriverFixture, nextSequence } from '../../seed/factories.ts';
import { book } from '../../../test/agency-money.ts';
import { buildTestApp, call, createLogin, TEST_DIALECT, type TestApp } from '../../../test/helpers.ts';
import { openStream } from '../../../test/sse.ts';
import { linkTraveller } from '../traveller-trips/traveller-trips.service.ts';

const reading = (lat: number, lon: number, recordedAt: string, extra: object = {}) => ({
  lat,
  lon,
  accuracy: 12,
  speed: 18,
  heading: 90,
  recordedAt,
  ...extra,
});

/** The coach's live position, the arrival times, the traveller's bus location and the office's map (issue #13). */
describe('bus location', () => {
  let t: TestApp & { location: { url: string; schema?: string } };
  let second: TestApp | null = null;
  let base = '';
  let departure: DepartureFixture;
  let outward = 0;
  let driver = '';
  let colleague = '';
  let traveller = '';
  let stranger = '';
  let office = '';
  let bookingId = 0;
  let stops: CoachLocation['stops'] = [];
  // The readings of the test, a minute apart, in the past (never refused as future ones).
  const minute = (n: number) => new Date(Date.now() - (60 - n) * 60_000).toISOString();

  const userId = async (email: string) =>
    (await t.ctx.db.selectFrom('user_account').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults', keepDatabase: true });
    office = await createLogin(t.ctx, 'office');
    traveller = await createLogin(t.ctx, 'traveller');
    stranger = await createLogin(t.ctx, 'traveller');
    const drives = await createDriverFixture(t.ctx, nextSequence(), { password: DEMO_PASSWORD });
    driver = drives.loginEmail;
    colleague = (await createDriverFixture(t.ctx, nextSequence(), { password: DEMO_PASSWORD })).loginEmail;
    departure = await createDepartureFixture(t.ctx, nextSequence(), {
      stops: 3,
      journey: { firstDate: '2027-06-07' },
    });
    outward = departure.transports.find((coach) => coach.direction === 'outbound')!.id;
    await t.ctx.db
      .updateTable('transport')
      .set({ id_driver_card: drives.customer.id })
      .where('id', '=', outward)
      .execute();
    bookingId = (await book(t, office, departure.nr)).id;
    await linkTraveller(t.ctx, { userId: await userId(traveller), bookingId, relation: 'booker', status: 'confirmed' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  it('shows the traveller their coach with the planned times before it sends a position', async () => {
    const response = await call(t.app, traveller, { method: 'GET', url: `/users-vorgaenge/${bookingId}/bus-location` });
    expect(response.statusCode, response.body).toBe(200);
    const view = response.json<BusLocation>();
    expect(view.coach).toMatchObject({ transportId: outward, direction: 'outbound', state: 'planned', position: null });
    stops = view.coach!.stops;
    expect(stops).toHaveLength(3);
    expect(stops.map((stop) => stop.expected)).toEqual(stops.map((stop) => stop.planned));
    // 06:00 in Berlin on 7 June (summer time) is 04:00 UTC.
    expect(stops[0]!.planned).toBe('2027-06-07T04:00:00.000Z');
    // Booked at the first stop (zustieghin 1).
    expect(view.myStopIds).toEqual([departure.stops.outbound[0]]);
    expect(view.pickedUp).toBe(false);
  });

  it('answers 404 for another traveller’s booking', async () => {
    for (const url of [
      `/users-vorgaenge/${bookingId}/bus-location`,
      `/users-vorgaenge/${bookingId}/bus-location/stream`,
    ])
      expect(
        (await call(t.app, stranger, { method: 'GET', url, headers: { accept: 'text/event-stream' } })).statusCode,
      ).toBe(404);
  });

  it('takes a position from the coach’s driver and refuses everyone else', async () => {
    const url = `/driver/transports/${outward}/position`;
    const [first] = stops;
    const ok = await call(t.app, driver, {
      method: 'POST',
      url,
      payload: reading(first!.lat!, first!.lon!, minute(1)),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const location = ok.json<{ accepted: boolean; location: CoachLocation }>();
    expect(location.accepted).toBe(true);
    expect(location.location.position).toMatchObject({ lat: first!.lat, lon: first!.lon, accuracy: 12 });
    // At the first stop: passed, the second is next.
    expect(location.location.stops[0]!.passed).toBe(true);
    expect(location.location.nextStop?.travelStopId).toBe(stops[1]!.travelStopId);

    const other = await call(t.app, colleague, { method: 'POST', url, payload: reading(51, 12, minute(2)) });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ key: 'error.notYourDeparture' });
    expect(
      (await call(t.app, traveller, { method: 'POST', url, payload: reading(51, 12, minute(2)) })).statusCode,
    ).toBe(403);
    expect((await call(t.app, office, { method: 'POST', url, payload: reading(51, 12, minute(2)) })).statusCode).toBe(
      403,
    );
  });

  it('refuses bad values with their field keys and ignores an older reading', async () => {
    const url = `/driver/transports/${outward}/position`;
    const bad = await call(t.app, driver, {
      method: 'POST',
      url,
      payload: reading(91, 12, minute(3), { accuracy: -1, heading: 400 }),
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json<{ errors: Array<{ field: string; key: string }> }>().errors;
    expect(fields.map((error) => error.field).sort()).toEqual(['accuracy', 'heading', 'lat']);
    expect(fields.every((error) => error.key === 'error.invalid')).toBe(true);

    const future = new Date(Date.now() + 3_600_000).toISOString();
    const ahead = await call(t.app, driver, { method: 'POST', url, payload: reading(51, 12, future) });
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json()).toMatchObject({ errors: [{ field: 'recordedAt', key: 'error.invalid' }] });

    const late = await call(t.app, driver, { method: 'POST', url, payload: reading(50, 11, minute(0)) });
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ accepted: false, location: { position: { lat: stops[0]!.lat } } });
  });

  it('streams the traveller’s view: first the state, then each new position with the times at their stop', async () => {
    const stream = await openStream(t.app, base, `/users-vorgaenge/${bookingId}/bus-location/stream`, traveller);
    const first = await stream.next();
    expect(first.event).toBe('location');
    const start = first.data as BusLocation;
    expect(start.coach?.position?.lat).toBe(stops[0]!.lat);
    expect(start.pickedUp).toBe(true);

    // Half way to the second stop.
    const [a, b] = [stops[0]!, stops[1]!];
    const mid = { lat: (a.lat! + b.lat!) / 2, lon: (a.lon! + b.lon!) / 2 };
    const posted = await call(t.app, driver, {
      method: 'POST',
      url: `/driver/transports/${outward}/position`,
      payload: reading(mid.lat, mid.lon, minute(4)),
    });
    expect(posted.statusCode).toBe(200);
    const update = await stream.next();
    expect(update.event).toBe('location');
    const view = update.data as BusLocation;
    expect(view.coach?.position).toMatchObject({ lat: mid.lat, lon: mid.lon });
    expect(view.coach?.track.at(-1)).toEqual([mid.lat, mid.lon]);
    expect(view.coach?.nextStop?.travelStopId).toBe(b.travelStopId);
    expect(view.coach!.nextStop!.expected! >= view.coach!.nextStop!.planned!).toBe(true);
    await stream.close();
  });

  it('shows the office the coaches on the road and streams their positions; travellers may not', async () => {
    const response = await call(t.app, office, { method: 'GET', url: '/maps/coaches' });
    expect(response.statusCode).toBe(200);
    const coach = response.json<CoachMap>().coaches.find((one) => one.transportId === outward);
    expect(coach).toMatchObject({ state: 'onTheWay', journeyTitle: departure.journey.title });
    expect(coach?.nextStop?.travelStopId).toBe(stops[1]!.travelStopId);
    expect((await call(t.app, traveller, { method: 'GET', url: '/maps/coaches' })).statusCode).toBe(403);
    expect(
      (await call(t.app, traveller, { method: 'GET', url: '/maps/stream', headers: { accept: 'text/event-stream' } }))
        .statusCode,
    ).toBe(403);

    const stream = await openStream(t.app, base, '/maps/stream', office);
    expect((await stream.next()).event).toBe('coaches');
    await call(t.app, driver, {
      method: 'POST',
      url: `/driver/transports/${outward}/position`,
      payload: reading(stops[1]!.lat!, stops[1]!.lon!, minute(5)),
    });
    const update = await stream.next();
    expect(update.event).toBe('coach');
    expect(update.data).toMatchObject({ transportId: outward, position: { lat: stops[1]!.lat } });
    expect((update.data as CoachLocation).nextStop?.travelStopId).toBe(stops[2]!.travelStopId);
    await stream.close();
  });

  // Several instances run on PostgreSQL only (SQLite is the one-instance database).
  if (TEST_DIALECT === 'postgres')
    it('brings a position posted to one instance to a stream on another', async () => {
      second = await buildTestApp({ seed: false, location: t.location, keepDatabase: true });
      const otherBase = await second.app.listen({ port: 0, host: '127.0.0.1' });
      const stream = await openStream(
        second.app,
        otherBase,
        `/users-vorgaenge/${bookingId}/bus-location/stream`,
        traveller,
      );
      await stream.next();
      const last = stops[2]!;
      await call(t.app, driver, {
        method: 'POST',
        url: `/driver/transports/${outward}/position`,
        payload: reading(last.lat! + 0.01, last.lon!, minute(6)),
      });
      const update = (await stream.next()).data as BusLocation;
      expect(update.coach?.position?.lat).toBe(last.lat! + 0.01);
      await stream.close();
    });
});
