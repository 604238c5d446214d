import type { Generated } from 'kysely';

/** A named job of the scheduler, its claim and what an admin set for it (lib/scheduler.ts, ADR 0018 and 0030). */
export type ScheduledJobTable = {
  name: string;
  every_ms: number;
  locked_until: string | Date | null;
  locked_by: string | null;
  last_started_at: string | Date | null;
  last_finished_at: string | Date | null;
  last_error: string | null;
  runs: number;
  failures: number;
  /** switched off on the system screen: no scheduled runs (a requested run still runs) */
  active: Generated<number | boolean>;
  /** the admin's cron expression; null = the code's default */
  schedule: string | null;
  /** the code's cron expression (null: every `every_ms`), kept for the screen */
  default_schedule: string | null;
  /** when the next scheduled run is due (null: at once) */
  next_run_at: string | Date | null;
  /** "run now": the next instance that polls claims and runs the job */
  run_requested_at: string | Date | null;
};

/** One run of a job (the last ones per job are kept). */
export type ScheduledJobRunTable = {
  id_scheduled_job_run: Generated<number>;
  job_name: string;
  trigger: 'schedule' | 'manual';
  started_at: string | Date;
  finished_at: string | Date | null;
  duration_ms: number | null;
  outcome: 'running' | 'ok' | 'failed';
  error: string | null;
  instance: string;
};
