import { cancellationPercent, type CancellationTerm, type DocumentLanguage } from '@tourdesk/contracts';
import { lineText, percentNumber } from '../bookings/bookings.service.ts';

/**
 * The fee policy of a cancellation (docs/adr/0017), pure so that the term boundaries are easy to test.
 */

const DAY_MS = 86_400_000;
const berlinDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Calendar days from `now` (its day in Europe/Berlin, the office's) to the departure day `YYYY-MM-DD`. */
export function daysBeforeDeparture(dateFrom: string, now: Date): number {
  const today = berlinDate.format(now);
  return Math.round((Date.parse(`${dateFrom}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/**
 * Whether a booking in `status` owes a fee when cancelled: only a firm booking (or one in processing) is a
 * contract; a draft, request, option or waiting-list booking is cancelled free of charge.
 */
export const feeApplies = (status: string) => status === 'firm' || status === 'processing';

/** The percentage the terms ask `daysBefore` days before departure, or 0 when no fee applies. */
export const feePercent = (terms: readonly CancellationTerm[], daysBefore: number, status: string) =>
  feeApplies(status) ? cancellationPercent(terms, daysBefore) : 0;

const percentOf = (cents: number, percent: number) => Math.max(0, Math.round((cents * percent) / 100));

/**
 * The fee lines of a cancellation: the fee is `percent` of the cancelled price (rounded to cents); each
 * cancelled participant gets a line of `percent` of their own price, and what the participants' lines do not
 * cover (booking-wide lines such as a once-per-booking extra, or a rounding cent) is a line of the booking or
 * goes to the last participant's line. Lines of 0 are left out.
 */
export function cancellationFeeLines(
  prices: {
    participants: ReadonlyArray<{ id: number; name: string; priceCents: number }>;
    totalCents: number;
    remainingCents: number;
    /** the booking's language: the lines' words */
    language: DocumentLanguage;
  },
  percent: number,
): Array<{ participant: number | null; description: string; amount_cents: number }> {
  const cancelledCents = prices.totalCents - prices.remainingCents;
  const feeCents = percentOf(cancelledCents, percent);
  const label = lineText(prices.language, 'cancellationFee', { percent: percentNumber(percent, prices.language) });
  const lines = prices.participants.map((participant) => ({
    participant: participant.id as number | null,
    description: `${label} – ${participant.name}`,
    amount_cents: percentOf(participant.priceCents, percent),
  }));
  const rest = feeCents - lines.reduce((sum, line) => sum + line.amount_cents, 0);
  const unattributed = cancelledCents - prices.participants.reduce((sum, item) => sum + item.priceCents, 0);
  if (rest !== 0) {
    const last = lines.at(-1);
    if (unattributed === 0 && last) last.amount_cents += rest;
    else lines.push({ participant: null, description: label, amount_cents: rest });
  }
  return lines.filter((line) => line.amount_cents !== 0);
}
