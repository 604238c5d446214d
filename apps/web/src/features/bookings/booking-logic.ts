import type { Booking, BookingStatus, RatioParticipant } from '@tourdesk/contracts/bookings.schema';
import type { CancellationQuote } from '@tourdesk/contracts/cancellations.schema';
import type { InvoiceFormat } from '@tourdesk/contracts/invoices.schema';
import { formatDate, formatDateTime, formatPrice } from '@tourdesk/contracts/format';

/** The tabs of the booking detail, in order; the first is the page's own address. */
export const BOOKING_TABS = ['overview', 'participants', 'seats', 'payments', 'documents', 'mails', 'history'] as const;
export type BookingTab = (typeof BOOKING_TABS)[number];

/** Where bookings live: the office's /vorgang, the agency portal's /agencies/vorgang (docs/adr/0019). */
export type BookingMode = 'staff' | 'agency';
export const BOOKINGS_BASE: Record<BookingMode, string> = { staff: '/vorgang', agency: '/agencies/vorgang' };

export const bookingPath = (id: number | string, tab: BookingTab = 'overview', mode: BookingMode = 'staff') =>
  `${BOOKINGS_BASE[mode]}/${id}${tab === 'overview' ? '' : `/${tab}`}`;

export const tabOf = (rest: string | undefined): BookingTab =>
  BOOKING_TABS.find((tab) => tab === rest?.split('/')[0]) ?? 'overview';

/** A booking in processing cannot be changed (spec §4/§8); a cancelled one only read. */
export const isLocked = (booking: Pick<Booking, 'status'>) =>
  booking.status === 'processing' || booking.status === 'cancelled';

/**
 * The status buttons of the overview: the allowed next statuses, except `cancelled`, which goes through the
 * two-step cancellation dialog instead of a plain status change.
 */
export const statusActions = (booking: Pick<Booking, 'nextStatuses'>, mode: BookingMode = 'staff'): BookingStatus[] =>
  booking.nextStatuses.filter(
    (status) => status !== 'cancelled' && (mode === 'staff' || !STAFF_ONLY_STATUSES.includes(status)),
  );

/** Statuses only the office sets: drafts and the processing status (spec §4/§8). */
export const STAFF_ONLY_STATUSES: readonly BookingStatus[] = ['draft', 'processing'];

export const canCancel = (booking: Pick<Booking, 'nextStatuses' | 'status'>) =>
  booking.status !== 'cancelled' && booking.status !== 'processing' && booking.nextStatuses.includes('cancelled');

/** The participants still travelling (not cancelled on their own). */
export const activeParticipants = (participants: readonly RatioParticipant[]) =>
  participants.filter((participant) => !participant.cancelledAt);

/**
 * The two calls of the cancellation (spec §4): step one asks for the quote, step two cancels. Without chosen
 * participants — or with all of them — the whole booking is cancelled.
 */
export function cancellationPath(
  step: 'quote' | 'cancel',
  processId: number,
  chosen: readonly number[],
  all: readonly number[],
): string {
  const query = new URLSearchParams();
  query.set(step === 'quote' ? 'getProcessCancellation' : 'initProcessCancellation', 'true');
  query.set('processId', String(processId));
  const whole = chosen.length === 0 || all.every((nr) => chosen.includes(nr));
  if (!whole) query.set('participants', [...chosen].sort((a, b) => a - b).join(','));
  return `/ratio/api/cancellation?${query.toString()}`;
}

export const invoiceFilePath = (invoiceId: number, format: InvoiceFormat) => `/invoices/${invoiceId}/${format}`;

/** The renderings by their own names (the same in every language). */
export const INVOICE_FORMAT_NAMES: Record<InvoiceFormat, string> = {
  pdf: 'PDF',
  'xrechnung-cii': 'XRechnung CII',
  'xrechnung-ubl': 'XRechnung UBL',
  facturx: 'Factur-X',
};

export const INVOICE_FILE_EXTENSIONS: Record<InvoiceFormat, string> = {
  pdf: 'pdf',
  'xrechnung-cii': 'xml',
  'xrechnung-ubl': 'xml',
  facturx: 'pdf',
};

/** A participant's name as the office reads it: first name, then surname. */
export const participantName = (participant: Pick<RatioParticipant, 'name' | 'name1' | 'titel'>) =>
  [participant.titel, participant.name1, participant.name].filter(Boolean).join(' ');

/** Today in Europe/Berlin as YYYY-MM-DD (the default payment date). */
export const berlinToday = (now = new Date()) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(now);

type Translate = (key: string, options?: { _?: string; smart_count?: number }) => string;
const untranslated: Translate = (key, options) => options?._ ?? key;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T/;
const MONEY = new Set(['amount', 'total', 'price', 'fee']);

/** One field of a history entry as the clerk reads it: money in euro, German dates, statuses and methods named. */
function fieldValue(key: string, item: unknown, translate: Translate): string {
  if (item === null || item === undefined) return '–';
  if (key === 'status' && typeof item === 'string') return translate(`bookingStatus.${item}`, { _: item });
  if (key === 'method' && typeof item === 'string') return translate(`bookings.payments.methods.${item}`, { _: item });
  if (typeof item === 'number' && (key.endsWith('_cents') || MONEY.has(key)))
    return formatPrice(key.endsWith('_cents') ? item / 100 : item);
  if (Array.isArray(item)) return String(item.length);
  if (typeof item === 'string' && ISO_DAY.test(item)) return formatDate(item);
  if (typeof item === 'string' && ISO_TIME.test(item)) return formatDateTime(item);
  return typeof item === 'object' ? JSON.stringify(item) : String(item);
}

/**
 * A history entry's before/after as one short line ("Status: Option", "Betrag: 351,20 €, Zahlungsdatum:
 * 23.11.2026"): known fields by their name in the clerk's language, record ids left out.
 */
export function eventValue(value: unknown, translate: Translate = untranslated): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return translate(`bookingStatus.${value}`, { _: value });
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value as Record<string, unknown>)
      .filter(([key]) => key !== 'id')
      .map(([key, item]) => {
        const name = key.replace(/_cents$/, '');
        return `${translate(`bookings.history.fields.${name}`, { _: name })}: ${fieldValue(key, item, translate)}`;
      })
      .join(', ');
  }
  return JSON.stringify(value);
}

const cents = (euro: number) => Math.round(euro * 100);

/**
 * What a cancellation quote cancels beyond the participants' own prices (booking-wide lines such as extras
 * booked per person, which shrink with the party) and its share of the fee, so the quote's lines add up to its
 * totals; null when the participants' lines cover everything.
 */
export function quoteRest(
  quote: Pick<CancellationQuote, 'participants' | 'cancelledPrice' | 'fee'>,
): { price: number; fee: number } | null {
  const price = cents(quote.cancelledPrice) - quote.participants.reduce((sum, item) => sum + cents(item.price), 0);
  const fee = cents(quote.fee) - quote.participants.reduce((sum, item) => sum + cents(item.fee), 0);
  return price === 0 && fee === 0 ? null : { price: price / 100, fee: fee / 100 };
}
