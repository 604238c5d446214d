import { z } from 'zod';
import {
  TIME_ZONE,
  type Booking,
  type BookingEvent,
  type BookingStatus,
  type WaitlistEntry,
} from '@tourdesk/contracts';
import { parseJson, toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/errors.ts';
import type { DbContext } from '../../types.ts';
import { brandForHost } from '../brands/brands.service.ts';
import {
  bookingMailRecipients,
  getBooking,
  onBookingChange,
  type BookingActor,
  type BookingChange,
  type BookingEventInput,
} from '../bookings/bookings.service.ts';
import { addCustomerDeleteCheck } from '../customers/customers.service.ts';
import { findDepartureDate } from '../departures/departures.service.ts';
import { renderConfirmationPdf } from '../documents/documents.service.ts';
import {
  enqueueMail,
  listHeldMails,
  listMailsOfRef,
  releaseHeldMail,
  type MailTemplate,
} from '../mail/mail.service.ts';
import { typedSetting } from '../settings/settings.service.ts';
import {
  claimOptionReminder,
  findBookingEvents,
  findBrandHost,
  findOptionsToRemind,
  findWaitlistOfDate,
  isBookerOfAnyBooking,
  resetOptionReminder,
} from './booking-mails.repository.ts';

/**
 * The mails a booking's life sends (issue #11, docs/adr/0017), queued in the outbox inside the transaction of
 * the change that causes them, in `booking.language`, with the brand of `booking.brand_host` and
 * `ref = 'booking:{id}'`:
 * - `bookingReceived` when a request, option or waiting-list booking is made (or a draft becomes one);
 * - `bookingConfirmation` when a booking becomes firm (not when it comes back from processing), held in the outbox
 *   until job `bookings.confirmation-documents` attaches the confirmation PDF after the booking's transaction;
 * - `waitlistOffer` when the waiting list offers a booking places, `optionExpired` when an option lapses, and
 *   `optionReminder` OPTION_REMINDER_HOURS before it lapses (job `bookings.option-reminders`, once per option).
 * Settings (spec §9): BOOKING_EMAIL_ACTIVE 0 stops all of these; CUSTOMER_CONFIRMATION 0 stops the received and
 * confirmation mails only. Every mail of an agency's booking goes to the booker and to the agency (the e-mail of
 * its organization's card, docs/adr/0019), each its own outbox entry in the booking's language.
 */

const ZFlag = z
  .union([z.boolean(), z.number(), z.string()])
  .transform((value) => [true, 1, '1', 'true'].includes(value));
const ZHours = z
  .number()
  .positive()
  .max(24 * 365);
const HOUR_MS = 3_600_000;
/** At the latest a confirmation goes this long after it was queued, with its PDF or (should rendering fail) without. */
const CONFIRMATION_HOLD_MS = 24 * HOUR_MS;

const setting = {
  mailsActive: (ctx: DbContext) => typedSetting(ctx, 'BOOKING_EMAIL_ACTIVE', ZFlag, true),
  customerConfirmation: (ctx: DbContext) => typedSetting(ctx, 'CUSTOMER_CONFIRMATION', ZFlag, true),
  reminderHours: (ctx: DbContext) => typedSetting(ctx, 'OPTION_REMINDER_HOURS', ZHours, 48),
};

const LOCALES: Record<string, string> = { de: 'de-DE', en: 'en-GB', es: 'es-ES', ru: 'ru-RU' };
const localeOf = (language: string) => LOCALES[language] ?? 'de-DE';

/** A date (`YYYY-MM-DD`) for the reader, in their language (25.12.2026, 25/12/2026 …). */
function readerDate(value: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { timeZone: 'UTC', dateStyle: 'medium' }).format(
    new Date(`${value}T00:00:00Z`),
  );
}

/** A moment for the reader, in their language and the office's time zone. */
function readerDateTime(value: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), {
    timeZone: TIME_ZONE,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(value));
}

const statusAfter = (event: BookingEventInput): BookingStatus | null => {
  const after = event.after as unknown;
  if (typeof after === 'string') return after as BookingStatus;
  if (after && typeof after === 'object' && 'status' in after) return (after as { status: BookingStatus }).status;
  return null;
};

