import { sql } from 'kysely';
import { createSearchIndex, dropSearchIndex, isPostgres, types, type MigrationDb } from './helpers.ts';

/**
 * The trip catalogue (issue #9, shared/design/DOMAIN.md): journeys with their texts, itinerary days,
 * accommodations and room types, extras, offered boarding points, departure dates with prices, images and
 * SEO fields; journey categories and destinations; boarding points (Zustiege) and stop groups; stored files.
 *
 * Money is stored as integer cents (`*_cents`); the API speaks euro. Dates are `YYYY-MM-DD`.
 * Departures, transports and quotas of issue #10 hang off `jrn_date`.
 */

// Spec §9: 31 trip categories, 0 to 30, from Advent trip to winter trip. Seeded on every installation.
export const TRIP_CATEGORIES = [
  'Adventsreise',
  'Badereise',
  'Betriebsausflug',
  'Eventreise',
  'Fahrradreise',
  'Flugreise',
  'Flusskreuzfahrt',
  'Gartenreise',
  'Gruppenreise',
  'Kulturreise',
  'Kurreise',
  'Kurzreise',
  'Musicalreise',
  'Naturreise',
  'Osterreise',
  'Pilgerreise',
  'Rundreise',
  'Schiffsreise',
  'Schulfahrt',
  'Seniorenreise',
  'Silvesterreise',
  'Skireise',
  'Sportreise',
  'Sprachreise',
  'Städtereise',
  'Studienreise',
  'Tagesfahrt',
  'Wanderreise',
  'Weinreise',
  'Wellnessreise',
  'Winterreise',
] as const;

