import { sql } from 'kysely';
import { types, type MigrationDb } from './helpers.ts';

/**
 * The image database (issue #15, spec §3 "Image", §4 "Image trash", §5 "image already exists in the folder"):
 * libraries (folders) of images, each image a stored file with its description, copyright and licence state,
 * and a history of who uploaded, used, licensed or deleted what. Stock licences (Adobe Stock) and website
 * content reference these rows; see docs/adr/0022-web-content-and-image-database.md.
 */
export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);
  await db.schema
    .createTable('img_library')
    .addColumn('id_img_library', t.id, t.idColumn)
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    /** personal (its owner's), shared (every user with the shared-library right), library (the operator's), trip */
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    /** the owner of a personal library; who created the others */
    .addColumn('user_id', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable('img_library_item')
    .addColumn('id_img_library_item', t.id, t.idColumn)
    .addColumn('id_img_library', 'integer', (c) => c.notNull().references('img_library.id_img_library'))
    .addColumn('id_stored_file', 'integer', (c) => c.notNull().references('stored_file.id'))
    /** SHA-256 of the uploaded bytes, hex: the same file twice in one library is refused (spec §5) */
    .addColumn('content_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('copyright', 'varchar(255)')
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    /** none (own image), processing (licence requested), standard (licensed), error (licence failed) */
    .addColumn('licence_state', 'varchar(16)', (c) => c.notNull().defaultTo('none'))
    /** the stock agency's id of a licensed stock image */
    .addColumn('stock_id', 'varchar(64)')
    /** set when the image went to the trash; restored clears it, deleting for good removes the row */
    .addColumn('deleted_at', t.timestamp)
    .addColumn('deleted_by', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    .addColumn('created_by', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex('img_library_item_hash')
    .on('img_library_item')
    .columns(['id_img_library', 'content_hash'])
    .unique()
    .execute();
  await db.schema
    .createIndex('img_library_item_list')
    .on('img_library_item')
    .columns(['id_img_library', 'id_img_library_item'])
    .execute();
  await db.schema.createIndex('img_library_item_file').on('img_library_item').column('id_stored_file').execute();
  await sql`create index img_library_item_trash on img_library_item (deleted_at) where deleted_at is not null`.execute(
    db,
  );

  await db.schema
    .createTable('img_history')
    .addColumn('id', t.id, t.idColumn)
    /** null once the image was deleted for good; `item_name` keeps what it was called */
    .addColumn('id_img_library_item', 'integer', (c) =>
      c.references('img_library_item.id_img_library_item').onDelete('set null'),
    )
    .addColumn('item_name', 'varchar(255)', (c) => c.notNull())
    /** uploaded, updated, used, licensed, licence_failed, trashed, restored, deleted */
    .addColumn('action', 'varchar(24)', (c) => c.notNull())
    /** what it was used for or where it went, e.g. "journey 12" or "library 3" */
    .addColumn('detail', 'varchar(255)')
    .addColumn('user_id', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('img_history_time').on('img_history').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('img_history_item').on('img_history').columns(['id_img_library_item', 'id']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('img_history').ifExists().execute();
  await db.schema.dropTable('img_library_item').ifExists().execute();
  await db.schema.dropTable('img_library').ifExists().execute();
}
