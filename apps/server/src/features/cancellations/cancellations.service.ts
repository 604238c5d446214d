import type { CancellationQuote, CancellationResult, CancellationTerm } from '@tourdesk/contracts';
import { inTransaction } from '../../db/transaction.ts';
import type { DbContext } from '../../types.ts';
import {
  bookingMailRecipients,
  cancelBookingIn,
  cancellationPrices,
  lineText,
  offerWaitlist,
  type BookingActor,
  type CancellationFeeLine,
  type CancellationPrices,
} from '../bookings/bookings.service.ts';
import { brandForHost } from '../brands/brands.service.ts';
import { renderInvoicePdf } from '../documents/documents.service.ts';
import { cancellationTermsOfJourney } from '../journeys/journeys.service.ts';
import { issueCreditNoteIn, type CreditLine } from '../invoices/invoices.service.ts';
import { enqueueMail } from '../mail/mail.service.ts';
import { cancellationFeeLines, daysBeforeDeparture, feePercent } from './cancellation-fees.ts';

/**
 * The two-step cancellation of spec §4 (docs/adr/0017): a quote of the fee from the journey's cancellation
 * terms, then the cancellation itself — capacity freed, fee lines instead of what was cancelled, the booker
 * mailed, the freed places offered to the waiting list — in one transaction (the waiting list after it).
 */

const euro = (cents: number) => cents / 100;

type Terms = { terms: CancellationTerm[]; daysBefore: number; percent: number };

async function termsFor(ctx: DbContext, prices: CancellationPrices, now: Date): Promise<Terms> {
  const terms = await cancellationTermsOfJourney(ctx, prices.journeyId);
  const daysBefore = daysBeforeDeparture(prices.dateFrom, now);
  return { terms, daysBefore, percent: feePercent(terms, daysBefore, prices.status) };
}

function quoteOf(prices: CancellationPrices, terms: Terms, fees: readonly CancellationFeeLine[]): CancellationQuote {
  const feeCents = fees.reduce((sum, line) => sum + line.amount_cents, 0);
  const newTotal = prices.remainingCents + feeCents;
  return {
    processId: prices.bookingId,
    scope: prices.scope,
    participants: prices.participants.map((participant) => ({
      nr: participant.id,
      name: participant.name,
      price: euro(participant.priceCents),
      fee: euro(fees.find((line) => line.participant === participant.id)?.amount_cents ?? 0),
    })),
    departure: prices.dateFrom,
    daysBefore: terms.daysBefore,
    percent: terms.percent,
    terms: terms.terms,
    cancelledPrice: euro(prices.totalCents - prices.remainingCents),
    fee: euro(feeCents),
    newTotal: euro(newTotal),
    paid: euro(prices.paidCents),
    refund: euro(Math.max(0, prices.paidCents - newTotal)),
  };
}

/** `getProcessCancellation`: what cancelling the booking (or the named participants) costs at `now`. */
export async function quoteCancellation(
  ctx: DbContext,
  bookingId: number,
  participantIds: readonly number[] | undefined,
  actor: BookingActor,
  now = new Date(),
): Promise<CancellationQuote> {
  const prices = await cancellationPrices(ctx, bookingId, participantIds, actor);
  const terms = await termsFor(ctx, prices, now);
  return quoteOf(prices, terms, cancellationFeeLines(prices, terms.percent));
}

/**
 * What a cancellation credits against the current invoice: each cancelled participant's price, what else was
 * cancelled with the booking, less the fees kept (negative lines); issueCreditNoteIn caps it at what the invoice
 * still claims.
 */
export function creditLinesOf(prices: CancellationPrices, fees: readonly CancellationFeeLine[]): CreditLine[] {
  const lines: CreditLine[] = prices.participants
    .filter((participant) => participant.priceCents !== 0)
    .map((participant) => ({
      description: lineText(prices.language, 'cancelled', { name: participant.name }),
      participant: participant.name,
      amount_cents: participant.priceCents,
    }));
  const rest =
    prices.totalCents -
    prices.remainingCents -
    prices.participants.reduce((sum, participant) => sum + participant.priceCents, 0);
  if (rest !== 0)
    lines.push({ description: lineText(prices.language, 'cancelledOther'), participant: null, amount_cents: rest });
  for (const fee of fees)
    lines.push({
      description: fee.description,
      participant: prices.participants.find((participant) => participant.id === fee.participant)?.name ?? null,
      amount_cents: -fee.amount_cents,
    });
  return lines;
}

const moneyText = (cents: number, language: string) =>
  new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(euro(cents));

/**
 * `initProcessCancellation`: cancels at `now` what the quote names, with the fee the quote would answer under
 * the lock (so a change in between is priced as it stands). The booker (and an agency booking's agency) gets the
 * `cancellation` mail in the booking's language; the date's waiting list is offered what was freed.
 */
export async function cancelBooking(
  ctx: DbContext,
  bookingId: number,
  participantIds: readonly number[] | undefined,
  actor: BookingActor,
  now = new Date(),
): Promise<CancellationResult> {
  const { result, freedDate } = await inTransaction(ctx, async (trx) => {
    // 404 and 409 before the lock; the journey's terms and the departure day do not change with the booking.
    const basis = await cancellationPrices(trx, bookingId, participantIds, actor);
    const terms = await cancellationTermsOfJourney(trx, basis.journeyId);
    const daysBefore = daysBeforeDeparture(basis.dateFrom, now);
    let quote: CancellationQuote | undefined;
    let feeLines: CancellationFeeLine[] = [];
    const done = await cancelBookingIn(
      trx,
      bookingId,
      {
        participantIds,
        // the fee of the booking as read under the lock
        feesOf: (prices) => {
          const percent = feePercent(terms, daysBefore, prices.status);
          feeLines = cancellationFeeLines(prices, percent);
          quote = quoteOf(prices, { terms, daysBefore, percent }, feeLines);
          return feeLines;
        },
      },
      actor,
      now,
    );
    const { prices } = done;
    const creditNote = await issueCreditNoteIn(
      trx,
      { bookingId, lines: creditLinesOf(prices, feeLines), reason: 'Stornierung' },
      actor,
      now,
    );
    // The booker and, for an agency's booking, the agency (docs/adr/0019) each get the mail with the credit note.
    const recipients = await bookingMailRecipients(trx, prices.booker?.email, prices.agencyId);
    const attachments =
      creditNote && recipients.length > 0 ? [await renderInvoicePdf(trx, creditNote.id, undefined, now)] : [];
    for (const to of recipients)
      await enqueueMail(trx, {
        to,
        template: 'cancellation',
        language: prices.language,
        ref: `booking:${bookingId}`,
        variables: {
          name: prices.booker?.name ?? null,
          vorgangnr: bookingId,
          trip: prices.trip,
          amount: moneyText(done.feeCents, prices.language),
        },
        brand: await brandForHost(trx, prices.brandHost ?? 'localhost'),
        // the credit note as issued in this transaction
        attachments,
      });
    return {
      result: {
        processId: bookingId,
        status: prices.scope === 'booking' ? 'cancelled' : prices.status,
        quote: quote!,
        creditNote: creditNote && { id: creditNote.id, number: creditNote.number, total: creditNote.total },
      } satisfies CancellationResult,
      freedDate: done.freedDate,
    };
  });
  if (freedDate !== null) await offerWaitlist(ctx, freedDate, now);
  return result;
}