const NEW_REQUESTS: readonly BookingStatus[] = ['request', 'option', 'waitlist'];

/** Which mails a change's history entries call for, in order, once each. */
export function mailsForEvents(events: readonly BookingEventInput[]): MailTemplate[] {
  const mails = new Set<MailTemplate>();
  for (const event of events) {
    const target = statusAfter(event);
    if (event.kind === 'created' && target === 'firm') mails.add('bookingConfirmation');
    if (event.kind === 'created' && target && NEW_REQUESTS.includes(target)) mails.add('bookingReceived');
    if (event.kind === 'status' && target === 'firm' && event.before !== 'processing' && event.before !== 'firm')
      mails.add('bookingConfirmation');
    if (event.kind === 'status' && event.before === 'draft' && target && NEW_REQUESTS.includes(target))
      mails.add('bookingReceived');
    if (event.kind === 'offered') mails.add('waitlistOffer');
    if (event.kind === 'expired') mails.add('optionExpired');
  }
  return [...mails];
}

const CUSTOMER_CONFIRMATIONS: readonly MailTemplate[] = ['bookingReceived', 'bookingConfirmation'];

/** Queues one booking mail in the caller's transaction, to the booker and (for an agency's booking) the agency;
 * false when there is nobody to send it to. */
async function queueBookingMail(
  trx: DbContext,
  booking: Booking,
  template: MailTemplate,
  now: Date,
  holdUntil?: Date,
): Promise<boolean> {
  const recipients = await bookingMailRecipients(trx, booking.buchender?.email, booking.agencyId);
  if (recipients.length === 0) return false;
  const language = booking.language;
  const optionUntil = booking.option_until;
  const brand = await brandForHost(trx, (await findBrandHost(trx.db, booking.id)) ?? 'localhost');
  for (const to of recipients)
    await enqueueMail(trx, {
      to,
      template,
      language,
      ref: `booking:${booking.id}`,
      brand,
      variables: {
        name: booking.buchender?.name ?? null,
        vorgangnr: booking.vorgangnr,
        trip: `${booking.journeyTitle} (${readerDate(booking.date_from, language)})`,
        ...(optionUntil
          ? {
              date: readerDateTime(optionUntil, language),
              hours: Math.max(1, Math.round((Date.parse(optionUntil) - now.getTime()) / HOUR_MS)),
            }
          : {}),
      },
      holdUntil,
    });
  return true;
}

/** The change listener (registered once at start-up): queues the mails a change calls for, in its transaction. */
export async function queueMailsOfChange(trx: DbContext, change: BookingChange): Promise<void> {
  const becameOption = change.events.some(
    (event) => ['created', 'status', 'offered'].includes(event.kind) && statusAfter(event) === 'option',
  );
  // A new option, or an option given an end beyond the reminder window, earns a new reminder.
  const windowEnd = new Date(change.now.getTime() + (await setting.reminderHours(trx)) * HOUR_MS);
  await resetOptionReminder(trx.db, change.bookingId, becameOption ? null : windowEnd.toISOString());

  const templates = mailsForEvents(change.events);
  if (templates.length === 0 || !(await setting.mailsActive(trx))) return;
  const confirmations = await setting.customerConfirmation(trx);
  const wanted = templates.filter((template) => confirmations || !CUSTOMER_CONFIRMATIONS.includes(template));
  if (wanted.length === 0) return;
  const booking = await getBooking(trx, change.bookingId);
  for (const template of wanted) {
    // The confirmation waits for its PDF, rendered after this transaction (attachConfirmationDocuments).
    const holdUntil =
      template === 'bookingConfirmation' ? new Date(change.now.getTime() + CONFIRMATION_HOLD_MS) : undefined;
    await queueBookingMail(trx, booking, template, change.now, holdUntil);
  }
}

/**
 * Job `bookings.option-reminders`: every option that lapses within OPTION_REMINDER_HOURS of `now` and has not
 * been reminded gets its reminder, each claimed by `option_reminded_at IS NULL` in its own transaction (safe
 * twice and with several instances). Returns the reminded bookings.
 */
