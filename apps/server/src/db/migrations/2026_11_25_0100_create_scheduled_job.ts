import { types, type MigrationDb } from './helpers.ts';

/**
 * The job scheduler's claim table (lib/scheduler.ts, docs/adr/0018): one row per named job. An instance runs a
 * job only after claiming its row with a conditional update, so several app instances on one database run each
 * job once per interval; a crashed run's claim lapses after its lease.
 */
export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);
  await db.schema
    .createTable('scheduled_job')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('every_ms', 'integer', (c) => c.notNull())
    .addColumn('locked_until', t.timestamp)
    .addColumn('locked_by', 'text')
    .addColumn('last_started_at', t.timestamp)
    .addColumn('last_finished_at', t.timestamp)
    .addColumn('last_error', 'text')
    .addColumn('runs', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('scheduled_job').ifExists().execute();
}
