import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { isTrue } from '../db/dialect.ts';

/** SQL of the scheduled_job and scheduled_job_run tables (lib/scheduler.ts, ADR 0018 and 0030). */

/** How many runs per job the history keeps. */
export const KEPT_RUNS = 50;

/** Adds the job's row if missing and records the code's timing; what an admin set is left alone. */
export async function ensureJobRow(
  db: Database,
  job: { name: string; everyMs: number; defaultSchedule: string | null; nextRunAt: string | null },
): Promise<void> {
  await db
    .insertInto('scheduled_job')
    .values({
      name: job.name,
      every_ms: job.everyMs,
      default_schedule: job.defaultSchedule,
      schedule: null,
      next_run_at: job.nextRunAt,
      run_requested_at: null,
      runs: 0,
      failures: 0,
    })
    .onConflict((oc) => oc.column('name').doUpdateSet({ every_ms: job.everyMs, default_schedule: job.defaultSchedule }))
    .execute();
}

export type Claim = {
  name: string;
  owner: string;
  now: string;
  lockedUntil: string;
  /** the next due time if this run is the scheduled one */
  nextRunAt: string;
  /** interval jobs without a stored due time: the last start must be this old */
  startedBefore: string;
};

/**
 * Claims a job for one run with one conditional update, so of several instances exactly one wins. A job can be
 * claimed when nobody holds it and a run was requested ("run now"), or it is active and due; or when the last
 * claim's lease has lapsed without the run finishing (its instance died): then the run is taken over.
 */
export async function claimJob(db: Database, claim: Claim): Promise<boolean> {
  const now = claim.now;
  const result = await db
    .updateTable('scheduled_job')
    .set((eb) => ({
      locked_until: claim.lockedUntil,
      locked_by: claim.owner,
      last_started_at: now,
      run_requested_at: null,
      // A run before its due time (requested) leaves the schedule alone; a due one moves it on.
      next_run_at: eb
        .case()
        .when(eb.and([eb('next_run_at', 'is not', null), eb('next_run_at', '>', now)]))
        .then(eb.ref('next_run_at'))
        .else(claim.nextRunAt)
        .end(),
    }))
    .where('name', '=', claim.name)
    .where((eb) =>
      eb.or([
        // a crashed run: claimed, never finished, lease over
        eb.and([eb('locked_until', 'is not', null), eb('locked_until', '<', now)]),
        eb.and([
          eb('locked_until', 'is', null),
          eb.or([
            eb('run_requested_at', 'is not', null),
            eb.and([
              isTrue('active'),
              eb.or([
                eb('next_run_at', '<=', now),
                eb.and([
                  eb('next_run_at', 'is', null),
                  eb.or([eb('last_started_at', 'is', null), eb('last_started_at', '<=', claim.startedBefore)]),
                ]),
              ]),
            ]),
          ]),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks the runs of a job that never finished (their instance died) as failed. */
export async function abandonRuns(db: Database, name: string, now: string, error: string): Promise<void> {
  await db
    .updateTable('scheduled_job_run')
    .set({ finished_at: now, outcome: 'failed', error })
    .where('job_name', '=', name)
    .where('outcome', '=', 'running')
    .execute();
}

export async function insertRun(
  db: Database,
  run: { name: string; trigger: 'schedule' | 'manual'; startedAt: string; instance: string },
): Promise<number> {
  const row = await db
    .insertInto('scheduled_job_run')
    .values({
      job_name: run.name,
      trigger: run.trigger,
      started_at: run.startedAt,
      finished_at: null,
      duration_ms: null,
      outcome: 'running',
      error: null,
      instance: run.instance,
    })
    .returning('id_scheduled_job_run')
    .executeTakeFirstOrThrow();
  return row.id_scheduled_job_run;
}

export async function finishRun(
  db: Database,
  run: { id: number; finishedAt: string; durationMs: number; error: string | null },
): Promise<void> {
  await db
    .updateTable('scheduled_job_run')
    .set({
      finished_at: run.finishedAt,
      duration_ms: run.durationMs,
      outcome: run.error === null ? 'ok' : 'failed',
      error: run.error,
    })
    .where('id_scheduled_job_run', '=', run.id)
    .execute();
}

/** Keeps the last `KEPT_RUNS` runs of a job. */
export async function pruneRuns(db: Database, name: string, keep = KEPT_RUNS): Promise<void> {
  await db
    .deleteFrom('scheduled_job_run')
    .where('job_name', '=', name)
    .where(
      'id_scheduled_job_run',
      'not in',
      db
        .selectFrom('scheduled_job_run')
        .select('id_scheduled_job_run')
        .where('job_name', '=', name)
        .orderBy('id_scheduled_job_run', 'desc')
        .limit(keep),
    )
    .execute();
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

export const findJob = (db: Database, name: string) =>
  db.selectFrom('scheduled_job').selectAll().where('name', '=', name).executeTakeFirst();

/** The recent runs of some jobs, newest first, at most `perJob` each. */
export async function listRuns(db: Database, names: readonly string[], perJob: number) {
  if (names.length === 0) return [];
  const ranked = db
    .selectFrom('scheduled_job_run')
    .selectAll()
    .select(sql<number>`row_number() over (partition by job_name order by id_scheduled_job_run desc)`.as('position'))
    .where('job_name', 'in', names);
  return db
    .selectFrom(ranked.as('ranked'))
    .selectAll()
    .where('position', '<=', perJob)
    .orderBy('job_name')
    .orderBy('id_scheduled_job_run', 'desc')
    .execute();
}

export async function updateJobSettings(
  db: Database,
  name: string,
  change: { active?: boolean; schedule?: string | null; nextRunAt?: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('scheduled_job')
    .set({
      ...(change.active === undefined ? {} : { active: change.active }),
      ...(change.schedule === undefined ? {} : { schedule: change.schedule }),
      ...(change.nextRunAt === undefined ? {} : { next_run_at: change.nextRunAt }),
    })
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** "Run now": stored, so whichever instance polls next claims and runs it once. */
export async function requestRun(db: Database, name: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('scheduled_job')
    .set({ run_requested_at: now })
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