export async function sendOptionReminders(ctx: DbContext, now = new Date()): Promise<number[]> {
  if (!(await setting.mailsActive(ctx))) return [];
  const at = now.toISOString();
  const until = new Date(now.getTime() + (await setting.reminderHours(ctx)) * HOUR_MS).toISOString();
  const reminded: number[] = [];
  for (const candidate of await findOptionsToRemind(ctx.db, at, until)) {
    const done = await inTransaction(ctx, async (trx) => {
      if (!(await claimOptionReminder(trx.db, candidate.id, at, until))) return false;
      await queueBookingMail(trx, await getBooking(trx, candidate.id), 'optionReminder', now);
      return true;
    });
    if (done) reminded.push(candidate.id);
  }
  return reminded;
}

/**
 * Job `bookings.confirmation-documents`: renders the booking confirmation PDF of every held confirmation mail
 * outside the booking's transaction (a PDF takes too long to hold locks and connections for), attaches it and
 * releases the mail, each claimed by its hold (safe twice and with several instances). Returns the released mails.
 */
export async function attachConfirmationDocuments(ctx: DbContext, now = new Date()): Promise<number[]> {
  const released: number[] = [];
  let failure: unknown = null;
  for (const mail of await listHeldMails(ctx, 'bookingConfirmation', now)) {
    const bookingId = Number(/^booking:(\d+)$/.exec(mail.ref ?? '')?.[1]);
    if (!bookingId) continue;
    try {
      const pdf = await renderConfirmationPdf(ctx, bookingId, undefined, now);
      if (await releaseHeldMail(ctx, mail.id, [pdf], now)) released.push(mail.id);
    } catch (error) {
      failure ??= error; // the others still go; the run is reported failed, and the next run tries again
    }
  }
  if (failure) throw failure;
  return released;
}

const userName = (row: { firstname: string | null; lastname: string | null; email: string | null }) =>
  [row.firstname, row.lastname].filter(Boolean).join(' ') || row.email || null;

/** GET /ratio_vorgang/{id}/history: who changed what and when, oldest first (agency users: their own bookings). */
export async function listBookingHistory(ctx: DbContext, id: number, actor: BookingActor): Promise<BookingEvent[]> {
  await getBooking(ctx, id, actor);
  const rows = await findBookingEvents(ctx.db, id);
  return rows.map((row) => {
    const data = parseJson<{ before?: unknown; after?: unknown }>(row.data, {});
    return {
      id: row.id,
      at: toIso(row.at)!,
      by: row.by_user,
      byName: row.by_user === null ? null : userName(row),
      kind: row.kind,
      before: data.before ?? null,
      after: data.after ?? null,
    };
  });
}

/** GET /ratio_vorgang/{id}/mails: the mails sent about a booking, newest first. */
export async function listBookingMails(ctx: DbContext, id: number, actor: BookingActor) {
  await getBooking(ctx, id, actor);
  return listMailsOfRef(ctx, `booking:${id}`);
}

/**
 * GET /departures/{nr}/waitlist: the date's waiting bookings in the order they will be offered places.
 * Agency users see their own bookings, each with its place in the whole queue.
 */
export async function listWaitlist(ctx: DbContext, dateNr: number, actor: BookingActor): Promise<WaitlistEntry[]> {
  if (!(await findDepartureDate(ctx, dateNr))) throw notFound();
  const rows = await findWaitlistOfDate(ctx.db, dateNr);
  return rows.flatMap((row, index) =>
    actor.agencyId != null && row.id_organization !== actor.agencyId
      ? []
      : [
          {
            position: index + 1,
            vorgangnr: row.id,
            bookerName: row.booker_name,
            participants: Number(row.participants ?? 0),
            createdAt: toIso(row.created_at)!,
          },
        ],
  );
}

let registered = false;

/**
 * Registers (once, at start-up, by the routes) the change listener that queues booking mails and the customer
 * guard: a customer who is the booker of a booking is not deleted (409 error.customerHasBookings).
 */
export function registerBookingMails(): void {
  if (registered) return;
  registered = true;
  onBookingChange(queueMailsOfChange);
  addCustomerDeleteCheck(async (ctx, cardId) =>
    (await isBookerOfAnyBooking(ctx.db, cardId)) ? 'error.customerHasBookings' : null,
  );
}
