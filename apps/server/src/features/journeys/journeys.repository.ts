import { sql, type Insertable, type Updateable } from 'kysely';
import { ZJourneySummary, type JourneySummary } from '@tourdesk/contracts';
import { builtOnce, contractFields, type ListSpec } from '../../lib/list-query.ts';
import type { Database } from '../../db/database.ts';
import type {
  JrnAccommodationTable,
  JrnDatePriceTable,
  JrnDateTable,
  JrnExtraTable,
  JrnJourneyDayTable,
  JrnJourneyImageTable,
  JrnJourneyStopTable,
  JrnJourneyTable,
  JrnRoomTypeTable,
} from './journeys.table.ts';

/**
 * A journey with the names of its category, destination and organizer, its first date from today on and its
 * number of dates (`CURRENT_DATE` is today's date on both databases: `YYYY-MM-DD` text on SQLite, a date on
 * PostgreSQL, compared with the date column of either).
 */
export const journeyBaseQuery = builtOnce((db: Database) =>
  db
    .selectFrom('jrn_journey')
    .leftJoin('jrn_category', 'jrn_category.id_jrn_category', 'jrn_journey.id_jrn_category')
    .leftJoin('jrn_destination', 'jrn_destination.id_jrn_destination', 'jrn_journey.id_jrn_destination')
    .leftJoin('organization', 'organization.id', 'jrn_journey.id_organization')
    .select([
      'jrn_journey.id_jrn_journey',
      'jrn_journey.title',
      'jrn_journey.subtitle',
      'jrn_journey.code',
      'jrn_journey.booking_id',
      'jrn_journey.kuschick_id',
      'jrn_journey.pressmind_id',
      'jrn_journey.mindestteilnehmer',
      'jrn_journey.bonuspunkte',
      'jrn_journey.countries',
      'jrn_journey.id_jrn_category',
      'jrn_journey.id_jrn_destination',
      'jrn_journey.catalog_state',
      'jrn_journey.bookable',
      'jrn_journey.online',
      'jrn_journey.project',
      'jrn_journey.id_organization',
      'jrn_journey.tour_guide',
      'jrn_journey.recommendation_rate',
      'jrn_journey.rating_stars',
      'jrn_journey.slug',
      'jrn_journey.created_at',
      'jrn_journey.updated_at',
      'jrn_category.name as category_name',
      'jrn_destination.name as destination_name',
      'organization.name as organization_name',
      sql<
        string | null
      >`(select min(d.date_from) from jrn_date d where d.id_jrn_journey = jrn_journey.id_jrn_journey and d.date_from >= CURRENT_DATE)`.as(
        'next_date',
      ),
      sql<number>`(select count(*) from jrn_date d where d.id_jrn_journey = jrn_journey.id_jrn_journey)`.as(
        'date_count',
      ),
    ]),
);

export type JourneyRow = Awaited<ReturnType<ReturnType<typeof journeyBaseQuery>['executeTakeFirstOrThrow']>>;

/** The journeys alone, for counting and finding a page's ids without the joins. */
export const journeyCountBase = builtOnce((db: Database) =>
  db.selectFrom('jrn_journey').select('jrn_journey.id_jrn_journey'),
);

/** GET /journey-lit: which API field reads which column. */
export const JOURNEY_LIST_SPEC: ListSpec<JourneySummary, 'next_date' | 'date_count'> = {
  table: 'jrn_journey',
  idColumn: 'id_jrn_journey',
  idField: 'id',
  searchable: true,
  defaultSort: [['title', 1]],
  fields: {
    id: { column: 'jrn_journey.id_jrn_journey', type: 'number' },
    id_jrn_journey: { column: 'jrn_journey.id_jrn_journey', type: 'number' },
    title: { column: 'jrn_journey.title', sortColumn: 'jrn_journey.sort_title', type: 'string' },
    code: { column: 'jrn_journey.code', type: 'string', nullable: true },
    booking_id: { column: 'jrn_journey.booking_id', type: 'string', nullable: true },
    kuschick_id: { column: 'jrn_journey.kuschick_id', type: 'string', nullable: true },
    pressmind_id: { column: 'jrn_journey.pressmind_id', type: 'string', nullable: true },
    project: { column: 'jrn_journey.project', type: 'string', nullable: true },
    category: { column: 'jrn_journey.id_jrn_category', type: 'number', nullable: true },
    categoryName: {
      column: 'jrn_category.sort_name',
      type: 'string',
      joined: true,
      filterable: false,
      nullable: true,
    },
    destination: { column: 'jrn_journey.id_jrn_destination', type: 'number', nullable: true },
    destinationName: {
      column: 'jrn_destination.sort_name',
      type: 'string',
      joined: true,
      filterable: false,
      nullable: true,
    },
    organization: { column: 'jrn_journey.id_organization', type: 'number', nullable: true },
    organizationName: {
      column: 'organization.sort_name',
      type: 'string',
      joined: true,
      filterable: false,
      nullable: true,
    },
    catalog_state: { column: 'jrn_journey.catalog_state', type: 'number' },
    bookable: { column: 'jrn_journey.bookable', type: 'number' },
    online: { column: 'jrn_journey.online', type: 'boolean' },
    slug: { column: 'jrn_journey.slug', type: 'string', nullable: true },
    nextDate: { column: 'next_date', type: 'string', joined: true, filterable: false, nullable: true },
    dateCount: { column: 'date_count', type: 'number', joined: true, filterable: false },
    createdAt: { column: 'jrn_journey.created_at', type: 'date' },
    updatedAt: { column: 'jrn_journey.updated_at', type: 'date' },
  },
  selectable: contractFields(ZJourneySummary),
};

