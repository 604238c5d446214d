import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * The public trip feed (GET /journey-web-legacy): online journeys that are not "not bookable" (2) and have at
 * least one bookable date (not 2) starting after `today`, with everything the website shows of them. One
 * statement per part for all journeys at once; the service puts them together.
 */

/** The ids of the journeys the feed lists on `today` (YYYY-MM-DD): a subquery every part filters by. */
const feedJourneyIds = (db: Database, today: string) =>
  db
    .selectFrom('jrn_journey as fj')
    .select('fj.id_jrn_journey')
    .where('fj.online', '=', true)
    .where('fj.bookable', '<>', 2)
    .where((inner) =>
      inner.exists(
        inner
          .selectFrom('jrn_date as fd')
          .select(sql.lit(1).as('one'))
          .whereRef('fd.id_jrn_journey', '=', 'fj.id_jrn_journey')
          .where('fd.date_from', '>', today)
          .where('fd.bookable', '<>', 2),
      ),
    );

export function findFeedJourneys(db: Database, today: string) {
  return db
    .selectFrom('jrn_journey as j')
    .leftJoin('jrn_category as c', 'c.id_jrn_category', 'j.id_jrn_category')
    .leftJoin('jrn_destination as d', 'd.id_jrn_destination', 'j.id_jrn_destination')
    .select([
      'j.id_jrn_journey',
      'j.title',
      'j.subtitle',
      'j.code',
      'j.slug',
      'c.name as category',
      'd.name as destination',
      'j.countries',
      'j.bookable',
      'j.mindestteilnehmer',
      'j.recommendation_rate',
      'j.rating_stars',
      'j.detail_title',
      'j.introduction',
      'j.services',
      'j.included_services',
      'j.highlights',
      'j.notes',
      'j.hotel_description',
      'j.meta_title',
      'j.meta_description',
      'j.keywords',
      'j.updated_at',
    ])
    .where('j.id_jrn_journey', 'in', feedJourneyIds(db, today))
    .orderBy('j.sort_title')
    .orderBy('j.id_jrn_journey')
    .execute();
}

/** The bookable dates after `today` of the feed's journeys, in date order. */
export function findFeedDates(db: Database, today: string) {
  return db
    .selectFrom('jrn_date as d')
    .select(['d.nr', 'd.id_jrn_journey', 'd.termincode', 'd.date_from', 'd.date_till', 'd.bookable'])
    .where('d.id_jrn_journey', 'in', feedJourneyIds(db, today))
    .where('d.date_from', '>', today)
    .where('d.bookable', '<>', 2)
    .orderBy('d.id_jrn_journey')
    .orderBy('d.date_from')
    .orderBy('d.nr')
    .execute();
}

/** The price lines of those dates. */
export function findFeedPrices(db: Database, today: string) {
  return db
    .selectFrom('jrn_date_price as p')
    .innerJoin('jrn_date as d', 'd.nr', 'p.id_jrn_date')
    .select([
      'p.id',
      'p.id_jrn_date',
      'p.category',
      'p.room_kind',
      'p.description',
      'p.amount_cents',
      'p.additional_price_cents',
    ])
    .where('d.id_jrn_journey', 'in', feedJourneyIds(db, today))
    .where('d.date_from', '>', today)
    .where('d.bookable', '<>', 2)
    .orderBy('p.id_jrn_date')
    .orderBy('p.position')
    .orderBy('p.id')
    .execute();
}

export function findFeedDays(db: Database, today: string) {
  return db
    .selectFrom('jrn_journey_day as day')
    .select(['day.id_jrn_journey', 'day.day_no', 'day.daytitle', 'day.daytext'])
    .where('day.id_jrn_journey', 'in', feedJourneyIds(db, today))
    .orderBy('day.id_jrn_journey')
    .orderBy('day.day_no')
    .orderBy('day.id')
    .execute();
}

