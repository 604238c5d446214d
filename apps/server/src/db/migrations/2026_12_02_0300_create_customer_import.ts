import { types, type MigrationDb } from './helpers.ts';

/**
 * Customer import from ratio and Kuschick (issue #18, docs/adr/0031). `customer_import_link` says which customer
 * card a record of an outside system became (one card per system and record number: the unique key is what keeps
 * two imports of one new record from making two cards) and the fingerprint of the record as last imported (an
 * unchanged record is not written again unless forced). `customer_import_run` keeps each run of the scheduled
 * import with its window and counts.
 */
export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);
  await db.schema
    .createTable('customer_import_link')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('source', 'varchar(10)', (c) => c.notNull())
    .addColumn('remote_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('id_vc_card', 'integer', (c) => c.notNull().references('vc_card.id_vc_card').onDelete('cascade'))
    .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
    .addColumn('imported_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('customer_import_link_remote')
    .on('customer_import_link')
    .columns(['source', 'remote_id'])
    .unique()
    .execute();
  await db.schema.createIndex('customer_import_link_card').on('customer_import_link').column('id_vc_card').execute();

  await db.schema
    .createTable('customer_import_run')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('source', 'varchar(10)', (c) => c.notNull())
    .addColumn('started_at', t.timestamp, (c) => c.notNull())
    .addColumn('finished_at', t.timestamp, (c) => c.notNull())
    /** records changed at or after this time were asked for */
    .addColumn('window_from', t.timestamp, (c) => c.notNull())
    .addColumn('fetched', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unchanged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    /** why the run failed as a whole (the list could not be read), else null */
    .addColumn('error', 'varchar(1000)')
    .execute();
  await db.schema
    .createIndex('customer_import_run_source')
    .on('customer_import_run')
    .columns(['source', 'started_at'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('customer_import_run').execute();
  await db.schema.dropTable('customer_import_link').execute();
}
