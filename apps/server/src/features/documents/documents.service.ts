import {
  type BookingMail,
  type InvoiceDocument,
  type InvoiceFormat,
  type MailDocumentsBody,
} from '@tourdesk/contracts';
import { inTransaction } from '../../db/transaction.ts';
import { ApiError, conflict, invalidField, notFound } from '../../lib/errors.ts';
import { renderPdf } from '../../lib/pdf.ts';
import type { DbContext } from '../../types.ts';
import { getBooking, recordBookingEvents, type BookingActor } from '../bookings/bookings.service.ts';
import { brandForHost } from '../brands/brands.service.ts';
import { findInvoiceByNumber, getInvoiceDocument, listInvoicesOfBooking } from '../invoices/invoices.service.ts';
import { enqueueMail, getMail } from '../mail/mail.service.ts';
import { confirmationPdf } from './confirmation-pdf.ts';
import { findBookingLetterhead, findPaymentDues, findStopsOfDate } from './documents.repository.ts';
import { generateEInvoice } from './e-invoice.ts';
import { invoicePdf } from './invoice-pdf.ts';

/**
 * Documents of a booking, rendered on every request from what is stored: the booking confirmation from the
 * booking as it stands, invoices and credit notes (PDF, XRechnung CII and UBL, Factur-X) from their frozen
 * InvoiceDocument, so every rendering of one invoice agrees. Each answer is shaped like a mail attachment.
 */

export type DocumentFile = { filename: string; contentType: string; content: Buffer };

const isoDate = (value: string | Date) => (value instanceof Date ? value.toISOString().slice(0, 10) : value);

/** The brand of the host a booking or invoice was made on (the development brand when unknown). */
const brandOf = (ctx: DbContext, host: string | null) => brandForHost(ctx, host ?? 'localhost');

/** The booking confirmation (Reisebestätigung) as PDF, in the booker's language. Agency users see their own only. */
export async function renderConfirmationPdf(
  ctx: DbContext,
  bookingId: number,
  actor?: BookingActor,
  now = new Date(),
): Promise<DocumentFile> {
  const booking = await getBooking(ctx, bookingId, actor);
  const [letterhead, stops, dues] = await Promise.all([
    findBookingLetterhead(ctx.db, bookingId),
    findStopsOfDate(ctx.db, booking.termin),
    findPaymentDues(ctx.db, bookingId),
  ]);
  const brand = await brandOf(ctx, letterhead?.brand_host ?? null);
  const doc = confirmationPdf(
    {
      booking,
      address: letterhead ?? null,
      stops,
      schedule: dues.map((due) => ({ kind: due.kind, amount: due.amount_cents / 100, dueDate: isoDate(due.due_date) })),
    },
    { brand, printedAt: now },
  );
  return {
    filename: `${booking.language === 'de' ? 'Reisebestaetigung' : 'Booking-confirmation'}-${booking.vorgangnr}.pdf`,
    contentType: 'application/pdf',
    content: await renderPdf(doc),
  };
}

type LoadedInvoice = { id: number; bookingId: number | null; brandHost: string | null; document: InvoiceDocument };

/** The frozen document through the invoice core (404 for another agency's). */
async function loadInvoice(ctx: DbContext, invoiceId: number, actor?: BookingActor): Promise<LoadedInvoice> {
  const { invoice, document, brandHost } = await getInvoiceDocument(ctx, invoiceId, actor);
  return { id: invoice.id, bookingId: invoice.vorgangnr, brandHost, document };
}

const pdfName = (doc: InvoiceDocument) => `${doc.number}.pdf`;

/**
 * The brand of the host the invoiced booking was made on; a document of no booking (an agency's collective
 * invoice) the brand of the host it was issued on.
 */
async function invoiceBrand(ctx: DbContext, loaded: LoadedInvoice) {
  if (loaded.bookingId === null) return brandOf(ctx, loaded.brandHost);
  const letterhead = await findBookingLetterhead(ctx.db, loaded.bookingId);
  return brandOf(ctx, letterhead?.brand_host ?? null);
}

async function invoicePdfBytes(ctx: DbContext, loaded: LoadedInvoice, now: Date) {
  const brand = await invoiceBrand(ctx, loaded);
  return renderPdf(invoicePdf(loaded.document, { brand, printedAt: now }));
}

/** An invoice or credit note as PDF. */
export async function renderInvoicePdf(
  ctx: DbContext,
  invoiceId: number,
  actor?: BookingActor,
  now = new Date(),
): Promise<DocumentFile> {
  const loaded = await loadInvoice(ctx, invoiceId, actor);
  return {
    filename: pdfName(loaded.document),
    contentType: 'application/pdf',
    content: await invoicePdfBytes(ctx, loaded, now),
  };
}

