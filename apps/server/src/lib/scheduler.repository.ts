import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

/** SQL of the scheduled_job table (lib/scheduler.ts). */

export async function ensureJobRow(db: Database, name: string, everyMs: number): Promise<void> {
  await db
    .insertInto('scheduled_job')
    .values({ name, every_ms: everyMs, runs: 0, failures: 0 })
    .onConflict((oc) => oc.column('name').doUpdateSet({ every_ms: everyMs }))
    .execute();
}

/**
 * Claims a job for one run: only when nobody holds it and its last start is at least `everyMs` ago. One
 * conditional update, so of several instances exactly one wins.
 */
export async function claimJob(
  db: Database,
  claim: { name: string; owner: string; now: string; lockedUntil: string; startedBefore: string },
): Promise<boolean> {
  const result = await db
    .updateTable('scheduled_job')
    .set({ locked_until: claim.lockedUntil, locked_by: claim.owner, last_started_at: claim.now })
    .where('name', '=', claim.name)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', claim.now)]))
    .where((eb) => eb.or([eb('last_started_at', 'is', null), eb('last_started_at', '<=', claim.startedBefore)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function finishJob(
  db: Database,
  done: { name: string; owner: string; now: string; error: string | null },
): Promise<void> {
  await db
    .updateTable('scheduled_job')
    .set({
      locked_until: null,
      locked_by: null,
      last_finished_at: done.now,
      last_error: done.error,
      runs: sql`runs + 1`,
      failures: done.error === null ? sql`failures` : sql`failures + 1`,
    })
    .where('name', '=', done.name)
    .where('locked_by', '=', done.owner)
    .execute();
}

export const listJobs = (db: Database) => db.selectFrom('scheduled_job').selectAll().orderBy('name').execute();
