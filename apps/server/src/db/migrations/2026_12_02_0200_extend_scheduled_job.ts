import { types, type MigrationDb } from './helpers.ts';

/**
 * Cron jobs on the system screen (docs/adr/0030): a job can be switched off, its schedule overridden by an admin
 * (a cron expression; empty = the code's default), a run requested ("run now", claimed by whichever instance polls
 * next), and the next due time is stored so the claim stays one conditional update. Each run is recorded in
 * `scheduled_job_run` (the last runs per job are kept).
 */
export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);
  await db.schema
    .alterTable('scheduled_job')
    .addColumn('active', t.boolean, (c) => c.notNull().defaultTo(t.true))
    .execute();
  await db.schema.alterTable('scheduled_job').addColumn('schedule', 'text').execute();
  await db.schema.alterTable('scheduled_job').addColumn('default_schedule', 'text').execute();
  await db.schema.alterTable('scheduled_job').addColumn('next_run_at', t.timestamp).execute();
  await db.schema.alterTable('scheduled_job').addColumn('run_requested_at', t.timestamp).execute();
  await db.schema
    .createTable('scheduled_job_run')
    .addColumn('id_scheduled_job_run', t.id, t.idColumn)
    .addColumn('job_name', 'text', (c) => c.notNull().references('scheduled_job.name').onDelete('cascade'))
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('started_at', t.timestamp, (c) => c.notNull())
    .addColumn('finished_at', t.timestamp)
    .addColumn('duration_ms', 'integer')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('instance', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('scheduled_job_run_job')
    .on('scheduled_job_run')
    .columns(['job_name', 'id_scheduled_job_run'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('scheduled_job_run').ifExists().execute();
  for (const column of ['run_requested_at', 'next_run_at', 'default_schedule', 'schedule', 'active']) {
    await db.schema.alterTable('scheduled_job').dropColumn(column).execute();
  }
}
