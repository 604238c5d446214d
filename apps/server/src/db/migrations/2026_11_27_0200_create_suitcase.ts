import { sql } from 'kysely';
import { types, type MigrationDb } from './helpers.ts';

/**
 * Travel-bag templates (spec §4, §7 /app/travelbagtemplates) and the traveller's suitcase list per booking
 * (issue #13): items are kept as one JSON text per list, written whole on each sync, with a version for the
 * offline sync's conflict check (docs/adr/0020 "Offline").
 */
export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);
  await db.schema
    .createTable('travelbag_template')
    .addColumn('id_travelbagtemplates', t.id, t.idColumn)
    .addColumn('short', 'varchar(120)', (c) => c.notNull())
    .addColumn('sort_short', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    /** JSON array of { text, category, quantity } */
    .addColumn('items', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createTable('suitcase')
    .addColumn('id_user', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('id_booking', 'integer', (c) => c.notNull().references('booking.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull().check(sql`version > 0`))
    /** JSON array of { id, text, category, quantity, packed } */
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addPrimaryKeyConstraint('suitcase_pk', ['id_user', 'id_booking'])
    .execute();
  await db.schema.createIndex('suitcase_booking').on('suitcase').columns(['id_booking']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('suitcase').ifExists().execute();
  await db.schema.dropTable('travelbag_template').ifExists().execute();
}
