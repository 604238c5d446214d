import { types, type MigrationDb } from './helpers.ts';

/**
 * Newsletter contacts (issue #14): the customer card's newsletter flag (spec §3 address field `newsletter`), kept
 * in step with the contact of the same address, and the contact imports (the parsed file, its column mapping and
 * how far the chunked import has come).
 */
export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);
  await db.schema
    .alterTable('vc_card')
    .addColumn('newsletter', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .execute();
  await db.schema
    .createTable('newsletter_import')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    /** JSON array of the header row, and JSON array of the data rows (arrays of strings) */
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('rows', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    /** JSON object: import field → column index; set when the import starts */
    .addColumn('mapping', 'text')
    .addColumn('id_list', 'integer', (c) => c.references('newsletter_list.id').onDelete('set null'))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('uploaded'))
    /** how many rows are done */
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    /** JSON array of the skipped rows with their reason (the first 500) */
    .addColumn('skipped_rows', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('newsletter_import').ifExists().execute();
  await db.schema.alterTable('vc_card').dropColumn('newsletter').execute();
}
