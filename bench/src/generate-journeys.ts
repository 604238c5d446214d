/**
 * The journeys data set of the benchmark: N journeys (default 5,000) with 12 departure dates each (60,000), three
 * price lines per date, itinerary days, a hotel with two room types, two extras, six boarding points of 40 and
 * three images — in multi-row inserts, ids assigned here, as the journeys service would store them (money in
 * cents, `search_text` and `sort_title` as `createJourney` computes them). About 6 % of the journeys are online
 * (300 of 5,000): the share a real catalogue shows on its website; the feed carries those.
 */
import { sql, type Insertable } from 'kysely';
import { buildSearchText, dinSortKey } from '@tourdesk/contracts';
import type { Database, DatabaseHandle } from '../../apps/server/src/db/database.ts';
import { TRIP_CATEGORIES } from '../../apps/server/src/db/migrations/2026_11_23_1000_create_trip_catalogue.ts';
import type { DB } from '../../apps/server/src/db/schema.ts';
import { CITIES, STREETS } from './names.ts';

/** Share of the generated journeys that are online. */
export const ONLINE_SHARE = 0.06;
const DATES_PER_JOURNEY = 12;
/** Every generated journey's code starts so (countGeneratedJourneys tells them from demo journeys). */
const CODE_PREFIX = 'B-';
/** SQLite takes at most 32,766 parameters per statement. */
const PARAMETERS_PER_INSERT = 30_000;
const JOURNEYS_PER_TRANSACTION = 1_000;

const DESTINATIONS = [
  'Gardasee',
  'Rügen',
  'Salzburg',
  'Paris',
  'Wien',
  'Südtirol',
  'Prag',
  'Usedom',
  'Harz',
  'Dresden',
  'Berlin',
  'Hamburg',
  'Bodensee',
  'Mosel',
  'Schwarzwald',
  'Allgäu',
  'Amsterdam',
  'Rom',
  'Venedig',
  'Toskana',
  'Krakau',
  'Budapest',
  'Masuren',
  'Sylt',
  'Erzgebirge',
  'Tirol',
  'Elsass',
  'London',
  'Kopenhagen',
  'Lago Maggiore',
] as const;

/** Title patterns with the category (index of the 31 seeded ones) they belong to. */
const PATTERNS: ReadonlyArray<readonly [string, number]> = [
  ['Advent in {d}', 0],
  ['Weihnachtsmärkte in {d}', 0],
  ['Musical-Wochenende {d}', 12],
  ['Wandern rund um {d}', 27],
  ['Frühling in {d}', 11],
  ['{d} – Perle Europas', 24],
  ['Rundreise {d} und Umgebung', 16],
  ['Flusskreuzfahrt ab {d}', 6],
  ['Genießerreise {d}', 28],
  ['Silvester in {d}', 20],
  ['Kultur und Kunst in {d}', 9],
  ['Gartenträume {d}', 7],
];

/** The 31 categories every installation has, by id (0–30). */
const CATEGORY_NAMES = TRIP_CATEGORIES;

const PARAGRAPH =
  'Mit unserem modernen Fernreisebus geht es bequem ans Ziel. Unsere erfahrene Reiseleitung zeigt Ihnen die ' +
  'schönsten Seiten der Region, und in den freien Stunden bleibt genug Zeit zum Bummeln, Genießen und Entdecken.';

const html = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('');

/** YYYY-MM-DD `days` after `from`. */
const addDays = (from: Date, days: number) => new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);

type Ids = { journey: number; date: number; hotel: number; stop: number; file: number };

async function maxOf(db: Database, table: keyof DB, column: string): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select(sql<number | null>`max(${sql.ref(column)})`.as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

const ID_COLUMNS = [
  ['jrn_journey', 'id_jrn_journey'],
  ['jrn_date', 'nr'],
  ['jrn_accommodation', 'id'],
  ['zus_zustiege', 'id_zus_zustiege'],
  ['stored_file', 'id'],
] as const;

/** Multi-row inserts of as many rows as the parameter limit allows. */
async function insertAll<T extends keyof DB>(db: Database, table: T, rows: Insertable<DB[T]>[]): Promise<void> {
  if (rows.length === 0) return;
  const perInsert = Math.max(1, Math.floor(PARAMETERS_PER_INSERT / Object.keys(rows[0]!).length));
  for (let i = 0; i < rows.length; i += perInsert) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + perInsert))
      .execute();
  }
}

