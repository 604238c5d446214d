/** Times of the bus location screens: clock times in Europe/Berlin (the timetable's zone), ages in words. */

/** `08:42` in Europe/Berlin, or a dash. */
export function clockTime(iso: string | null | undefined, locale: string): string {
  if (!iso) return '–';
  return new Intl.DateTimeFormat(locale || 'de', {
    timeZone: 'Europe/Berlin',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** Whole seconds from `iso` to `now` (never negative). */
export const secondsSince = (iso: string, now: number) => Math.max(0, Math.round((now - Date.parse(iso)) / 1000));

/** "20 s", "3 min", "2 h": how long ago, short. */
export function age(seconds: number, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (seconds < 60) return t('busLocation.age.seconds', { count: seconds });
  if (seconds < 3600) return t('busLocation.age.minutes', { count: Math.floor(seconds / 60) });
  return t('busLocation.age.hours', { count: Math.floor(seconds / 3600) });
}
