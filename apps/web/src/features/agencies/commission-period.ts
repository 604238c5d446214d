import { formatDate, toApiDate } from '@tourdesk/contracts/format';

/**
 * The period of a commission statement or a collective invoice: a calendar month, quarter or year, or a range of
 * days typed by hand. Dates are `yyyy-MM-dd` (as the API takes them) and both ends belong to the period.
 */
export const PERIOD_KINDS = ['month', 'quarter', 'year', 'custom'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];
export type Period = { kind: PeriodKind; from: string; to: string };

const pad = (value: number) => String(value).padStart(2, '0');
const iso = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
/** The last day of `month` (1–12) of `year`. */
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const partsOf = (date: string) => {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return { year, month };
};

/** The month, quarter or year of `kind` that contains the day `anchor` (custom keeps the day alone). */
export function periodContaining(kind: PeriodKind, anchor: string): Period {
  const { year, month } = partsOf(anchor);
  if (kind === 'month') return { kind, from: iso(year, month, 1), to: iso(year, month, lastDay(year, month)) };
  if (kind === 'quarter') {
    const first = month - ((month - 1) % 3);
    return { kind, from: iso(year, first, 1), to: iso(year, first + 2, lastDay(year, first + 2)) };
  }
  if (kind === 'year') return { kind, from: iso(year, 1, 1), to: iso(year, 12, 31) };
  return { kind, from: anchor, to: anchor };
}

/** Today in Europe/Berlin as `yyyy-MM-dd`. */
export const today = (now: Date = new Date()): string => toApiDate(now)!;

/** The default period: the last full calendar month before `day` (in Berlin). */
export function lastFullMonth(day: string = today()): Period {
  const { year, month } = partsOf(day);
  return month === 1
    ? periodContaining('month', iso(year - 1, 12, 1))
    : periodContaining('month', iso(year, month - 1, 1));
}

/** The same kind of period `steps` months, quarters or years earlier (negative) or later. */
export function shiftPeriod(period: Period, steps: number): Period {
  if (period.kind === 'custom') return period;
  const { year, month } = partsOf(period.from);
  const months = steps * (period.kind === 'month' ? 1 : period.kind === 'quarter' ? 3 : 12);
  const index = year * 12 + (month - 1) + months;
  return periodContaining(period.kind, iso(Math.floor(index / 12), (index % 12) + 1, 1));
}

/**
 * Switching the kind keeps the place in time: from October 2026 to the quarter goes to Q4 2026, to the year to
 * 2026; to a custom range keeps the days chosen so far.
 */
export function switchKind(period: Period, kind: PeriodKind): Period {
  if (kind === 'custom') return { ...period, kind };
  return periodContaining(kind, period.from);
}

/** A period as its own name: `10.2026`, `Q4 2026`, `2026`, or `01.10.2026 – 15.10.2026`. */
export function periodName(period: Pick<Period, 'from' | 'to'> & { kind?: PeriodKind }): string {
  const { year, month } = partsOf(period.from);
  if (period.kind === 'month') return `${pad(month)}.${year}`;
  if (period.kind === 'quarter') return `Q${Math.ceil(month / 3)} ${year}`;
  if (period.kind === 'year') return String(year);
  return periodRange(period);
}

/** Both ends as DD.MM.YYYY. */
export const periodRange = (period: Pick<Period, 'from' | 'to'>) =>
  `${formatDate(period.from)} – ${formatDate(period.to)}`;

/**
 * A custom range from what was typed (DD.MM.YYYY): the period, or the message key of what is wrong with which end.
 * The end may not lie before the start.
 */
export function customPeriod(
  fromText: string,
  toText: string,
): { period: Period; errors?: undefined } | { period?: undefined; errors: { from?: string; to?: string } } {
  const from = toApiDate(fromText.trim());
  const to = toApiDate(toText.trim());
  const errors: { from?: string; to?: string } = {};
  if (!from) errors.from = fromText.trim() === '' ? 'error.empty' : 'error.invalid';
  if (!to) errors.to = toText.trim() === '' ? 'error.empty' : 'error.invalid';
  if (from && to && to < from) errors.to = 'error.dateTillBeforeFrom';
  if (errors.from || errors.to || !from || !to) return { errors };
  return { period: { kind: 'custom', from, to } };
}

/** The query of a statement or its download: the agency, and the period's days. */
export const periodQuery = (agencyId: number, period: Pick<Period, 'from' | 'to'>) =>
  new URLSearchParams({ agencyId: String(agencyId), from: period.from, to: period.to }).toString();
