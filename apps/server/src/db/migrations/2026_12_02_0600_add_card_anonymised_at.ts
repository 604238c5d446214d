import { types, type MigrationDb } from './helpers.ts';

/**
 * `vc_card.anonymised_at`: when a customer was anonymised on request (GDPR, issue #18 item 7, docs/adr/0034); a
 * second request finds it set and changes nothing.
 */
export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);
  await db.schema.alterTable('vc_card').addColumn('anonymised_at', t.timestamp).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('vc_card').dropColumn('anonymised_at').execute();
}