/** A journey with the columns its summary does not read: travel texts and meta tags. */
export const findJourneyWithTexts = (db: Database, id: number) =>
  journeyBaseQuery(db)
    .select([
      'jrn_journey.detail_title',
      'jrn_journey.introduction',
      'jrn_journey.services',
      'jrn_journey.included_services',
      'jrn_journey.highlights',
      'jrn_journey.notes',
      'jrn_journey.hotel_description',
      'jrn_journey.meta_title',
      'jrn_journey.meta_description',
      'jrn_journey.keywords',
      'jrn_journey.cancellation_terms',
      'jrn_journey.payment_terms',
      'jrn_journey.id_survey_survey',
    ])
    .where('jrn_journey.id_jrn_journey', '=', id)
    .executeTakeFirst();

/** True when the survey exists (a journey's feedback survey, issue #16). */
export const surveyExists = async (db: Database, id: number) =>
  (await db
    .selectFrom('survey_survey')
    .select('id_survey_survey')
    .where('id_survey_survey', '=', id)
    .executeTakeFirst()) !== undefined;

export const findDays = (db: Database, journeyId: number) =>
  db
    .selectFrom('jrn_journey_day')
    .select(['id', 'day_no', 'daytitle', 'daytext'])
    .where('id_jrn_journey', '=', journeyId)
    .orderBy('day_no')
    .orderBy('id')
    .execute();

export const findAccommodations = (db: Database, journeyId: number) =>
  db
    .selectFrom('jrn_accommodation')
    .select(['id', 'position', 'name', 'street', 'zip', 'city', 'country', 'stars', 'description'])
    .where('id_jrn_journey', '=', journeyId)
    .orderBy('position')
    .orderBy('id')
    .execute();

export const findRoomTypes = (db: Database, journeyId: number) =>
  db
    .selectFrom('jrn_room_type')
    .innerJoin('jrn_accommodation', 'jrn_accommodation.id', 'jrn_room_type.id_jrn_accommodation')
    .select([
      'jrn_room_type.id',
      'jrn_room_type.id_jrn_accommodation',
      'jrn_room_type.kind',
      'jrn_room_type.name',
      'jrn_room_type.rooms',
    ])
    .where('jrn_accommodation.id_jrn_journey', '=', journeyId)
    .orderBy('jrn_room_type.id')
    .execute();

export const findExtras = (db: Database, journeyId: number) =>
  db
    .selectFrom('jrn_extra')
    .select([
      'id',
      'position',
      'type',
      'value',
      'price_cents',
      'price_due',
      'required',
      'choice_group',
      'min_age',
      'max_age',
      'units',
    ])
    .where('id_jrn_journey', '=', journeyId)
    .orderBy('position')
    .orderBy('id')
    .execute();

/** The stops, outbound before return, each direction in its order. */
export const findStops = (db: Database, journeyId: number) =>
  db
    .selectFrom('jrn_journey_stop')
    .innerJoin('zus_zustiege', 'zus_zustiege.id_zus_zustiege', 'jrn_journey_stop.id_zus_zustiege')
    .select([
      'jrn_journey_stop.id',
      'jrn_journey_stop.id_zus_zustiege',
      'jrn_journey_stop.direction',
      'jrn_journey_stop.position',
      'jrn_journey_stop.time',
      'jrn_journey_stop.day_offset',
      'jrn_journey_stop.surcharge_cents',
      'zus_zustiege.name',
      'zus_zustiege.city',
    ])
    .where('jrn_journey_stop.id_jrn_journey', '=', journeyId)
    .orderBy(sql`case when ${sql.ref('jrn_journey_stop.direction')} = 'outbound' then 0 else 1 end`)
    .orderBy('jrn_journey_stop.position')
    .orderBy('jrn_journey_stop.id')
    .execute();

