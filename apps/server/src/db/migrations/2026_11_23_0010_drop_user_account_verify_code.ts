import type { MigrationDb } from './helpers.ts';

/**
 * user_account.verify_code was never used: mailed codes live hashed in action_code (one row per code, with
 * purpose and expiry), so a plain code on the account only invited confusion.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('user_account').dropColumn('verify_code').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('user_account').addColumn('verify_code', 'text').execute();
}
