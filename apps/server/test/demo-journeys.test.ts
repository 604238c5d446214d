import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JOURNEY_DAYS, journeyDays, type Journey, type JourneySummary } from '@tourdesk/contracts';
import { DEMO_TOURS, seedDemoJourneys } from '../src/seed/demo-journeys.ts';
import { buildTestApp, call, createLogin, type TestApp } from './helpers.ts';

/** The demo catalogue (issue #9, 7): 25 realistic coach tours, linked to the reference data that exists. */
describe('demo journeys', () => {
  let t: TestApp;
  let office: string;
  let journeys: JourneySummary[];
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    office = await createLogin(t.ctx, 'office');
    // Two pieces of the catalogue's reference data; the rest is missing and must be tolerated.
    await t.ctx.db.insertInto('jrn_destination').values({ name: 'Gardasee', sort_name: 'gardasee' }).execute();
    await t.ctx.db
      .insertInto('zus_zustiege')
      .values([
        { name: 'Leipzig Hauptbahnhof, Ostseite', city: 'Leipzig' },
        { name: 'Chemnitz Busbahnhof', city: 'Chemnitz' },
      ])
      .execute();
    await seedDemoJourneys(t.ctx);
    journeys = (await call(t.app, office, { method: 'GET', url: '/journey-lit?pagination=false' })).json();
  });
  afterAll(() => t.close());

  it('has 25 journeys in many categories, each with 4 to 10 dates through 2027 and prices', async () => {
    expect(journeys).toHaveLength(25);
    expect(DEMO_TOURS).toHaveLength(25);
    expect(new Set(journeys.map((journey) => journey.category)).size).toBeGreaterThanOrEqual(20);
    for (const summary of journeys) {
      expect(summary.dateCount, summary.title).toBeGreaterThanOrEqual(4);
      expect(summary.dateCount, summary.title).toBeLessThanOrEqual(10);
      const journey: Journey = (await call(t.app, office, { method: 'GET', url: `/journey-lit/${summary.id}` })).json();
      expect(journey.days.length, journey.title).toBeGreaterThanOrEqual(1);
      expect(journey.detail.introduction).toMatch(/^<p>.+<\/p>$/);
      for (const date of journey.dates) {
        expect(date.date_till <= '2027-12-31', `${journey.title} ${date.date_till}`).toBe(true);
        expect(journeyDays(date.date_from, date.date_till)).toBe(journey.days.length);
        expect(journeyDays(date.date_from, date.date_till)).toBeLessThanOrEqual(MAX_JOURNEY_DAYS);
        expect(date.prices.find((price) => price.category === 'adult')?.amount).toBeGreaterThan(0);
      }
    }
  });

  it('links the destinations and boarding points that exist by name, and leaves out the others', async () => {
    const gardasee = journeys.find((journey) => journey.title === 'Frühling am Gardasee')!;
    expect(gardasee.destinationName).toBe('Gardasee');
    const journey: Journey = (await call(t.app, office, { method: 'GET', url: `/journey-lit/${gardasee.id}` })).json();
    expect(journey.stops.map((stop) => [stop.direction, stop.name, stop.time])).toEqual([
      ['outbound', 'Leipzig Hauptbahnhof, Ostseite', '05:00'],
      ['outbound', 'Chemnitz Busbahnhof', '06:00'],
      ['return', 'Chemnitz Busbahnhof', null],
      ['return', 'Leipzig Hauptbahnhof, Ostseite', null],
    ]);
    expect(journey.accommodations[0]!.roomTypes.map((room) => room.kind)).toEqual(['double', 'single', 'triple']);
    expect(journeys.find((journey) => journey.title.startsWith('Paris'))!.destination).toBeNull();
  });
});
