import { createSearchIndex, dropSearchIndex, types, type MigrationDb } from './helpers.ts';

/**
 * The documents query's registry (issue #17, docs/adr/0029): one row per document Tourdesk wrote or received,
 * with the booking, customer, journey, departure and agency it belongs to, so `/documents` is one indexed table
 * and not a union over invoices, mails and received documents. `source_key` (`invoice:12`, `mail-attachment:5`,
 * `received:3`, `manifest:77:boarding`) makes indexing a document twice impossible; the rows are filled by the
 * documents feature's indexer (see the ADR for why the backfill is the indexer's first run, not SQL here).
 */
export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);
  // Each filter's index carries the type too: a filter with a type finds its rows on two equal columns, which the
  // planners prefer over walking the type's index in date order (bench/src/documents.ts measured it).
  await db.schema
    .createTable('document_index')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('source_key', 'varchar(80)', (c) => c.notNull().unique())
    .addColumn('source', 'varchar(20)', (c) => c.notNull())
    .addColumn('source_id', 'integer', (c) => c.notNull())
    .addColumn('doc_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('manifest_kind', 'varchar(20)')
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('filename', 'varchar(300)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(120)', (c) => c.notNull())
    .addColumn('doc_date', t.timestamp, (c) => c.notNull())
    .addColumn('id_booking', 'integer')
    .addColumn('id_vc_card', 'integer')
    .addColumn('customer_name', 'varchar(300)')
    .addColumn('id_jrn_journey', 'integer')
    .addColumn('journey_title', 'varchar(300)')
    .addColumn('id_jrn_date', 'integer')
    .addColumn('id_organization', 'integer')
    .addColumn('id_mail', 'integer')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('document_index_source').on('document_index').columns(['source', 'source_id']).execute();
  await db.schema.createIndex('document_index_date').on('document_index').columns(['doc_date', 'id']).execute();
  await db.schema
    .createIndex('document_index_booking')
    .on('document_index')
    .columns(['id_booking', 'doc_type', 'doc_date'])
    .execute();
  await db.schema
    .createIndex('document_index_card')
    .on('document_index')
    .columns(['id_vc_card', 'doc_type', 'doc_date'])
    .execute();
  await db.schema
    .createIndex('document_index_journey')
    .on('document_index')
    .columns(['id_jrn_journey', 'doc_type', 'doc_date'])
    .execute();
  await db.schema
    .createIndex('document_index_agency')
    .on('document_index')
    .columns(['id_organization', 'doc_type', 'doc_date'])
    .execute();
  await db.schema.createIndex('document_index_type').on('document_index').columns(['doc_type', 'doc_date']).execute();
  await createSearchIndex(db, 'document_index', 'id');
}

export async function down(db: MigrationDb): Promise<void> {
  await dropSearchIndex(db, 'document_index');
  await db.schema.dropTable('document_index').ifExists().execute();
}
