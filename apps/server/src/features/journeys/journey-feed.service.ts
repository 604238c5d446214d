import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { WebJourney } from '@tourdesk/contracts';
import { parseJson, toBool, toIso } from '../../db/dialect.ts';
import type { ReadCache } from '../../db/read-cache.ts';
import type { DbContext } from '../../types.ts';
import {
  findCountryCodes,
  findFeedAccommodations,
  findFeedDates,
  findFeedDays,
  findFeedExtras,
  findFeedImages,
  findFeedJourneys,
  findFeedPrices,
  findFeedRoomTypes,
  findFeedStops,
  findFeedVersion,
} from './journey-feed.repository.ts';

/**
 * GET /journey-web-legacy, the public trip feed a website polls: `{ data: WebJourney[] }`, the online journeys
 * (not "not bookable") with their bookable dates after today, ordered by title.
 *
 * Polling it must cost almost nothing. The answer's ETag is a hash of its bytes (the same on every instance,
 * and unchanged when a rebuild gives the same feed). Each process keeps the last feed it built together with
 * its version — today's date in the operator's time zone plus one cheap statement over what the feed depends on
 * (`findFeedVersion`: the latest change and the number of journeys, the latest change of boarding points,
 * categories and destinations) — and the count of its own writes. While neither changed, and for at most
 * `FEED_MAX_AGE_MS`, a request is answered from it: a matching `If-None-Match` with a 304 after that one
 * statement, anything else with the stored bytes (compressed once per encoding). Every write to a journey's
 * parts touches the journey's `updated_at`; writes of this process rebuild at once, another instance's changes
 * show once they reach `updated_at`, and at the latest after `FEED_MAX_AGE_MS`.
 */

/** The operator's time zone: a date "starts" at midnight there. */
export const FEED_TIME_ZONE = 'Europe/Berlin';
/** A built feed is rebuilt after this long even when nothing seems to have changed. */
export const FEED_MAX_AGE_MS = 60_000;

export type FeedEncoding = 'br' | 'gzip' | 'identity';

export type JourneyFeed = {
  /** Strong ETag of the uncompressed answer, quoted. */
  etag: string;
  /** The answer in an encoding (computed once per feed and encoding). */
  body: (encoding: FeedEncoding) => Promise<Buffer>;
};

type BuiltFeed = JourneyFeed & { version: string; writes: number; builtAt: number };

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: FEED_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today as YYYY-MM-DD in the operator's time zone. */
export const feedToday = (now: Date): string => dayFormat.format(now);

const euro = (cents: number) => Math.round(cents) / 100;

/** The last feed each database handle's process built (keyed by its read cache, which counts its writes). */
const built = new WeakMap<ReadCache, BuiltFeed>();

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

function encoder(json: Buffer): (encoding: FeedEncoding) => Promise<Buffer> {
  const encoded = new Map<FeedEncoding, Promise<Buffer>>([['identity', Promise.resolve(json)]]);
  return (encoding) => {
    let body = encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliAsync(json, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: json.length },
            })
          : gzipAsync(json, { level: 6 });
      encoded.set(encoding, body);
    }
    return body;
  };
}

