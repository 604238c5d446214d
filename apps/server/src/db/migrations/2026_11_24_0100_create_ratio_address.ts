import { types, type MigrationDb } from './helpers.ts';

/**
 * The RATIO address record's fields that the customer card does not model (docs/adr/0015): one row per
 * customer card, its fields as a JSON object. `kennziffer` repeats the card's RATIO number so that two
 * records can never claim the same one, also when two creates race.
 */
export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);
  await db.schema
    .createTable('ratio_address')
    .addColumn('id_vc_card', 'integer', (c) => c.primaryKey().references('vc_card.id_vc_card').onDelete('cascade'))
    .addColumn('kennziffer', 'text', (c) => c.unique())
    .addColumn('fields', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('ratio_address').ifExists().execute();
}
