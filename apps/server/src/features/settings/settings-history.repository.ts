import type { Insertable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SysSettingsHistoryTable } from './settings-history.table.ts';

export async function insertSettingHistory(db: Database, row: Insertable<SysSettingsHistoryTable>): Promise<void> {
  await db.insertInto('sys_settings_history').values(row).execute();
}

/** A key's changes, newest first. */
export const findSettingHistory = (db: Database, key: string, limit: number) =>
  db
    .selectFrom('sys_settings_history')
    .select(['id', 'setting_key', 'old_value', 'new_value', 'user_id', 'user_email', 'at'])
    .where('setting_key', '=', key)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
