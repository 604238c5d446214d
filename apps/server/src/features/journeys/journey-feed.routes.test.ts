import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZWebJourney, type WebJourneyFeed } from '@tourdesk/contracts';
import type { DbContext } from '../../types.ts';
import { buildTestApp, call, countStatements, type TestApp } from '../../../test/helpers.ts';
import { feedToday, getJourneyFeed } from './journey-feed.service.ts';

/** YYYY-MM-DD `days` from today (in the feed's time zone). */
const inDays = (days: number) => feedToday(new Date(Date.now() + days * 86_400_000));

type DateSpec = { code: string; from: number; days?: number; bookable?: number; prices?: Array<[string, number]> };

let sequence = 0;

/**
 * A journey with its parts, written straight into the tables (test only; the journeys API's factory replaces
 * it once that is merged). Dates are given in days from today; prices in cents.
 */
async function insertJourney(
  ctx: DbContext,
  options: { title: string; online?: boolean; bookable?: number; dates?: DateSpec[]; full?: boolean },
): Promise<number> {
  sequence++;
  const { id_jrn_journey: id } = await ctx.db
    .insertInto('jrn_journey')
    .values({
      title: options.title,
      sort_title: options.title.toLowerCase(),
      online: options.online ?? true,
      bookable: options.bookable ?? 0,
      id_jrn_category: 12,
      countries: JSON.stringify([]),
      introduction: `<p>Einleitung ${options.title}</p>`,
      slug: `reise-${sequence}`,
    })
    .returning('id_jrn_journey')
    .executeTakeFirstOrThrow();
  for (const date of options.dates ?? []) {
    const { nr } = await ctx.db
      .insertInto('jrn_date')
      .values({
        id_jrn_journey: id,
        termincode: date.code,
        date_from: inDays(date.from),
        date_till: inDays(date.from + (date.days ?? 3) - 1),
        bookable: date.bookable ?? 0,
      })
      .returning('nr')
      .executeTakeFirstOrThrow();
    const prices = date.prices ?? [['Preis p. P. im DZ', 49_900]];
    await ctx.db
      .insertInto('jrn_date_price')
      .values(
        prices.map(([description, cents], position) => ({
          id_jrn_date: nr,
          position,
          category: position === 0 ? 'adult' : 'supplement',
          room_kind: position === 0 ? 'double' : 'single',
          description,
          amount_cents: cents,
          additional_price_cents: position === 0 ? 0 : 2_550,
        })),
      )
      .execute();
  }
  return id;
}

