import type { CronJob, CronRunOutcome } from '@tourdesk/contracts';

/** A job's translation key: job names hold dots (`bookings.expire-options`), i18n keys must not. */
export const jobKey = (id: string) => `cronjobs.jobs.${id.replace(/\./g, '_')}`;

/** A readable fallback for a job nobody translated yet: `bookings.expire-options` → `Bookings: expire options`. */
export function fallbackName(id: string): string {
  const [area, ...rest] = id.split('.');
  const words = (text: string) => text.replace(/[-_]/g, ' ');
  const title = words(area ?? id);
  const name = `${title.charAt(0).toUpperCase()}${title.slice(1)}`;
  return rest.length === 0 ? name : `${name}: ${words(rest.join('.'))}`;
}

/** The interval of an interval job, in the largest whole unit. */
export function intervalParts(everyMs: number): { unit: 'seconds' | 'minutes' | 'hours' | 'days'; count: number } {
  const seconds = Math.round(everyMs / 1000);
  if (seconds % 86_400 === 0) return { unit: 'days', count: seconds / 86_400 };
  if (seconds % 3_600 === 0) return { unit: 'hours', count: seconds / 3_600 };
  if (seconds % 60 === 0) return { unit: 'minutes', count: seconds / 60 };
  return { unit: 'seconds', count: seconds };
}

/** The cron expression the job runs on, or null for an interval job. */
export const effectiveSchedule = (job: Pick<CronJob, 'schedule' | 'defaultSchedule'>) =>
  job.schedule ?? job.defaultSchedule;

export const OUTCOME_COLOR: Record<CronRunOutcome, 'success' | 'error' | 'info'> = {
  ok: 'success',
  failed: 'error',
  running: 'info',
};

/** 1234 → "1,2 s", 95000 → "1:35 min" (German style decimals come from Intl). */
export function formatDuration(ms: number | null, locale: string): string {
  if (ms === null) return '–';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(ms / 1000)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')} min`;
}
