import type { Booking, BookingStatus, RatioParticipant } from '@tourdesk/contracts/bookings.schema';
import type { InvoiceFormat } from '@tourdesk/contracts/invoices.schema';

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

/** A history entry's before/after as one short line ("option → firm", or the JSON of other changes). */
export function eventValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value as Record<string, unknown>)
      .map(
        ([key, item]) => `${key}: ${typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item)}`,
      )
      .join(', ');
  }
  return JSON.stringify(value);
}
