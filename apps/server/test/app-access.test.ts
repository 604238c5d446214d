import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createLogin, type TestApp } from './helpers.ts';
import { book } from './agency-money.ts';
import { createDepartureFixture } from '../src/seed/departure-factories.ts';
import { createDriverFixture, nextSequence } from '../src/seed/factories.ts';
import { drivenTransport } from '../src/features/drivers/drivers.service.ts';
import {
  linkTraveller,
  travellerLink,
  travellerTrip,
  travellerTrips,
} from '../src/features/traveller-trips/traveller-trips.service.ts';

/** The traveller app's one door to bookings (docs/adr/0020): confirmed links only, 404 otherwise. */
describe('traveller access to bookings', () => {
  let t: TestApp;
  let traveller = 0;
  let other = 0;
  let early = 0;
  let late = 0;
  let shared = 0;

  const userId = async (email: string) =>
    (await t.ctx.db.selectFrom('user_account').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    const office = await createLogin(t.ctx, 'office');
    traveller = await userId(await createLogin(t.ctx, 'traveller'));
    other = await userId(await createLogin(t.ctx, 'traveller'));
    const june = await createDepartureFixture(t.ctx, nextSequence(), { journey: { firstDate: '2027-06-07' } });
    const july = await createDepartureFixture(t.ctx, nextSequence(), { journey: { firstDate: '2027-07-05' } });
    early = (await book(t, office, june.nr)).id;
    late = (await book(t, office, july.nr)).id;
    shared = (await book(t, office, june.nr, { surname: 'Vogt' })).id;
    await linkTraveller(t.ctx, { userId: traveller, bookingId: early, relation: 'booker', status: 'confirmed' });
    await linkTraveller(t.ctx, { userId: traveller, bookingId: late, relation: 'booker', status: 'confirmed' });
    await linkTraveller(t.ctx, { userId: traveller, bookingId: shared, relation: 'guest', status: 'requested' });
  });
  afterAll(() => t.close());

  it('lists the confirmed bookings, the latest departure first', async () => {
    const trips = await travellerTrips(t.ctx, traveller);
    expect(trips.map((trip) => trip.bookingId)).toEqual([late, early]);
    expect(trips[1]).toMatchObject({ relation: 'booker', dateFrom: '2027-06-07' });
    expect(await travellerTrips(t.ctx, other)).toEqual([]);
  });

  it('opens a confirmed booking and answers 404 for a requested or foreign one', async () => {
    expect((await travellerTrip(t.ctx, traveller, early)).bookingId).toBe(early);
    await expect(travellerTrip(t.ctx, traveller, shared)).rejects.toMatchObject({ statusCode: 404 });
    await expect(travellerTrip(t.ctx, other, early)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('confirms a requested link in place', async () => {
    expect(await travellerLink(t.ctx, traveller, shared)).toEqual({ relation: 'guest', status: 'requested' });
    await linkTraveller(t.ctx, { userId: traveller, bookingId: shared, relation: 'guest', status: 'confirmed' });
    expect((await travellerTrip(t.ctx, traveller, shared)).relation).toBe('guest');
    expect(await travellerLink(t.ctx, other, shared)).toBeNull();
  });
});

/** The driver app's one check (docs/adr/0020): a driver acts on the coaches their card drives. */
describe('driver access to coaches', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
  });
  afterAll(() => t.close());

  it('opens the coach the driver drives and refuses every other one with 403', async () => {
    const driver = await createDriverFixture(t.ctx, nextSequence());
    const colleague = await createDriverFixture(t.ctx, nextSequence());
    const departure = await createDepartureFixture(t.ctx, nextSequence(), { journey: { firstDate: '2027-08-02' } });
    const [outward, back] = departure.transports;
    await t.ctx.db
      .updateTable('transport')
      .set({ id_driver_card: driver.customer.id })
      .where('id', '=', outward!.id)
      .execute();
    expect(await drivenTransport(t.ctx, driver.userId, outward!.id)).toMatchObject({
      transportId: outward!.id,
      departureId: departure.nr,
      direction: outward!.direction,
      dateFrom: '2027-08-02',
    });
    await expect(drivenTransport(t.ctx, colleague.userId, outward!.id)).rejects.toMatchObject({
      statusCode: 403,
      key: 'error.notYourDeparture',
    });
    await expect(drivenTransport(t.ctx, driver.userId, back?.id ?? 0)).rejects.toMatchObject({ statusCode: 403 });
  });
});
