import { types, type MigrationDb } from './helpers.ts';

/**
 * Data import of customers from files (issue #18 item 3, docs/adr/0032): the named sources with their saved column
 * mapping, the import jobs with their progress, the parsed file in chunks, the cards each import created or
 * updated (with the before-image for the undo), and the skipped rows with their reason.
 */
export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);
  await db.schema
    .createTable('data_import_source')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
    /** JSON object: import field → column index */
    .addColumn('mapping', 'text', (c) => c.notNull())
    .addColumn('existing', 'varchar(10)', (c) => c.notNull().defaultTo('update'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createTable('data_import')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('id_source', 'integer', (c) => c.references('data_import_source.id').onDelete('set null'))
    .addColumn('created_by', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    /** JSON array of the header row */
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('mapping', 'text')
    .addColumn('existing', 'varchar(10)', (c) => c.notNull().defaultTo('update'))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('uploaded'))
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('undo_kept', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'varchar(100)')
    /** until when the running worker holds the job; a later worker takes over a job whose lease has run out */
    .addColumn('locked_until', t.timestamp)
    .addColumn('finished_at', t.timestamp)
    .addColumn('undone_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createTable('data_import_chunk')
    .addColumn('id_import', 'integer', (c) => c.notNull().references('data_import.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    /** JSON array of the data rows from `position` on, each an array of strings */
    .addColumn('rows', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('data_import_chunk_pk', ['id_import', 'position'])
    .execute();
  await db.schema
    .createTable('data_import_item')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_import', 'integer', (c) => c.notNull().references('data_import.id').onDelete('cascade'))
    .addColumn('row', 'integer', (c) => c.notNull())
    /** created | updated | skipped | kept (left in place by the undo) */
    .addColumn('outcome', 'varchar(10)', (c) => c.notNull())
    .addColumn('reason', 'varchar(60)')
    .addColumn('id_vc_card', 'integer')
    /** JSON: the customer's fields before the import changed them (updated rows) */
    .addColumn('before', 'text')
    .execute();
  await db.schema
    .createIndex('data_import_item_import_idx')
    .on('data_import_item')
    .columns(['id_import', 'outcome', 'row'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('data_import_item').ifExists().execute();
  await db.schema.dropTable('data_import_chunk').ifExists().execute();
  await db.schema.dropTable('data_import').ifExists().execute();
  await db.schema.dropTable('data_import_source').ifExists().execute();
}