export function findFeedAccommodations(db: Database, today: string) {
  return db
    .selectFrom('jrn_accommodation as a')
    .select([
      'a.id',
      'a.id_jrn_journey',
      'a.name',
      'a.street',
      'a.zip',
      'a.city',
      'a.country',
      'a.stars',
      'a.description',
    ])
    .where('a.id_jrn_journey', 'in', feedJourneyIds(db, today))
    .orderBy('a.id_jrn_journey')
    .orderBy('a.position')
    .orderBy('a.id')
    .execute();
}

export function findFeedRoomTypes(db: Database, today: string) {
  return db
    .selectFrom('jrn_room_type as r')
    .innerJoin('jrn_accommodation as a', 'a.id', 'r.id_jrn_accommodation')
    .select(['r.id', 'r.id_jrn_accommodation', 'r.kind', 'r.name', 'r.rooms'])
    .where('a.id_jrn_journey', 'in', feedJourneyIds(db, today))
    .orderBy('r.id_jrn_accommodation')
    .orderBy('r.id')
    .execute();
}

export function findFeedExtras(db: Database, today: string) {
  return db
    .selectFrom('jrn_extra as e')
    .select([
      'e.id',
      'e.id_jrn_journey',
      'e.type',
      'e.value',
      'e.price_cents',
      'e.price_due',
      'e.required',
      'e.choice_group',
      'e.min_age',
      'e.max_age',
      'e.units',
    ])
    .where('e.id_jrn_journey', 'in', feedJourneyIds(db, today))
    .orderBy('e.id_jrn_journey')
    .orderBy('e.position')
    .orderBy('e.id')
    .execute();
}

/** The boarding points the journeys offer, per direction in their order, with the stop's name and city. */
export function findFeedStops(db: Database, today: string) {
  return db
    .selectFrom('jrn_journey_stop as s')
    .innerJoin('zus_zustiege as z', 'z.id_zus_zustiege', 's.id_zus_zustiege')
    .select([
      's.id_jrn_journey',
      's.id_zus_zustiege',
      'z.name',
      'z.city',
      's.direction',
      's.position',
      's.time',
      's.day_offset',
      's.surcharge_cents',
    ])
    .where('s.id_jrn_journey', 'in', feedJourneyIds(db, today))
    .orderBy('s.id_jrn_journey')
    .orderBy('s.direction')
    .orderBy('s.position')
    .orderBy('s.id')
    .execute();
}

export function findFeedImages(db: Database, today: string) {
  return db
    .selectFrom('jrn_journey_image as i')
    .innerJoin('stored_file as f', 'f.id', 'i.id_stored_file')
    .select(['i.id_jrn_journey', 'i.id_stored_file', 'i.caption', 'i.copyright', 'f.width', 'f.height'])
    .where('i.id_jrn_journey', 'in', feedJourneyIds(db, today))
    .orderBy('i.id_jrn_journey')
    .orderBy('i.position')
    .orderBy('i.id')
    .execute();
}

/** ISO codes of the given countries. */
export function findCountryCodes(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('loc_country')
    .select(['id_loc_country', 'iso'])
    .where('id_loc_country', 'in', [...ids])
    .execute();
}

/**
 * What the feed depends on, in one cheap statement: the latest change and the number of journeys (a journey
 * whose texts, dates, prices, stops or images change is touched), and the latest change of the boarding
 * points, categories and destinations whose names it shows. With the day, it versions the feed.
 */
export async function findFeedVersion(db: Database) {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('jrn_journey')
        .select((inner) => inner.fn.max('updated_at').as('m'))
        .as('journeys_at'),
      eb
        .selectFrom('jrn_journey')
        .select((inner) => inner.fn.countAll().as('n'))
        .as('journeys'),
      eb
        .selectFrom('zus_zustiege')
        .select((inner) => inner.fn.max('updated_at').as('m'))
        .as('stops_at'),
      eb
        .selectFrom('jrn_category')
        .select((inner) => inner.fn.max('updated_at').as('m'))
        .as('categories_at'),
      eb
        .selectFrom('jrn_destination')
        .select((inner) => inner.fn.max('updated_at').as('m'))
        .as('destinations_at'),
    ])
    .executeTakeFirstOrThrow();
  return row;
}
