import { z } from 'zod';

/**
 * Cron jobs of the system screen (spec §3, §4, §7; docs/adr/0030): every job the scheduler runs, with its timing,
 * its active flag and its recent runs. The id is the job's name (`bookings.expire-options`); the screen shows a
 * translated name for it.
 */

/** Five fields (minute hour day month weekday), Europe/Berlin; the server checks it with croner too. */
export const ZCronExpression = z
  .string({ error: 'error.invalid' })
  .trim()
  .max(100, 'error.tooLong')
  .regex(/^\S+(\s+\S+){4}$/, 'error.invalid');

export const CRON_RUN_OUTCOMES = ['running', 'ok', 'failed'] as const;
export type CronRunOutcome = (typeof CRON_RUN_OUTCOMES)[number];

export const ZCronJobRun = z.object({
  id: z.number().int(),
  trigger: z.enum(['schedule', 'manual']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  outcome: z.enum(CRON_RUN_OUTCOMES),
  error: z.string().nullable(),
  instance: z.string(),
});
export type CronJobRun = z.infer<typeof ZCronJobRun>;

export const ZCronJob = z.object({
  id: z.string(),
  name: z.string(),
  active: z.boolean(),
  /** the admin's cron expression, or null when the job keeps its own timing */
  schedule: z.string().nullable(),
  /** the code's cron expression, or null for a job that runs every `everyMs` */
  defaultSchedule: z.string().nullable(),
  everyMs: z.number().int(),
  /** when the last run started */
  lastDate: z.string().nullable(),
  lastFinishedDate: z.string().nullable(),
  nextDate: z.string().nullable(),
  running: z.boolean(),
  runRequested: z.boolean(),
  runs: z.number().int(),
  failures: z.number().int(),
  lastError: z.string().nullable(),
  lastOutcome: z.enum(CRON_RUN_OUTCOMES).nullable(),
  /** the recent runs, newest first */
  logs: z.array(ZCronJobRun),
});
export type CronJob = z.infer<typeof ZCronJob>;

export const ZCronJobList = z.object({
  total: z.number().int(),
  limit: z.number().int(),
  skip: z.number().int(),
  data: z.array(ZCronJob),
});
export type CronJobList = z.infer<typeof ZCronJobList>;

/** PUT /cronjobs/: toggles the active flag (spec §4) and/or sets the schedule (null: back to the job's own). */
export const ZUpdateCronJobBody = z
  .object({
    id: z.string({ error: 'error.empty' }).min(1, 'error.empty').max(100, 'error.tooLong'),
    active: z.boolean({ error: 'error.invalid' }).optional(),
    schedule: ZCronExpression.nullable().optional(),
  })
  .refine((body) => body.active !== undefined || body.schedule !== undefined, {
    message: 'error.empty',
    path: ['active'],
  });
export type UpdateCronJobBody = z.infer<typeof ZUpdateCronJobBody>;

export const ZCronJobParams = z.object({ id: z.string().min(1).max(100) });

export const ZCronPreviewQuery = z.object({ schedule: ZCronExpression });
export const ZCronPreview = z.object({ schedule: z.string(), nextDates: z.array(z.string()) });
export type CronPreview = z.infer<typeof ZCronPreview>;

export const ZCronJobRuns = z.object({ data: z.array(ZCronJobRun) });
