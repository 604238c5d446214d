/** A named job of the scheduler and its claim (lib/scheduler.ts). */
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
};
