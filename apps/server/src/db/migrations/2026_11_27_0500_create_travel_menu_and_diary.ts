import { sql } from 'kysely';
import { types, type MigrationDb } from './helpers.ts';

/**
 * The on-board travel menu per journey, the consumption booked from it, and the traveller's diary (issue #13
 * items 4 and 5). A consumption line keeps the name, price and VAT as sold, so later menu changes leave the
 * traveller's bill as it was.
 */
export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);
  await db.schema
    .createTable('travel_menu_item')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_jrn_journey', 'integer', (c) =>
      c.notNull().references('jrn_journey.id_jrn_journey').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('category', 'varchar(20)', (c) =>
      c.notNull().check(sql`category in ('drinks', 'snacks', 'hotMeals', 'other')`),
    )
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn('vat_rate', 'integer', (c) => c.notNull().check(sql`vat_rate in (7, 19)`))
    .addColumn('available', t.boolean, (c) => c.notNull().defaultTo(t.true))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex('travel_menu_item_journey')
    .on('travel_menu_item')
    .columns(['id_jrn_journey', 'position'])
    .execute();

  await db.schema
    .createTable('travel_consumption')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_jrn_journey', 'integer', (c) => c.notNull())
    .addColumn('id_jrn_date', 'integer', (c) => c.notNull().references('jrn_date.nr').onDelete('cascade'))
    .addColumn('id_transport', 'integer', (c) => c.references('transport.id').onDelete('set null'))
    .addColumn('id_booking', 'integer', (c) => c.notNull().references('booking.id').onDelete('cascade'))
    .addColumn('id_participant', 'integer', (c) => c.notNull().references('participant.id').onDelete('cascade'))
    .addColumn('id_travel_menu_item', 'integer', (c) => c.references('travel_menu_item.id').onDelete('set null'))
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
    .addColumn('vat_rate', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('created_by', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    .addColumn('cancelled_at', t.timestamp)
    .addColumn('cancelled_by', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('travel_consumption_booking').on('travel_consumption').columns(['id_booking']).execute();
  await db.schema
    .createIndex('travel_consumption_transport')
    .on('travel_consumption')
    .columns(['id_transport', 'created_at'])
    .execute();
  await db.schema.createIndex('travel_consumption_date').on('travel_consumption').columns(['id_jrn_date']).execute();

  await db.schema
    .createTable('diary_entry')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_user', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('id_booking', 'integer', (c) => c.notNull().references('booking.id').onDelete('cascade'))
    .addColumn('day', t.date, (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('text', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex('diary_entry_user_booking')
    .on('diary_entry')
    .columns(['id_user', 'id_booking', 'day'])
    .execute();

  // Private photos: their bytes are in the file store under server-made keys, delivered only to their owner.
  await db.schema
    .createTable('diary_photo')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_diary_entry', 'integer', (c) => c.notNull().references('diary_entry.id').onDelete('cascade'))
    .addColumn('storage_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('variants', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('mime_type', 'varchar(50)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('diary_photo_entry').on('diary_photo').columns(['id_diary_entry']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['diary_photo', 'diary_entry', 'travel_consumption', 'travel_menu_item'])
    await db.schema.dropTable(table).ifExists().execute();
}
