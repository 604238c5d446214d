import type { MigrationDb } from './helpers.ts';

/**
 * The public trip feed (GET /journey-web-legacy) reads the latest `updated_at` of all journeys on every poll to
 * tell whether its last answer still holds: with this index that is one index lookup instead of a scan of the
 * journeys with all their texts.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.createIndex('jrn_journey_updated_idx').on('jrn_journey').column('updated_at').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('jrn_journey_updated_idx').ifExists().execute();
}
