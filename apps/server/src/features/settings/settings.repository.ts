import type { Insertable, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SysSettingsTable } from './settings.table.ts';

export const settingBaseQuery = (db: Database) =>
  db
    .selectFrom('sys_settings')
    .select([
      'sys_settings.id_sys_settings',
      'sys_settings.key',
      'sys_settings.value',
      'sys_settings.created_at',
      'sys_settings.updated_at',
    ]);

export type SettingRow = Awaited<ReturnType<ReturnType<typeof settingBaseQuery>['executeTakeFirstOrThrow']>>;

export const findSettingById = (db: Database, id: number) =>
  settingBaseQuery(db).where('id_sys_settings', '=', id).executeTakeFirst();

export const findSettingByKey = (db: Database, key: string) =>
  settingBaseQuery(db).where('key', '=', key).executeTakeFirst();

export async function settingKeyTaken(db: Database, key: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('sys_settings').select('id_sys_settings').where('key', '=', key);
  if (exceptId !== undefined) query = query.where('id_sys_settings', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertSetting(db: Database, values: Insertable<SysSettingsTable>): Promise<number> {
  const row = await db.insertInto('sys_settings').values(values).returning('id_sys_settings').executeTakeFirstOrThrow();
  return row.id_sys_settings;
}

export async function updateSettingRow(db: Database, id: number, values: Updateable<SysSettingsTable>): Promise<void> {
  await db.updateTable('sys_settings').set(values).where('id_sys_settings', '=', id).execute();
}

export async function deleteSettingRow(db: Database, id: number): Promise<void> {
  await db.deleteFrom('sys_settings').where('id_sys_settings', '=', id).execute();
}

export const findSettingsByKeys = (db: Database, keys: readonly string[]) =>
  settingBaseQuery(db).where('key', 'in', keys).execute();