/** The feed as of `now`: from this process's last build while it is current, else built anew. */
export async function getJourneyFeed(ctx: DbContext, now: Date = new Date()): Promise<JourneyFeed> {
  const today = feedToday(now);
  const stamp = await findFeedVersion(ctx.db);
  const version = JSON.stringify([
    today,
    toIso(stamp.journeys_at as string | Date | null),
    Number(stamp.journeys),
    toIso(stamp.stops_at as string | Date | null),
    toIso(stamp.categories_at as string | Date | null),
    toIso(stamp.destinations_at as string | Date | null),
  ]);
  const cache = ctx.cache;
  const writes = cache?.writeGeneration ?? 0;
  const last = cache ? built.get(cache) : undefined;
  if (last && last.version === version && last.writes === writes && Date.now() - last.builtAt < FEED_MAX_AGE_MS) {
    return last;
  }
  const json = Buffer.from(JSON.stringify({ data: await buildJourneyFeed(ctx, today) }));
  const feed: BuiltFeed = {
    etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`,
    body: encoder(json),
    version,
    writes,
    builtAt: Date.now(),
  };
  if (cache) built.set(cache, feed);
  return feed;
}

/** Groups rows by a key, keeping their order. */
function groupBy<Row, Key>(rows: readonly Row[], key: (row: Row) => Key): Map<Key, Row[]> {
  const groups = new Map<Key, Row[]>();
  for (const row of rows) {
    const id = key(row);
    const group = groups.get(id);
    if (group) group.push(row);
    else groups.set(id, [row]);
  }
  return groups;
}

/** The feed's journeys on `today`: one statement per part, for all journeys at once. */
export async function buildJourneyFeed(ctx: DbContext, today: string): Promise<WebJourney[]> {
  const { db } = ctx;
  const journeys = await findFeedJourneys(db, today);
  if (journeys.length === 0) return [];
  const [dates, prices, days, accommodations, roomTypes, extras, stops, images] = await Promise.all([
    findFeedDates(db, today),
    findFeedPrices(db, today),
    findFeedDays(db, today),
    findFeedAccommodations(db, today),
    findFeedRoomTypes(db, today),
    findFeedExtras(db, today),
    findFeedStops(db, today),
    findFeedImages(db, today),
  ]);
  const countriesOf = new Map(journeys.map((row) => [row.id_jrn_journey, parseJson<number[]>(row.countries, [])]));
  const countryIds = [...new Set([...countriesOf.values()].flat())].filter(Number.isInteger);
  const codes = new Map((await findCountryCodes(db, countryIds)).map((row) => [row.id_loc_country, row.iso]));

  const pricesByDate = groupBy(prices, (row) => row.id_jrn_date);
  const datesByJourney = groupBy(dates, (row) => row.id_jrn_journey);
  const daysByJourney = groupBy(days, (row) => row.id_jrn_journey);
  const roomsByHotel = groupBy(roomTypes, (row) => row.id_jrn_accommodation);
  const hotelsByJourney = groupBy(accommodations, (row) => row.id_jrn_journey);
  const extrasByJourney = groupBy(extras, (row) => row.id_jrn_journey);
  const stopsByJourney = groupBy(stops, (row) => row.id_jrn_journey);
  const imagesByJourney = groupBy(images, (row) => row.id_jrn_journey);

  return journeys.map((row): WebJourney => {
    const id = row.id_jrn_journey;
    const journeyDates = (datesByJourney.get(id) ?? []).map((date) => ({
      nr: date.nr,
      termincode: date.termincode,
      date_from: date.date_from,
      date_till: date.date_till,
      bookable: date.bookable,
      prices: (pricesByDate.get(date.nr) ?? []).map((price) => ({
        id: price.id,
        category: price.category as WebJourney['dates'][number]['prices'][number]['category'],
        room_kind: price.room_kind as WebJourney['dates'][number]['prices'][number]['room_kind'],
        description: price.description,
        amount: euro(price.amount_cents),
        additional_price: euro(price.additional_price_cents),
      })),
    }));
    const adultPrices = journeyDates.flatMap((date) =>
      date.prices.filter((price) => price.category === 'adult').map((price) => price.amount),
    );
    return {
      id_jrn_journey: id,
      title: row.title,
      subtitle: row.subtitle,
      code: row.code,
      slug: row.slug,
      category: row.category,
      destination: row.destination,
      countries: (countriesOf.get(id) ?? []).flatMap((country) => {
        const code = codes.get(country);
        return code ? [code] : [];
      }),
      bookable: row.bookable,
      mindestteilnehmer: row.mindestteilnehmer,
      recommendation_rate: row.recommendation_rate,
      rating_stars: row.rating_stars,
      detail: {
        title: row.detail_title,
        introduction: row.introduction,
        services: row.services,
        included_services: row.included_services,
        highlights: row.highlights,
        notes: row.notes,
        hotel_description: row.hotel_description,
      },
      days: (daysByJourney.get(id) ?? []).map((day) => ({
        day_no: day.day_no,
        daytitle: day.daytitle,
        daytext: day.daytext,
      })),
      accommodations: (hotelsByJourney.get(id) ?? []).map((hotel) => ({
        name: hotel.name,
        street: hotel.street,
        zip: hotel.zip,
        city: hotel.city,
        country: hotel.country,
        stars: hotel.stars,
        description: hotel.description,
        roomTypes: (roomsByHotel.get(hotel.id) ?? []).map((room) => ({
          id: room.id,
          kind: room.kind as WebJourney['accommodations'][number]['roomTypes'][number]['kind'],
          name: room.name,
          rooms: room.rooms,
        })),
      })),
      extras: (extrasByJourney.get(id) ?? []).map((extra) => ({
        type: extra.type,
        value: extra.value,
        price: euro(extra.price_cents),
        price_due: extra.price_due as WebJourney['extras'][number]['price_due'],
        required: toBool(extra.required),
        choice_group: extra.choice_group,
        min_age: extra.min_age,
        max_age: extra.max_age,
        units: extra.units,
      })),
      stops: (stopsByJourney.get(id) ?? []).map((stop) => ({
        id_zus_zustiege: stop.id_zus_zustiege,
        name: stop.name,
        city: stop.city,
        direction: stop.direction as WebJourney['stops'][number]['direction'],
        position: stop.position,
        time: stop.time,
        day_offset: stop.day_offset,
        surcharge: euro(stop.surcharge_cents),
      })),
      dates: journeyDates,
      images: (imagesByJourney.get(id) ?? []).map((image) => ({
        url: `/api/v1/files/${image.id_stored_file}/web`,
        thumbUrl: `/api/v1/files/${image.id_stored_file}/thumb`,
        width: image.width,
        height: image.height,
        caption: image.caption,
        copyright: image.copyright,
      })),
      meta: { title: row.meta_title, description: row.meta_description, keywords: row.keywords },
      priceFrom: adultPrices.length > 0 ? Math.min(...adultPrices) : null,
      updatedAt: toIso(row.updated_at)!,
    };
  });
}