export const findDates = (db: Database, journeyId: number) =>
  db
    .selectFrom('jrn_date')
    .select(['nr', 'termincode', 'date_from', 'date_till', 'bookable'])
    .where('id_jrn_journey', '=', journeyId)
    .orderBy('date_from')
    .orderBy('nr')
    .execute();

export const findDatePrices = (db: Database, journeyId: number) =>
  db
    .selectFrom('jrn_date_price')
    .innerJoin('jrn_date', 'jrn_date.nr', 'jrn_date_price.id_jrn_date')
    .select([
      'jrn_date_price.id',
      'jrn_date_price.id_jrn_date',
      'jrn_date_price.position',
      'jrn_date_price.category',
      'jrn_date_price.room_kind',
      'jrn_date_price.description',
      'jrn_date_price.amount_cents',
      'jrn_date_price.additional_price_cents',
    ])
    .where('jrn_date.id_jrn_journey', '=', journeyId)
    .orderBy('jrn_date_price.position')
    .orderBy('jrn_date_price.id')
    .execute();

/**
 * Which of the referenced records exist, in one statement: the category (with its name and whether it is
 * active), the destination (with its name), the organizer, the boarding points among `stopIds` and the countries
 * among `countryIds`.
 */
export async function findReferences(
  db: Database,
  refs: {
    category?: number | null;
    destination?: number | null;
    organization?: number | null;
    stopIds: number[];
    countryIds: number[];
  },
) {
  const none = -1;
  const rows = await sql<{ kind: string; id: number; name: string | null; active: number | boolean | null }>`
    select 'category' as kind, id_jrn_category as id, name, active from jrn_category where id_jrn_category = ${refs.category ?? none}
    union all
    select 'destination', id_jrn_destination, name, null from jrn_destination where id_jrn_destination = ${refs.destination ?? none}
    union all
    select 'organization', id, name, null from organization where id = ${refs.organization ?? none}
    union all
    select 'stop', id_zus_zustiege, null, null from zus_zustiege where id_zus_zustiege in (${sql.join([none, ...refs.stopIds])})
    union all
    select 'country', id_loc_country, null, null from loc_country where id_loc_country in (${sql.join([none, ...refs.countryIds])})
  `.execute(db);
  return rows.rows;
}

/** A journey's own commercial terms (JSON text, null: the settings apply). */
export const findJourneyTerms = (db: Database, id: number) =>
  db
    .selectFrom('jrn_journey')
    .select(['cancellation_terms', 'payment_terms'])
    .where('id_jrn_journey', '=', id)
    .executeTakeFirst();

