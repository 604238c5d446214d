import {
  berlinDate,
  MAX_DUNNING_LEVEL,
  type DunningTerms,
  type PaymentDueKind,
  type PaymentTerms,
} from '@tourdesk/contracts';

/**
 * The arithmetic of a booking's payments (docs/adr/0017), without a database: the schedule from the total and
 * the terms, how payments cover it oldest instalment first, and which reminder level is due.
 */

export type Instalment = { kind: PaymentDueKind; amount_cents: number; due_date: string };
export type CoveredInstalment = Instalment & { covered_cents: number; open_cents: number; overdue: boolean };

const DAY_MS = 86_400_000;

/** The calendar day (`YYYY-MM-DD`) of an instant in Europe/Berlin, the office's day. */
export const dayOf = (value: string | Date): string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : berlinDate(new Date(value));

export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * The schedule of a booking: a deposit of `depositPercent` % due `depositDays` after `confirmedDay`, the rest
 * due `balanceDaysBefore` days before `departureDay`; neither before the confirmation day, and the deposit
 * dropped when the balance falls due first (or when it would be nothing). Nothing for a total of 0.
 */
export function computeSchedule(input: {
  totalCents: number;
  confirmedDay: string;
  departureDay: string;
  terms: PaymentTerms;
}): Instalment[] {
  const { totalCents, confirmedDay, departureDay, terms } = input;
  if (totalCents <= 0) return [];
  const latest = (day: string) => (day < confirmedDay ? confirmedDay : day);
  const balanceDue = latest(addDays(departureDay, -terms.balanceDaysBefore));
  const depositDue = latest(addDays(confirmedDay, terms.depositDays));
  const deposit = Math.min(totalCents, Math.round((totalCents * terms.depositPercent) / 100));
  if (deposit <= 0 || balanceDue <= depositDue)
    return [{ kind: 'balance', amount_cents: totalCents, due_date: balanceDue }];
  const rows: Instalment[] = [{ kind: 'deposit', amount_cents: deposit, due_date: depositDue }];
  if (totalCents - deposit > 0)
    rows.push({ kind: 'balance', amount_cents: totalCents - deposit, due_date: balanceDue });
  return rows;
}

/** Spreads what has been paid over the instalments, oldest first; an open instalment due before `today` is overdue. */
export function coverSchedule(
  instalments: readonly Instalment[],
  paidCents: number,
  today: string,
): CoveredInstalment[] {
  let left = Math.max(0, paidCents);
  return [...instalments]
    .sort((a, b) => (a.due_date < b.due_date ? -1 : a.due_date > b.due_date ? 1 : 0))
    .map((instalment) => {
      const covered = Math.min(instalment.amount_cents, left);
      left -= covered;
      const open = instalment.amount_cents - covered;
      return {
        ...instalment,
        covered_cents: covered,
        open_cents: open,
        overdue: open > 0 && instalment.due_date < today,
      };
    });
}

/** The highest level the terms allow (each level needs its own `afterDays`, and never above MAX_DUNNING_LEVEL). */
export const maxDunningLevel = (terms: DunningTerms) => Math.min(MAX_DUNNING_LEVEL, terms.afterDays.length);

/**
 * The reminder that may go out now: the next level after `level` for the oldest overdue instalment, or null.
 * The job (`byTerms`) also waits until that instalment has been open `afterDays[level]` days, and the gap between
 * two levels' `afterDays` since the last reminder; the office's manual reminder only needs something overdue.
 */
export function nextDunning(
  schedule: readonly CoveredInstalment[],
  level: number,
  terms: DunningTerms,
  today: string,
  /** the job's rule; null for the office's manual reminder */
  byTerms: { lastDunnedDay: string | null } | null,
): { level: number; instalment: CoveredInstalment } | null {
  const next = level + 1;
  if (next > maxDunningLevel(terms)) return null;
  const oldest = schedule.find((instalment) => instalment.open_cents > 0);
  if (!oldest?.overdue) return null;
  if (byTerms) {
    if (daysBetween(oldest.due_date, today) < terms.afterDays[next - 1]!) return null;
    // A job that was down does not send several levels at once: each waits its own interval after the last.
    const gap = next >= 2 ? terms.afterDays[next - 1]! - terms.afterDays[next - 2]! : 0;
    if (byTerms.lastDunnedDay !== null && level > 0 && daysBetween(byTerms.lastDunnedDay, today) < Math.max(1, gap))
      return null;
  }
  return { level: next, instalment: oldest };
}