/** The parts the journey-only helper above leaves out: days, a hotel with rooms, an extra, stops, an image. */
async function addParts(ctx: DbContext, id: number): Promise<void> {
  const de = await ctx.db
    .selectFrom('loc_country')
    .select('id_loc_country')
    .where('iso', '=', 'DE')
    .executeTakeFirstOrThrow();
  await ctx.db
    .updateTable('jrn_journey')
    .set({
      countries: JSON.stringify([de.id_loc_country]),
      meta_title: 'Meta-Titel',
      meta_description: 'Meta-Beschreibung',
      keywords: 'rügen, ostsee',
      id_organization: null,
      booking_id: 'INTERN-4711',
      tour_guide: 'Frau Intern',
    })
    .where('id_jrn_journey', '=', id)
    .execute();
  await ctx.db
    .insertInto('jrn_journey_day')
    .values([
      { id_jrn_journey: id, day_no: 2, daytitle: 'Kap Arkona', daytext: '<p>Wanderung</p>' },
      { id_jrn_journey: id, day_no: 1, daytitle: 'Anreise', daytext: null },
    ])
    .execute();
  const hotel = await ctx.db
    .insertInto('jrn_accommodation')
    .values({ id_jrn_journey: id, name: 'Hotel Meeresblick', city: 'Binz', stars: 4 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('jrn_room_type')
    .values([
      { id_jrn_accommodation: hotel.id, kind: 'double', rooms: 20 },
      { id_jrn_accommodation: hotel.id, kind: 'single', rooms: 5 },
    ])
    .execute();
  await ctx.db
    .insertInto('jrn_extra')
    .values({ id_jrn_journey: id, type: 'Ausflug', value: 'Schifffahrt', price_cents: 1_990, required: false })
    .execute();
  const stop = await ctx.db
    .insertInto('zus_zustiege')
    .values({ name: 'Leipzig Hbf', city: 'Leipzig' })
    .returning('id_zus_zustiege')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('jrn_journey_stop')
    .values({
      id_jrn_journey: id,
      id_zus_zustiege: stop.id_zus_zustiege,
      direction: 'outbound',
      time: '06:30',
      surcharge_cents: 1_000,
    })
    .execute();
  const file = await ctx.db
    .insertInto('stored_file')
    .values({
      storage_key: `journeys/${id}.jpg`,
      original_name: 'c:\\intern\\kap-arkona.jpg',
      mime_type: 'image/jpeg',
      size: 1000,
      width: 1600,
      height: 900,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('jrn_journey_image')
    .values({ id_jrn_journey: id, id_stored_file: file.id, caption: 'Kreidefelsen', copyright: 'Tourdesk' })
    .execute();
}

const feed = async (t: TestApp, headers: Record<string, string> = {}) =>
  call(t.app, null, { method: 'GET', url: '/journey-web-legacy', headers });

const titles = (body: WebJourneyFeed) => body.data.map((journey) => journey.title);

describe('GET /journey-web-legacy', () => {
  let t: TestApp;
  let ruegen: number;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    ruegen = await insertJourney(t.ctx, {
      title: 'Rügen – Perle der Ostsee',
      dates: [
        { code: 'RUE-PAST', from: -10 },
        { code: 'RUE-TODAY', from: 0 },
        { code: 'RUE-2', from: 60, prices: [['Preis p. P. im DZ', 64_900]] },
        {
          code: 'RUE-1',
          from: 30,
          prices: [
            ['Preis p. P. im DZ', 59_950],
            ['EZ-Zuschlag', 12_000],
          ],
        },
        { code: 'RUE-CLOSED', from: 40, bookable: 2 },
      ],
    });
    await addParts(t.ctx, ruegen);
    await insertJourney(t.ctx, { title: 'Offline-Reise', online: false, dates: [{ code: 'OFF-1', from: 20 }] });
    await insertJourney(t.ctx, {
      title: 'Vergangene Reise',
      dates: [
        { code: 'OLD-1', from: -30 },
        { code: 'OLD-2', from: 15, bookable: 2 },
      ],
    });
    await insertJourney(t.ctx, { title: 'Gesperrte Reise', bookable: 2, dates: [{ code: 'NB-1', from: 20 }] });
    await insertJourney(t.ctx, { title: 'Ohne Termine' });
    await insertJourney(t.ctx, { title: 'Gardasee auf Anfrage', bookable: 1, dates: [{ code: 'GAR-1', from: 90 }] });
  });
  afterAll(() => t.close());

  it('needs no login and lists only online, bookable journeys with a bookable date after today, by title', async () => {
    const response = await feed(t);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(titles(response.json())).toEqual(['Gardasee auf Anfrage', 'Rügen – Perle der Ostsee']);
  });

  it('lists only the bookable dates after today, in date order, with their prices in euro', async () => {
    const body = (await feed(t)).json<WebJourneyFeed>();
    const journey = body.data.find((item) => item.id_jrn_journey === ruegen)!;
    expect(journey.dates.map((date) => date.termincode)).toEqual(['RUE-1', 'RUE-2']);
    expect(journey.dates[0]).toMatchObject({ date_from: inDays(30), date_till: inDays(32), bookable: 0 });
    expect(journey.dates[0]!.prices).toMatchObject([
      { description: 'Preis p. P. im DZ', category: 'adult', room_kind: 'double', amount: 599.5, additional_price: 0 },
      { description: 'EZ-Zuschlag', category: 'supplement', room_kind: 'single', amount: 120, additional_price: 25.5 },
    ]);
    expect(journey.priceFrom).toBe(599.5);
    expect(journey.bookable).toBe(0);
  });

  it('carries texts, days, hotels, extras, boarding points, images and meta, and nothing internal', async () => {
    const body = (await feed(t)).json<WebJourneyFeed>();
    const journey = body.data.find((item) => item.id_jrn_journey === ruegen)!;
    expect(ZWebJourney.strict().safeParse(journey).success).toBe(true);
    expect(journey).toMatchObject({
      category: 'Musicalreise',
      countries: ['DE'],
      detail: { introduction: '<p>Einleitung Rügen – Perle der Ostsee</p>' },
      days: [
        { day_no: 1, daytitle: 'Anreise', daytext: null },
        { day_no: 2, daytitle: 'Kap Arkona', daytext: '<p>Wanderung</p>' },
      ],
      accommodations: [
        { name: 'Hotel Meeresblick', city: 'Binz', stars: 4, roomTypes: [{ kind: 'double' }, { kind: 'single' }] },
      ],
      extras: [{ type: 'Ausflug', value: 'Schifffahrt', price: 19.9, required: false, price_due: 'per_person' }],
      stops: [{ name: 'Leipzig Hbf', city: 'Leipzig', direction: 'outbound', time: '06:30', surcharge: 10 }],
      meta: { title: 'Meta-Titel', description: 'Meta-Beschreibung', keywords: 'rügen, ostsee' },
    });
    expect(journey.images).toHaveLength(1);
    expect(journey.images[0]).toMatchObject({ caption: 'Kreidefelsen', copyright: 'Tourdesk', width: 1600 });
    expect(journey.images[0]!.url).toMatch(/^\/api\/v1\/files\/\d+\/web$/);
    expect(journey.images[0]!.thumbUrl).toMatch(/^\/api\/v1\/files\/\d+\/thumb$/);
    const text = JSON.stringify(body);
    for (const internal of ['INTERN-4711', 'Frau Intern', 'c:\\\\intern', 'journeys/'])
      expect(text).not.toContain(internal);
  });

  it('answers 304 without a body to a matching If-None-Match, and tells caches to keep it a minute', async () => {
    const first = await feed(t);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await feed(t, { 'if-none-match': ifNoneMatch });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
    }
    const stale = await feed(t, { 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });

  it('sends the feed compressed when asked, with an ETag per encoding that any of them matches', async () => {
    const plain = await feed(t);
    const gzipped = await feed(t, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    const brotli = await feed(t, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    const tags = new Set([plain.headers.etag, gzipped.headers.etag, brotli.headers.etag]);
    expect(tags.size).toBe(3);
    const notModified = await feed(t, {
      'accept-encoding': 'gzip',
      'if-none-match': brotli.headers.etag as string,
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers.etag).toBe(gzipped.headers.etag);
  });

  it('changes its ETag when a price or a text changes, and again when the text is back', async () => {
    const before = (await feed(t)).headers.etag as string;
    const date = await t.ctx.db
      .selectFrom('jrn_date')
      .select('nr')
      .where('termincode', '=', 'RUE-1')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable('jrn_date_price')
      .set({ amount_cents: 55_500 })
      .where('id_jrn_date', '=', date.nr)
      .where('position', '=', 0)
      .execute();
    const afterPrice = await feed(t, { 'if-none-match': before });
    expect(afterPrice.statusCode).toBe(200);
    expect(afterPrice.json<WebJourneyFeed>().data.find((item) => item.id_jrn_journey === ruegen)!.priceFrom).toBe(555);
    const priced = afterPrice.headers.etag as string;
    expect(priced).not.toBe(before);

    await t.ctx.db
      .updateTable('jrn_journey')
      .set({ highlights: '<p>Kreidefelsen</p>' })
      .where('id_jrn_journey', '=', ruegen)
      .execute();
    const texted = (await feed(t)).headers.etag as string;
    expect(texted).not.toBe(priced);
    await t.ctx.db.updateTable('jrn_journey').set({ highlights: null }).where('id_jrn_journey', '=', ruegen).execute();
    // The same feed again: the same ETag (a hash of the answer), so websites holding it get their 304.
    expect((await feed(t, { 'if-none-match': priced })).statusCode).toBe(304);
  });

  it('drops a date once its day has come (and so changes its ETag), using the time zone of the operator', async () => {
    const now = new Date();
    const today = await getJourneyFeed(t.ctx, now);
    const later = await getJourneyFeed(t.ctx, new Date(now.getTime() + 31 * 86_400_000));
    expect(later.etag).not.toBe(today.etag);
    const body = JSON.parse((await later.body('identity')).toString()) as WebJourneyFeed;
    expect(body.data.find((item) => item.id_jrn_journey === ruegen)!.dates.map((date) => date.termincode)).toEqual([
      'RUE-2',
    ]);
    expect(feedToday(new Date('2026-11-23T23:30:00Z'))).toBe('2026-11-24');
    expect(feedToday(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    expect(feedToday(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
  });

  it('answers an unchanged feed after one statement, without building it again', async () => {
    // countStatements hands over a context without the read cache: give it the app's, whose feed is kept.
    const feedOf = (counted: DbContext) => getJourneyFeed({ ...counted, cache: t.ctx.cache });
    await t.ctx.db.updateTable('jrn_journey').set({ notes: 'neu' }).where('id_jrn_journey', '=', ruegen).execute();
    const first = await countStatements(t.ctx, feedOf);
    expect(first.statements.length).toBeGreaterThan(5);
    const second = await countStatements(t.ctx, feedOf);
    expect(second.statements).toHaveLength(1);
    expect(second.result.etag).toBe(first.result.etag);
  });
});

describe('GET /journey-web-legacy seen from a second instance on the same database', () => {
  let a: Awaited<ReturnType<typeof buildTestApp>>;
  let b: TestApp;
  beforeAll(async () => {
    a = await buildTestApp({ seed: 'defaults', keepDatabase: true });
    b = await buildTestApp({ location: a.location });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it("shows another instance's changes to a journey (they touch updated_at) at once", async () => {
    const id = await insertJourney(b.ctx, { title: 'Salzburg im Advent', dates: [{ code: 'SZG-1', from: 10 }] });
    expect(titles((await feed(a)).json())).toEqual(['Salzburg im Advent']);
    const before = (await feed(a)).headers.etag as string;
    await b.ctx.db
      .updateTable('jrn_journey')
      .set({ online: false, updated_at: new Date(Date.now() + 1000).toISOString() })
      .where('id_jrn_journey', '=', id)
      .execute();
    const after = await feed(a, { 'if-none-match': before });
    expect(after.statusCode).toBe(200);
    expect(titles(after.json())).toEqual([]);
  });
});
