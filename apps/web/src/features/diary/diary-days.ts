/** The days of a diary's timeline: every day of the trip, and any day outside it that has entries. */
export function diaryDays(dateFrom: string, dateTill: string, entryDays: readonly string[]): string[] {
  const days = new Set<string>();
  const start = Date.parse(`${dateFrom}T00:00:00Z`);
  const end = Date.parse(`${dateTill}T00:00:00Z`);
  // A 60-day cap keeps a mistaken date range from drawing thousands of days.
  for (let time = start; time <= end && days.size < 60; time += 86_400_000)
    days.add(new Date(time).toISOString().slice(0, 10));
  for (const day of entryDays) days.add(day);
  return [...days].sort();
}

/** Which day of the trip `day` is (1 for the first), or null outside it. */
export function tripDayNumber(dateFrom: string, dateTill: string, day: string): number | null {
  if (day < dateFrom || day > dateTill) return null;
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${dateFrom}T00:00:00Z`)) / 86_400_000) + 1;
}
