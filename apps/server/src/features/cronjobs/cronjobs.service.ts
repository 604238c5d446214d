import type { CronJob, CronJobList, CronJobRun, CronPreview, UpdateCronJobBody } from '@tourdesk/contracts';
import { toBool, toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { cronProblem, nextCronRuns } from '../../lib/cron.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import type { Scheduler } from '../../lib/scheduler.ts';
import {
  findJob,
  KEPT_RUNS,
  listJobs,
  listRuns,
  requestRun,
  updateJobSettings,
} from '../../lib/scheduler.repository.ts';
import type { DbContext } from '../../types.ts';

/** The cron jobs of the system screen (docs/adr/0030): the scheduler's jobs, their rows and their runs. */

/** How many recent runs each job of the list carries as `logs`. */
const LIST_RUNS = 5;

type JobRow = Awaited<ReturnType<typeof listJobs>>[number];
type RunRow = Awaited<ReturnType<typeof listRuns>>[number];

const toRun = (row: RunRow): CronJobRun => ({
  id: row.id_scheduled_job_run,
  trigger: row.trigger,
  startedAt: toIso(row.started_at)!,
  finishedAt: toIso(row.finished_at),
  durationMs: row.duration_ms,
  outcome: row.outcome,
  error: row.error,
  instance: row.instance,
});

const FAR_AWAY = '9999';

function toCronJob(row: JobRow, runs: readonly RunRow[]): CronJob {
  const nextDate = toIso(row.next_run_at);
  const logs = runs.map(toRun);
  return {
    id: row.name,
    name: row.name,
    active: toBool(row.active),
    schedule: row.schedule,
    defaultSchedule: row.default_schedule,
    everyMs: row.every_ms,
    lastDate: toIso(row.last_started_at),
    lastFinishedDate: toIso(row.last_finished_at),
    nextDate: nextDate?.startsWith(FAR_AWAY) ? null : nextDate,
    running: row.locked_until !== null,
    runRequested: row.run_requested_at !== null,
    runs: row.runs,
    failures: row.failures,
    lastError: row.last_error,
    lastOutcome: logs[0]?.outcome ?? null,
    logs,
  };
}

async function jobRows(ctx: DbContext, scheduler: Scheduler, names: readonly string[]): Promise<CronJob[]> {
  await scheduler.ensureRows();
  const rows = (await listJobs(ctx.db)).filter((row) => names.includes(row.name));
  const runs = await listRuns(
    ctx.db,
    rows.map((row) => row.name),
    LIST_RUNS,
  );
  return rows.map((row) =>
    toCronJob(
      row,
      runs.filter((run) => run.job_name === row.name),
    ),
  );
}

/** Every job the scheduler runs (the registered ones), by name. */
export async function listCronJobs(ctx: DbContext, scheduler: Scheduler): Promise<CronJobList> {
  const data = await jobRows(ctx, scheduler, scheduler.jobNames);
  return { total: data.length, limit: data.length, skip: 0, data };
}

export async function getCronJob(ctx: DbContext, scheduler: Scheduler, id: string): Promise<CronJob> {
  if (!scheduler.job(id)) throw notFound();
  const [job] = await jobRows(ctx, scheduler, [id]);
  if (!job) throw notFound();
  return job;
}

function checkSchedule(schedule: string): void {
  if (cronProblem(schedule) !== null) throw invalidField('schedule', 'error.invalid');
}

/**
 * PUT /cronjobs/: the active flag (spec §4) and the schedule. A new schedule, or switching a job back on, sets its
 * next due time from now, so a job that was off does not run at once for the time it missed.
 */
export async function updateCronJob(
  ctx: DbContext,
  scheduler: Scheduler,
  body: UpdateCronJobBody,
  now = new Date(),
): Promise<CronJob> {
  if (!scheduler.job(body.id)) throw notFound();
  if (typeof body.schedule === 'string') checkSchedule(body.schedule);
  await inTransaction(ctx, async (trx) => {
    const row = await findJob(trx.db, body.id);
    if (!row) throw notFound();
    const schedule = body.schedule === undefined ? row.schedule : body.schedule;
    const recompute = body.schedule !== undefined || (body.active === true && !toBool(row.active));
    const next = recompute ? scheduler.nextRunAt(body.id, schedule, now) : undefined;
    await updateJobSettings(trx.db, body.id, {
      active: body.active,
      schedule: body.schedule,
      nextRunAt: next === undefined ? undefined : (next ?? new Date('9999-12-31T00:00:00Z')).toISOString(),
    });
  });
  return getCronJob(ctx, scheduler, body.id);
}

/** "Run now": stored in the job's row; whichever instance polls next claims it and runs the job once. */
export async function requestCronJobRun(
  ctx: DbContext,
  scheduler: Scheduler,
  id: string,
  now = new Date(),
): Promise<CronJob> {
  if (!scheduler.job(id)) throw notFound();
  await scheduler.ensureRows(now);
  if (!(await requestRun(ctx.db, id, now.toISOString()))) throw notFound();
  return getCronJob(ctx, scheduler, id);
}

export async function listCronJobRuns(
  ctx: DbContext,
  scheduler: Scheduler,
  id: string,
): Promise<{ data: CronJobRun[] }> {
  if (!scheduler.job(id)) throw notFound();
  return { data: (await listRuns(ctx.db, [id], KEPT_RUNS)).map(toRun) };
}

/** The next five times of a cron expression, for the schedule dialog. */
export function previewSchedule(schedule: string, now = new Date()): CronPreview {
  checkSchedule(schedule);
  return { schedule, nextDates: nextCronRuns(schedule, now, 5).map((date) => date.toISOString()) };
}
