import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZWebJourney, type Journey, type WebJourneyFeed } from '@tourdesk/contracts';
import type { DbContext } from '../../types.ts';
import { createJourneyFixture } from '../../seed/factories.ts';
import { buildTestApp, call, countStatements, createLogin, type TestApp } from '../../../test/helpers.ts';
import { feedToday, getJourneyFeed } from './journey-feed.service.ts';

/** YYYY-MM-DD `days` from today (in the feed's time zone). */
const inDays = (days: number) => feedToday(new Date(Date.now() + days * 86_400_000));

type DateSpec = { code: string; from: number; bookable?: number; prices?: Array<[string, number]> };

let sequence = 0;

/**
 * A journey through the journeys service (the seed factory), online unless said otherwise; dates are given in
 * days from today, prices in euro (the first an adult double-room price, the others supplements).
 */
async function insertJourney(
  ctx: DbContext,
  options: { title: string; online?: boolean; bookable?: 0 | 1 | 2; dates?: DateSpec[] },
): Promise<number> {
  sequence++;
  const journey = await createJourneyFixture(ctx, sequence, {
    title: options.title,
    online: options.online ?? true,
    bookable: options.bookable ?? 0,
    category: 12,
    detail: { introduction: `<p>Einleitung ${options.title}</p>` },
    days: [],
    accommodations: [],
    extras: [],
    dates: (options.dates ?? []).map((date) => ({
      termincode: date.code,
      date_from: inDays(date.from),
      date_till: inDays(date.from + 2),
      bookable: (date.bookable ?? 0) as 0 | 1 | 2,
      prices: (date.prices ?? [['Preis p. P. im DZ', 499]]).map(([description, amount], position) => ({
        category: position === 0 ? ('adult' as const) : ('supplement' as const),
        room_kind: position === 0 ? ('double' as const) : ('single' as const),
        description,
        amount,
        additional_price: position === 0 ? 0 : 25.5,
      })),
    })),
  });
  return journey.id_jrn_journey;
}

/**
 * What a complete journey adds: countries, days, a hotel with rooms, an extra, a boarding point, meta and
 * internal fields (through the journeys API); an image (stored-file row and journey image, written directly:
 * the upload is another feature's).
 */
async function addParts(t: TestApp, as: string, id: number): Promise<void> {
  const ctx = t.ctx;
  const de = await ctx.db
    .selectFrom('loc_country')
    .select('id_loc_country')
    .where('iso', '=', 'DE')
    .executeTakeFirstOrThrow();
  const stop = await ctx.db
    .insertInto('zus_zustiege')
    .values({ name: 'Leipzig Hbf', city: 'Leipzig' })
    .returning('id_zus_zustiege')
    .executeTakeFirstOrThrow();
  const patched = await call(t.app, as, {
    method: 'PATCH',
    url: `/journey-lit/${id}`,
    payload: {
      countries: [de.id_loc_country],
      meta_title: 'Meta-Titel',
      meta_description: 'Meta-Beschreibung',
      keywords: 'rügen, ostsee',
      booking_id: 'INTERN-4711',
      tour_guide: 'Frau Intern',
      project: 'Projekt Intern',
      days: [
        { day_no: 2, daytitle: 'Kap Arkona', daytext: '<p>Wanderung</p>' },
        { day_no: 1, daytitle: 'Anreise', daytext: null },
      ],
      accommodations: [
        {
          name: 'Hotel Meeresblick',
          city: 'Binz',
          stars: 4,
          roomTypes: [
            { kind: 'double', rooms: 20 },
            { kind: 'single', rooms: 5 },
          ],
        },
      ],
      extras: [{ type: 'Ausflug', value: 'Schifffahrt', price: 19.9, required: false, price_due: 'per_person' }],
      stops: [{ id_zus_zustiege: stop.id_zus_zustiege, direction: 'outbound', time: '06:30', surcharge: 10 }],
    },
  });
  expect(patched.statusCode).toBe(200);
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
  let office: string;
  let ruegen: number;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    office = await createLogin(t.ctx, 'office');
    ruegen = await insertJourney(t.ctx, {
      title: 'Rügen – Perle der Ostsee',
      dates: [
        { code: 'RUE-PAST', from: -10 },
        { code: 'RUE-TODAY', from: 0 },
        { code: 'RUE-2', from: 60, prices: [['Preis p. P. im DZ', 649]] },
        {
          code: 'RUE-1',
          from: 30,
          prices: [
            ['Preis p. P. im DZ', 599.5],
            ['EZ-Zuschlag', 120],
          ],
        },
        { code: 'RUE-CLOSED', from: 40, bookable: 2 },
      ],
    });
    await addParts(t, office, ruegen);
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
    for (const internal of ['INTERN-4711', 'Frau Intern', 'Projekt Intern', 'kap-arkona', 'journeys/'])
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

  it('changes its ETag when a date price or a text is changed through the journeys API', async () => {
    const before = (await feed(t)).headers.etag as string;
    const current = (await call(t.app, office, { method: 'GET', url: `/journey-lit/${ruegen}` })).json<Journey>();
    const dates = current.dates.map(({ prices, ...date }) => ({
      ...date,
      prices: prices.map((price) => ({
        ...price,
        amount: date.termincode === 'RUE-1' && price.category === 'adult' ? 555 : price.amount,
      })),
    }));
    const patched = await call(t.app, office, { method: 'PATCH', url: `/journey-lit/${ruegen}`, payload: { dates } });
    expect(patched.statusCode).toBe(200);
    const afterPrice = await feed(t, { 'if-none-match': before });
    expect(afterPrice.statusCode).toBe(200);
    expect(afterPrice.json<WebJourneyFeed>().data.find((item) => item.id_jrn_journey === ruegen)!.priceFrom).toBe(555);
    const priced = afterPrice.headers.etag as string;
    expect(priced).not.toBe(before);

    const texted = await call(t.app, office, {
      method: 'PATCH',
      url: `/journey-lit/${ruegen}`,
      payload: { detail: { highlights: '<p>Kreidefelsen</p>' } },
    });
    expect(texted.statusCode).toBe(200);
    const afterText = await feed(t, { 'if-none-match': priced });
    expect(afterText.statusCode).toBe(200);
    expect(afterText.headers.etag).not.toBe(priced);
  });

  it('keeps its ETag when a write leaves the feed as it was (an offline journey), so pollers still get 304', async () => {
    const etag = (await feed(t)).headers.etag as string;
    await insertJourney(t.ctx, { title: 'Noch nicht online', online: false, dates: [{ code: 'NEU-1', from: 50 }] });
    expect((await feed(t, { 'if-none-match': etag })).statusCode).toBe(304);
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
