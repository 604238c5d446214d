import { types, type MigrationDb } from './helpers.ts';

/** The operator's emergency numbers (label + phone, in order) that every traveller's journey shows (issue #13). */
export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);
  await db.schema
    .createTable('emergency_number')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('label', 'varchar(80)', (c) => c.notNull())
    .addColumn('phone', 'varchar(40)', (c) => c.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('emergency_number').ifExists().execute();
}