/** An invoice or credit note in one of its renderings: PDF, XRechnung CII or UBL (XML), Factur-X (PDF/A-3). */
export async function renderEInvoice(
  ctx: DbContext,
  invoiceId: number,
  format: InvoiceFormat,
  actor?: BookingActor,
  now = new Date(),
): Promise<DocumentFile> {
  const loaded = await loadInvoice(ctx, invoiceId, actor);
  const doc = loaded.document;
  if (format === 'pdf') return renderInvoicePdf(ctx, invoiceId, actor, now);
  if (format === 'facturx') {
    const pdf = await invoicePdfBytes(ctx, loaded, now);
    const bytes = await generateEInvoice(doc, 'facturx', { bytes: pdf, fileName: pdfName(doc) });
    return { filename: `${doc.number}-facturx.pdf`, contentType: 'application/pdf', content: Buffer.from(bytes) };
  }
  // UBL has no place for a party without an electronic address (BT-34, BT-49): say so instead of failing.
  if (format === 'xrechnung-ubl' && (!doc.seller.email || !doc.buyer.email)) {
    throw new ApiError(409, 'error.eInvoiceAddressMissing');
  }
  const xml = await generateEInvoice(doc, format);
  return {
    filename: `${doc.number}-${format === 'xrechnung-cii' ? 'xrechnung-cii' : 'xrechnung-ubl'}.xml`,
    contentType: 'application/xml',
    content: Buffer.from(xml),
  };
}

/**
 * GET /ratio/api/templates/?getInvoice=: an invoice by its number (RE-2027-00001, GS-…), or by booking number
 * (vorgangnr) the booking's latest invoice.
 */
export async function findTemplateInvoiceId(ctx: DbContext, getInvoice: string, actor?: BookingActor): Promise<number> {
  const key = getInvoice.trim();
  if (/^\d+$/.test(key)) {
    const invoices = await listInvoicesOfBooking(ctx, Number(key), actor ?? { userId: null, agencyId: null });
    const latest = invoices.filter((invoice) => invoice.kind === 'invoice').at(-1);
    if (!latest) throw notFound();
    return latest.id;
  }
  const found = await findInvoiceByNumber(ctx, key, actor);
  if (!found) throw notFound();
  return found.invoice.id;
}

/**
 * POST /ratio_vorgang/{id}/documents/mail: the chosen documents (confirmation, invoices and credit notes of this
 * booking, optionally each with its XRechnung) to the booker in the booking's language, through the outbox with
 * the booking's ref, and a history entry — one transaction.
 */
export async function mailBookingDocuments(
  ctx: DbContext,
  bookingId: number,
  body: MailDocumentsBody,
  actor: BookingActor,
  now = new Date(),
): Promise<BookingMail> {
  const booking = await getBooking(ctx, bookingId, actor);
  const invoiceIds = [...new Set(body.invoices ?? [])];
  if (!body.confirmation && invoiceIds.length === 0) throw invalidField('invoices', 'error.nonEmptyList');
  const to = booking.buchender?.email;
  if (!to) throw conflict('error.bookingNoEmail');
  const attachments: DocumentFile[] = [];
  if (body.confirmation) attachments.push(await renderConfirmationPdf(ctx, bookingId, actor, now));
  for (const [index, invoiceId] of invoiceIds.entries()) {
    const loaded = await loadInvoice(ctx, invoiceId, actor).catch(() => null);
    if (!loaded || loaded.bookingId !== bookingId) throw invalidField(`invoices.${index}`, 'error.notFound');
    attachments.push(await renderInvoicePdf(ctx, invoiceId, actor, now));
    if (body.eInvoice) attachments.push(await renderEInvoice(ctx, invoiceId, 'xrechnung-cii', actor, now));
  }
  const letterhead = await findBookingLetterhead(ctx.db, bookingId);
  const brand = await brandOf(ctx, letterhead?.brand_host ?? null);
  return inTransaction(ctx, async (trx) => {
    const mailId = await enqueueMail(trx, {
      to,
      template: 'bookingDocuments',
      language: booking.language,
      variables: { name: booking.buchender?.name, vorgangnr: booking.vorgangnr, trip: booking.journeyTitle },
      brand,
      ref: `booking:${bookingId}`,
      attachments,
    });
    await recordBookingEvents(
      trx,
      bookingId,
      actor,
      [{ kind: 'mail', after: { template: 'bookingDocuments', to, attachments: attachments.map((a) => a.filename) } }],
      now,
    );
    const mail = await getMail(trx, mailId);
    return {
      id: mail.id,
      to: mail.to,
      subject: mail.subject,
      template: mail.template,
      status: mail.status,
      createdAt: mail.createdAt,
      sentAt: mail.sentAt,
      attachments: attachments.map((a) => a.filename),
    };
  });
}
