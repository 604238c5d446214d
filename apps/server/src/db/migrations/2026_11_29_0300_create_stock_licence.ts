import { types, type MigrationDb } from './helpers.ts';

/**
 * Stock image licences (issue #15 point 9, spec §4 "Image licence", §9 credits): one row per Adobe Stock content
 * id. The row is claimed before Adobe is asked (unique `stock_id`, then a conditional update), so two app
 * instances never license one image twice; it records the state, the credit used, the quota Adobe reported,
 * who licensed it when, and the image it became in the image database.
 */
export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);
  await db.schema
    .createTable('stock_licence')
    .addColumn('id', t.id, t.idColumn)
    /** Adobe Stock's content id */
    .addColumn('stock_id', 'varchar(64)', (c) => c.notNull().unique())
    /** processing (requested), standard (licensed), error (refused or failed) */
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    /** Adobe's purchase_details.state of the last answer, e.g. just_purchased */
    .addColumn('adobe_state', 'varchar(32)')
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('thumbnail_url', 'text')
    .addColumn('media_type_id', 'integer')
    /** credits this licence consumed (1 for a new purchase, 0 for one Adobe already had) */
    .addColumn('credits_used', 'integer', (c) => c.notNull().defaultTo(0))
    /** the remaining quota Adobe reported with the licence */
    .addColumn('quota_after', 'integer')
    .addColumn('id_img_library_item', 'integer', (c) =>
      c.references('img_library_item.id_img_library_item').onDelete('set null'),
    )
    .addColumn('licensed_at', t.timestamp)
    .addColumn('requested_by', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('stock_licence_state').on('stock_licence').columns(['state', 'id']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('stock_licence').ifExists().execute();
}