export async function slugTaken(db: Database, slug: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('jrn_journey').select('id_jrn_journey').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id_jrn_journey', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The slugs that start with `base` (for finding a free suffix). */
export const findSlugsLike = async (db: Database, base: string): Promise<string[]> =>
  (
    await db
      .selectFrom('jrn_journey')
      .select('slug')
      .where('slug', 'like', `${base.replace(/[\\%_]/g, '')}%`)
      .execute()
  ).map((row) => row.slug ?? '');

export async function insertJourney(db: Database, values: Insertable<JrnJourneyTable>): Promise<number> {
  const row = await db.insertInto('jrn_journey').values(values).returning('id_jrn_journey').executeTakeFirstOrThrow();
  return row.id_jrn_journey;
}

export async function updateJourneyRow(db: Database, id: number, values: Updateable<JrnJourneyTable>) {
  await db.updateTable('jrn_journey').set(values).where('id_jrn_journey', '=', id).execute();
}

export async function deleteJourneyRow(db: Database, id: number) {
  await db.deleteFrom('jrn_journey').where('id_jrn_journey', '=', id).execute();
}

/** The tables of a journey's parts that are replaced row by row (each has `id` and `id_jrn_journey`). */
type PartTable = 'jrn_journey_day' | 'jrn_accommodation' | 'jrn_extra' | 'jrn_journey_stop';
type PartValues = {
  jrn_journey_day: Insertable<JrnJourneyDayTable>;
  jrn_accommodation: Insertable<JrnAccommodationTable>;
  jrn_extra: Insertable<JrnExtraTable>;
  jrn_journey_stop: Insertable<JrnJourneyStopTable>;
};

/** Removes the rows of a journey's part that are not among `keep`. */
export async function deleteJourneyPartsExcept(db: Database, table: PartTable, journeyId: number, keep: number[]) {
  let query = db.deleteFrom(table).where('id_jrn_journey', '=', journeyId);
  if (keep.length > 0) query = query.where('id', 'not in', keep);
  await query.execute();
}

/**
 * Adds rows to a journey's part. (The parts' tables share `id` and `id_jrn_journey`; Kysely cannot type a
 * statement over a union of tables, so it is written against one of them.)
 */
export async function insertJourneyParts<T extends PartTable>(db: Database, table: T, rows: PartValues[T][]) {
  if (rows.length === 0) return;
  await db
    .insertInto(table as 'jrn_journey_day')
    .values(rows as Insertable<JrnJourneyDayTable>[])
    .execute();
}

export async function updateJourneyPart<T extends PartTable>(
  db: Database,
  table: T,
  journeyId: number,
  id: number,
  values: Updateable<PartValues[T]>,
) {
  await db
    .updateTable(table as 'jrn_journey_day')
    .set(values as Updateable<JrnJourneyDayTable>)
    .where('id', '=', id)
    .where('id_jrn_journey', '=', journeyId)
    .execute();
}

export async function insertAccommodation(db: Database, values: Insertable<JrnAccommodationTable>): Promise<number> {
  const row = await db.insertInto('jrn_accommodation').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Removes the room types of these hotels that are not among `keep`. */
export async function deleteRoomTypesExcept(db: Database, accommodationIds: number[], keep: number[]) {
  if (accommodationIds.length === 0) return;
  let query = db.deleteFrom('jrn_room_type').where('id_jrn_accommodation', 'in', accommodationIds);
  if (keep.length > 0) query = query.where('id', 'not in', keep);
  await query.execute();
}

export async function insertRoomTypes(db: Database, rows: Insertable<JrnRoomTypeTable>[]) {
  if (rows.length > 0) await db.insertInto('jrn_room_type').values(rows).execute();
}

export async function updateRoomType(db: Database, id: number, values: Updateable<JrnRoomTypeTable>) {
  await db.updateTable('jrn_room_type').set(values).where('id', '=', id).execute();
}

export async function deleteDatesExcept(db: Database, journeyId: number, keep: number[]) {
  let query = db.deleteFrom('jrn_date').where('id_jrn_journey', '=', journeyId);
  if (keep.length > 0) query = query.where('nr', 'not in', keep);
  await query.execute();
}

/** Inserts dates and answers their new numbers by termincode (unique within the journey). */
export async function insertDates(db: Database, rows: Insertable<JrnDateTable>[]): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const inserted = await db.insertInto('jrn_date').values(rows).returning(['nr', 'termincode']).execute();
  return new Map(inserted.map((row) => [row.termincode, row.nr]));
}

export async function updateDate(db: Database, journeyId: number, nr: number, values: Updateable<JrnDateTable>) {
  await db.updateTable('jrn_date').set(values).where('nr', '=', nr).where('id_jrn_journey', '=', journeyId).execute();
}

/** Removes the prices of these dates that are not among `keep`. */
export async function deleteDatePricesExcept(db: Database, dateNrs: number[], keep: number[]) {
  if (dateNrs.length === 0) return;
  let query = db.deleteFrom('jrn_date_price').where('id_jrn_date', 'in', dateNrs);
  if (keep.length > 0) query = query.where('id', 'not in', keep);
  await query.execute();
}

/** Price rows per statement: a journey may hold 400 dates of 30 prices, more values than one statement may bind. */
const PRICE_ROWS_PER_INSERT = 1000;

export async function insertDatePrices(db: Database, rows: Insertable<JrnDatePriceTable>[]) {
  for (let start = 0; start < rows.length; start += PRICE_ROWS_PER_INSERT)
    await db
      .insertInto('jrn_date_price')
      .values(rows.slice(start, start + PRICE_ROWS_PER_INSERT))
      .execute();
}

export async function updateDatePrice(db: Database, id: number, values: Updateable<JrnDatePriceTable>) {
  await db.updateTable('jrn_date_price').set(values).where('id', '=', id).execute();
}

export async function insertImages(db: Database, rows: Insertable<JrnJourneyImageTable>[]) {
  if (rows.length > 0) await db.insertInto('jrn_journey_image').values(rows).execute();
}
