import { types, type MigrationDb } from './helpers.ts';

/**
 * The images of newsletter templates (issue #14, the spec's "files" sub-page): each row makes a stored file a
 * template image, which is what lets mail programs load it by URL without a login (docs/adr/0009).
 */
export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);
  await db.schema
    .createTable('newsletter_template_image')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_stored_file', 'integer', (c) => c.notNull().references('stored_file.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    /** the name in DIN 5007 form: one image per name in the folder (spec §5 "image already exists") */
    .addColumn('name_key', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('created_by', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex('newsletter_template_image_file')
    .on('newsletter_template_image')
    .column('id_stored_file')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('newsletter_template_image').ifExists().execute();
}
