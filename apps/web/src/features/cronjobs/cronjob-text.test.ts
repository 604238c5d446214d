import { describe, expect, it } from 'vitest';
import { fallbackName, formatDuration, intervalParts, jobKey } from './cronjob-text.ts';

describe('cron job texts', () => {
  it('derives an i18n key and a readable fallback from the job name', () => {
    expect(jobKey('bookings.expire-options')).toBe('cronjobs.jobs.bookings_expire-options');
    expect(fallbackName('bookings.expire-options')).toBe('Bookings: expire options');
    expect(fallbackName('todos-due')).toBe('Todos due');
  });

  it('names intervals and durations', () => {
    expect(intervalParts(60_000)).toEqual({ unit: 'minutes', count: 1 });
    expect(intervalParts(7_200_000)).toEqual({ unit: 'hours', count: 2 });
    expect(intervalParts(86_400_000)).toEqual({ unit: 'days', count: 1 });
    expect(intervalParts(30_000)).toEqual({ unit: 'seconds', count: 30 });
    expect(formatDuration(null, 'de')).toBe('–');
    expect(formatDuration(250, 'de')).toBe('250 ms');
    expect(formatDuration(1_250, 'de')).toBe('1,3 s');
    expect(formatDuration(95_000, 'de')).toBe('1:35 min');
  });
});