export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);

  // Stored files (images first): the bytes live in the file store (data/files or S3); this row describes them.
  await db.schema
    .createTable('stored_file')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    /** JSON: { thumb: key, web: key, … } the generated sizes */
    .addColumn('variants', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable('jrn_category')
    .addColumn('id_jrn_category', t.id, t.idColumn)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('active', t.boolean, (c) => c.notNull().defaultTo(t.true))
    .addColumn('sort_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db
    .insertInto('jrn_category')
    .values(
      TRIP_CATEGORIES.map((name, id) => ({
        id_jrn_category: id,
        name,
        sort_name: name.toLowerCase().replace(/ä/g, 'a').replace(/ö/g, 'o').replace(/ü/g, 'u').replace(/ß/g, 'ss'),
      })),
    )
    .execute();
  if (isPostgres(db)) {
    await sql`select setval(pg_get_serial_sequence('jrn_category', 'id_jrn_category'), (select max(id_jrn_category) from jrn_category))`.execute(
      db,
    );
  }

  await db.schema
    .createTable('jrn_destination')
    .addColumn('id_jrn_destination', t.id, t.idColumn)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('active', t.boolean, (c) => c.notNull().defaultTo(t.true))
    .addColumn('seo_title', 'text')
    .addColumn('seo_description', 'text')
    /** sanitised rich text */
    .addColumn('seo_text', 'text')
    .addColumn('id_picture', 'integer', (c) => c.references('stored_file.id').onDelete('set null'))
    /** JSON array of loc_country ids */
    .addColumn('countries', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('sort_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  // Boarding points (Zustiege) and stop groups.
  await db.schema
    .createTable('zus_zustiege')
    .addColumn('id_zus_zustiege', t.id, t.idColumn)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('street', 'text')
    .addColumn('number', 'text')
    .addColumn('zip', 'text')
    .addColumn('city', 'text')
    /** ISO 3166-1 alpha-2 */
    .addColumn('country', 'text', (c) => c.notNull().defaultTo('DE'))
    .addColumn('lat', 'real')
    .addColumn('lon', 'real')
    .addColumn('notes', 'text')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await createSearchIndex(db, 'zus_zustiege', 'id_zus_zustiege');

  await db.schema
    .createTable('zus_gruppen')
    .addColumn('id_zus_gruppen', t.id, t.idColumn)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createTable('zus_gruppen_member')
    .addColumn('id_zus_gruppen', 'integer', (c) =>
      c.notNull().references('zus_gruppen.id_zus_gruppen').onDelete('cascade'),
    )
    .addColumn('id_zus_zustiege', 'integer', (c) => c.notNull().references('zus_zustiege.id_zus_zustiege'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('zus_gruppen_member_pk', ['id_zus_gruppen', 'id_zus_zustiege'])
    .execute();
  await db.schema
    .createIndex('zus_gruppen_member_stop_idx')
    .on('zus_gruppen_member')
    .column('id_zus_zustiege')
    .execute();

  // Journeys.
  await db.schema
    .createTable('jrn_journey')
    .addColumn('id_jrn_journey', t.id, t.idColumn)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('subtitle', 'text')
    .addColumn('code', 'text')
    .addColumn('booking_id', 'text')
    .addColumn('kuschick_id', 'text')
    .addColumn('pressmind_id', 'text')
    .addColumn('mindestteilnehmer', 'integer')
    .addColumn('bonuspunkte', 'integer')
    .addColumn('id_jrn_category', 'integer', (c) => c.references('jrn_category.id_jrn_category'))
    .addColumn('id_jrn_destination', 'integer', (c) => c.references('jrn_destination.id_jrn_destination'))
    /** JSON array of loc_country ids */
    .addColumn('countries', 'text', (c) => c.notNull().defaultTo('[]'))
    /** 0 no status, 1 trip created, 2 in progress, 3 ready for print sheet, 4 trip set */
    .addColumn('catalog_state', 'integer', (c) => c.notNull().defaultTo(0))
    /** 0 bookable, 1 on request, 2 not bookable */
    .addColumn('bookable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('online', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('project', 'text')
    .addColumn('id_organization', 'integer', (c) => c.references('organization.id'))
    .addColumn('tour_guide', 'text')
    .addColumn('recommendation_rate', 'integer')
    .addColumn('rating_stars', 'real')
    // travel texts (sanitised rich text) — `detail` in the API
    .addColumn('detail_title', 'text')
    .addColumn('introduction', 'text')
    .addColumn('services', 'text')
    .addColumn('included_services', 'text')
    .addColumn('highlights', 'text')
    .addColumn('notes', 'text')
    .addColumn('hotel_description', 'text')
    // meta tags
    .addColumn('meta_title', 'text')
    .addColumn('meta_description', 'text')
    .addColumn('slug', 'text', (c) => c.unique())
    .addColumn('keywords', 'text')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await createSearchIndex(db, 'jrn_journey', 'id_jrn_journey');
  for (const [name, columns] of [
    ['jrn_journey_sort_title_idx', ['sort_title', 'id_jrn_journey']],
    ['jrn_journey_category_idx', ['id_jrn_category', 'id_jrn_journey']],
    ['jrn_journey_destination_idx', ['id_jrn_destination', 'id_jrn_journey']],
    ['jrn_journey_organization_idx', ['id_organization', 'id_jrn_journey']],
    ['jrn_journey_online_idx', ['online', 'id_jrn_journey']],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on('jrn_journey')
      .columns([...columns])
      .execute();
  }

  await db.schema
    .createTable('jrn_journey_day')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_jrn_journey', 'integer', (c) =>
      c.notNull().references('jrn_journey.id_jrn_journey').onDelete('cascade'),
    )
    .addColumn('day_no', 'integer', (c) => c.notNull())
    .addColumn('daytitle', 'text', (c) => c.notNull())
    .addColumn('daytext', 'text')
    .execute();
  await db.schema
    .createIndex('jrn_journey_day_journey_idx')
    .on('jrn_journey_day')
    .columns(['id_jrn_journey', 'day_no'])
    .execute();

  await db.schema
    .createTable('jrn_accommodation')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_jrn_journey', 'integer', (c) =>
      c.notNull().references('jrn_journey.id_jrn_journey').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('street', 'text')
    .addColumn('zip', 'text')
    .addColumn('city', 'text')
    .addColumn('country', 'text')
    .addColumn('stars', 'real')
    .addColumn('description', 'text')
    .execute();
  await db.schema
    .createIndex('jrn_accommodation_journey_idx')
    .on('jrn_accommodation')
    .column('id_jrn_journey')
    .execute();
  await db.schema
    .createTable('jrn_room_type')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_jrn_accommodation', 'integer', (c) =>
      c.notNull().references('jrn_accommodation.id').onDelete('cascade'),
    )
    /** double | single | twin | triple | quadruple | family | suite */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    /** how many rooms of this type the operator holds per departure */
    .addColumn('rooms', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('jrn_room_type_accommodation_idx')
    .on('jrn_room_type')
    .column('id_jrn_accommodation')
    .execute();

  await db.schema
    .createTable('jrn_extra')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_jrn_journey', 'integer', (c) =>
      c.notNull().references('jrn_journey.id_jrn_journey').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull().defaultTo(0))
    /** once | per_night | per_person */
    .addColumn('price_due', 'text', (c) => c.notNull().defaultTo('per_person'))
    .addColumn('required', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('choice_group', 'text')
    .addColumn('min_age', 'integer')
    .addColumn('max_age', 'integer')
    /** limited units per departure (null: unlimited) */
    .addColumn('units', 'integer')
    .execute();
  await db.schema.createIndex('jrn_extra_journey_idx').on('jrn_extra').column('id_jrn_journey').execute();

  // The boarding points a journey offers, per direction.
  await db.schema
    .createTable('jrn_journey_stop')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_jrn_journey', 'integer', (c) =>
      c.notNull().references('jrn_journey.id_jrn_journey').onDelete('cascade'),
    )
    .addColumn('id_zus_zustiege', 'integer', (c) => c.notNull().references('zus_zustiege.id_zus_zustiege'))
    /** outbound | return */
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    /** HH:mm */
    .addColumn('time', 'text')
    .addColumn('day_offset', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('surcharge_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('jrn_journey_stop_unique', ['id_jrn_journey', 'id_zus_zustiege', 'direction'])
    .execute();
  await db.schema.createIndex('jrn_journey_stop_stop_idx').on('jrn_journey_stop').column('id_zus_zustiege').execute();

  // Departure dates (Termine) and their prices.
  await db.schema
    .createTable('jrn_date')
    .addColumn('nr', t.id, t.idColumn)
    .addColumn('id_jrn_journey', 'integer', (c) =>
      c.notNull().references('jrn_journey.id_jrn_journey').onDelete('cascade'),
    )
    .addColumn('termincode', 'text', (c) => c.notNull())
    .addColumn('date_from', t.date, (c) => c.notNull())
    .addColumn('date_till', t.date, (c) => c.notNull())
    /** 0 bookable, 1 on request, 2 not bookable (as the journey's bookable status) */
    .addColumn('bookable', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('jrn_date_termincode_unique', ['id_jrn_journey', 'termincode'])
    .execute();
  await db.schema
    .createIndex('jrn_date_journey_from_idx')
    .on('jrn_date')
    .columns(['id_jrn_journey', 'date_from'])
    .execute();
  await db.schema.createIndex('jrn_date_from_idx').on('jrn_date').columns(['date_from', 'nr']).execute();

  await db.schema
    .createTable('jrn_date_price')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_jrn_date', 'integer', (c) => c.notNull().references('jrn_date.nr').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    /** adult | child | supplement */
    .addColumn('category', 'text', (c) => c.notNull().defaultTo('adult'))
    /** room kind the price applies to (double, single, …), or null */
    .addColumn('room_kind', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('additional_price_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('jrn_date_price_date_idx').on('jrn_date_price').column('id_jrn_date').execute();

  // Images of a journey (optionally of one of its hotels).
  await db.schema
    .createTable('jrn_journey_image')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_jrn_journey', 'integer', (c) =>
      c.notNull().references('jrn_journey.id_jrn_journey').onDelete('cascade'),
    )
    .addColumn('id_stored_file', 'integer', (c) => c.notNull().references('stored_file.id'))
    .addColumn('id_jrn_accommodation', 'integer', (c) => c.references('jrn_accommodation.id').onDelete('set null'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('caption', 'text')
    .addColumn('copyright', 'text')
    .execute();
  await db.schema
    .createIndex('jrn_journey_image_journey_idx')
    .on('jrn_journey_image')
    .columns(['id_jrn_journey', 'position'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await dropSearchIndex(db, 'jrn_journey');
  await dropSearchIndex(db, 'zus_zustiege');
  for (const table of [
    'jrn_journey_image',
    'jrn_date_price',
    'jrn_date',
    'jrn_journey_stop',
    'jrn_extra',
    'jrn_room_type',
    'jrn_accommodation',
    'jrn_journey_day',
    'jrn_journey',
    'zus_gruppen_member',
    'zus_gruppen',
    'zus_zustiege',
    'jrn_destination',
    'jrn_category',
    'stored_file',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
