import { types, type MigrationDb } from './helpers.ts';

/**
 * Third-party services and the history of system settings (issue #18 items 4 and 8, docs/adr/0033).
 * `third_party_setting`: one row per outside service; `settings` holds the plain values as JSON, `secrets` the
 * passwords and keys as one AES-256-GCM sealed JSON object (never readable without the key).
 * `sys_settings_history`: every change of a system setting, who made it and the value before and after.
 */
export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);
  await db.schema
    .createTable('third_party_setting')
    .addColumn('provider', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('secrets', 'text')
    .addColumn('updated_by', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable('sys_settings_history')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('setting_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('old_value', 'text')
    .addColumn('new_value', 'text')
    .addColumn('user_id', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    .addColumn('user_email', 'varchar(300)')
    .addColumn('at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex('sys_settings_history_key')
    .on('sys_settings_history')
    .columns(['setting_key', 'id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('sys_settings_history').ifExists().execute();
  await db.schema.dropTable('third_party_setting').ifExists().execute();
}
