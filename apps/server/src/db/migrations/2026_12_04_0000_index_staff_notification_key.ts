import type { MigrationDb } from './helpers.ts';

/**
 * A notice sent to many colleagues (an option about to lapse rings everyone with vorgang-read) is written once per
 * user under one `dedupe_key`; a job that runs again reads who already has it by that key alone, which the unique
 * index `(id_user, dedupe_key)` cannot serve (features/staff-notifications).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createIndex('staff_notification_key')
    .on('staff_notification')
    .columns(['dedupe_key', 'id_user'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('staff_notification_key').ifExists().execute();
}