/** How many generated journeys the database holds. */
export async function countGeneratedJourneys(db: Database): Promise<number> {
  const row = await db
    .selectFrom('jrn_journey')
    .select(sql<number>`count(*)`.as('n'))
    .where('code', 'like', `${CODE_PREFIX}%`)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Adds `count` journeys with all their parts (see above). Dates run from half a year ago to a year and a half
 * ahead, so most lie in the future; about 5 % of the dates and 3 % of the journeys are not bookable. Call
 * `finishLoad` afterwards (statistics); the serial sequences are moved past the given ids here.
 */
export async function generateJourneys(
  handle: DatabaseHandle,
  count: number,
  log: (line: string) => void,
): Promise<void> {
  const { db } = handle;
  const ids: Ids = {
    journey: (await maxOf(db, 'jrn_journey', 'id_jrn_journey')) + 1,
    date: (await maxOf(db, 'jrn_date', 'nr')) + 1,
    hotel: (await maxOf(db, 'jrn_accommodation', 'id')) + 1,
    stop: (await maxOf(db, 'zus_zustiege', 'id_zus_zustiege')) + 1,
    file: (await maxOf(db, 'stored_file', 'id')) + 1,
  };
  const online = Math.round(count * ONLINE_SHARE);
  const today = new Date();

  // 40 boarding points in the cities of the demo region and beyond.
  const stopIds: number[] = [];
  const stops: Insertable<DB['zus_zustiege']>[] = [];
  for (let i = 0; i < 40; i++) {
    const city = CITIES[i % CITIES.length]!.city;
    const id = ids.stop++;
    stopIds.push(id);
    const name = `${city} ${['Hbf', 'ZOB', 'Markt', 'Messe'][i % 4]}`;
    stops.push({
      id_zus_zustiege: id,
      name,
      street: STREETS[i % STREETS.length]!,
      number: String(1 + (i % 40)),
      city,
      search_text: buildSearchText([name, city]),
      sort_name: dinSortKey(name),
    });
  }
  await insertAll(db, 'zus_zustiege', stops);

  const started = performance.now();
  for (let from = 0; from < count; from += JOURNEYS_PER_TRANSACTION) {
    const to = Math.min(count, from + JOURNEYS_PER_TRANSACTION);
    const rows = {
      journeys: [] as Insertable<DB['jrn_journey']>[],
      days: [] as Insertable<DB['jrn_journey_day']>[],
      hotels: [] as Insertable<DB['jrn_accommodation']>[],
      rooms: [] as Insertable<DB['jrn_room_type']>[],
      extras: [] as Insertable<DB['jrn_extra']>[],
      journeyStops: [] as Insertable<DB['jrn_journey_stop']>[],
      dates: [] as Insertable<DB['jrn_date']>[],
      prices: [] as Insertable<DB['jrn_date_price']>[],
      files: [] as Insertable<DB['stored_file']>[],
      images: [] as Insertable<DB['jrn_journey_image']>[],
    };
    for (let n = from; n < to; n++) {
      const id = ids.journey++;
      const destination = DESTINATIONS[n % DESTINATIONS.length]!;
      const [pattern, category] = PATTERNS[Math.floor(n / DESTINATIONS.length) % PATTERNS.length]!;
      const title = pattern.replace('{d}', destination);
      const length = 2 + (n % 7);
      const subtitle = `${length} Tage ${CATEGORY_NAMES[category]}`;
      const code = `${CODE_PREFIX}${String(n + 1).padStart(5, '0')}`;
      const isOnline = Math.floor((n * online) / count) !== Math.floor(((n + 1) * online) / count);
      const bookable = isOnline ? (n % 10 === 0 ? 1 : 0) : n % 33 === 0 ? 2 : n % 14 === 0 ? 1 : 0;
      const updated = new Date(today.getTime() - (count - n) * 60_000).toISOString();
      rows.journeys.push({
        id_jrn_journey: id,
        title,
        subtitle,
        code,
        id_jrn_category: category,
        countries: '[]',
        catalog_state: n % 5,
        bookable,
        online: isOnline,
        mindestteilnehmer: 20,
        recommendation_rate: 80 + (n % 21),
        rating_stars: 3 + (n % 5) / 2,
        detail_title: `${title}: ${length} Tage voller Erlebnisse`,
        introduction: html(`${title} – ${PARAGRAPH}`, PARAGRAPH, PARAGRAPH),
        services: html('Fahrt im modernen Reisebus', `${length - 1} Übernachtungen im Hotel`, 'Halbpension'),
        included_services: html('Reiseleitung ab/bis Leipzig', 'Stadtführung', 'Kurtaxe'),
        highlights: html(`Die schönsten Seiten von ${destination}`, 'Schifffahrt', 'Weinprobe'),
        notes: html('Für Reisende mit eingeschränkter Mobilität nur bedingt geeignet.'),
        hotel_description: html(`Unser Hotel liegt zentral in ${destination}. ${PARAGRAPH}`),
        meta_title: `${title} | Busreise`,
        meta_description: `${subtitle}: ${title}. Jetzt buchen.`,
        slug: `${dinSortKey(title)
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')}-${n + 1}`,
        keywords: `${destination.toLowerCase()}, busreise`,
        search_text: buildSearchText([title, subtitle, code, null, CATEGORY_NAMES[category]]),
        sort_title: dinSortKey(title),
        created_at: updated,
        updated_at: updated,
      });
      for (let day = 1; day <= length; day++) {
        rows.days.push({
          id_jrn_journey: id,
          day_no: day,
          daytitle: day === 1 ? 'Anreise' : day === length ? 'Heimreise' : `${destination} entdecken`,
          daytext: html(PARAGRAPH),
        });
      }
      const hotel = ids.hotel++;
      rows.hotels.push({ id: hotel, id_jrn_journey: id, name: `Hotel ${destination}`, city: destination, stars: 4 });
      rows.rooms.push(
        { id_jrn_accommodation: hotel, kind: 'double', rooms: 20 },
        { id_jrn_accommodation: hotel, kind: 'single', rooms: 6 },
      );
      rows.extras.push(
        { id_jrn_journey: id, position: 0, type: 'Ausflug', value: 'Schifffahrt', price_cents: 2_500 },
        { id_jrn_journey: id, position: 1, type: 'Versicherung', value: 'Reiserücktritt', price_cents: 3_900 },
      );
      for (let s = 0; s < 3; s++) {
        const stop = stopIds[(n + s * 7) % stopIds.length]!;
        const time = `0${6 + s}:${s % 2 === 0 ? '00' : '30'}`;
        rows.journeyStops.push(
          { id_jrn_journey: id, id_zus_zustiege: stop, direction: 'outbound', position: s, time },
          { id_jrn_journey: id, id_zus_zustiege: stop, direction: 'return', position: 2 - s, time: null },
        );
      }
      const basePrice = 29_900 + (n % 40) * 2_500;
      for (let d = 0; d < DATES_PER_JOURNEY; d++) {
        const nr = ids.date++;
        const offset = -180 + d * 60 + (n % 50);
        rows.dates.push({
          nr,
          id_jrn_journey: id,
          termincode: `${code}-${String(d + 1).padStart(2, '0')}`,
          date_from: addDays(today, offset),
          date_till: addDays(today, offset + length - 1),
          bookable: (n + d) % 20 === 0 ? 2 : 0,
        });
        rows.prices.push(
          {
            id_jrn_date: nr,
            position: 0,
            category: 'adult',
            room_kind: 'double',
            description: 'Preis pro Person im Doppelzimmer',
            amount_cents: basePrice + d * 1_000,
          },
          {
            id_jrn_date: nr,
            position: 1,
            category: 'supplement',
            room_kind: 'single',
            description: 'Einzelzimmerzuschlag',
            amount_cents: 8_900,
          },
          {
            id_jrn_date: nr,
            position: 2,
            category: 'child',
            room_kind: null,
            description: 'Kind bis 11 Jahre im Zimmer der Eltern',
            amount_cents: Math.round(basePrice / 2),
          },
        );
      }
      for (let position = 0; position < 3; position++) {
        const file = ids.file++;
        rows.files.push({
          id: file,
          storage_key: `bench/journeys/${id}-${position}.jpg`,
          original_name: `${dinSortKey(destination)}-${position + 1}.jpg`,
          mime_type: 'image/jpeg',
          size: 350_000,
          width: 1600,
          height: 1067,
          variants: '{"web":"w","thumb":"t"}',
        });
        rows.images.push({
          id_jrn_journey: id,
          id_stored_file: file,
          position,
          caption: `${destination} ${position + 1}`,
          copyright: 'Tourdesk Bildarchiv',
        });
      }
    }
    await db.transaction().execute(async (trx) => {
      await insertAll(trx, 'jrn_journey', rows.journeys);
      await insertAll(trx, 'jrn_journey_day', rows.days);
      await insertAll(trx, 'jrn_accommodation', rows.hotels);
      await insertAll(trx, 'jrn_room_type', rows.rooms);
      await insertAll(trx, 'jrn_extra', rows.extras);
      await insertAll(trx, 'jrn_journey_stop', rows.journeyStops);
      await insertAll(trx, 'jrn_date', rows.dates);
      await insertAll(trx, 'jrn_date_price', rows.prices);
      await insertAll(trx, 'stored_file', rows.files);
      await insertAll(trx, 'jrn_journey_image', rows.images);
    });
    if (to === count || to % 5_000 === 0) {
      log(`  ${to.toLocaleString('en')} journeys (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    }
  }
  if (handle.dialect === 'postgres') {
    for (const [table, column] of ID_COLUMNS) {
      await sql`select setval(pg_get_serial_sequence(${table}, ${column}), greatest(1, (select max(${sql.ref(column)}) from ${sql.table(table)})))`.execute(
        db,
      );
    }
  }
}
