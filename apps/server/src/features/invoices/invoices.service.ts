import {
  invoiceNumber,
  toApiDate,
  ZInvoiceDocument,
  ZInvoiceSeller,
  DEFAULT_INVOICE_SELLER,
  type Invoice,
  type InvoiceDocument,
  type InvoiceKind,
  type InvoiceLine,
} from '@tourdesk/contracts';
import { toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import type { DbContext } from '../../types.ts';
import {
  documentLanguage,
  getBooking,
  lineText,
  recordBookingEvents,
  type BookingActor,
} from '../bookings/bookings.service.ts';
import { brandForHost } from '../brands/brands.service.ts';
import { typedSetting } from '../settings/settings.service.ts';
import { getOrganization } from '../organizations/organizations.service.ts';
import {
  buildCollectiveInvoiceDocument,
  buildInvoiceDocument,
  invoiceLinesOf,
  type CollectiveBooking,
} from './invoice-document.ts';
import {
  creditedCentsOf,
  findBookingMoney,
  findCardAddress,
  findCollectiveInvoicesOfAgency,
  findInvoiceById,
  findInvoiceByNumber as findInvoiceRowByNumber,
  findInvoicesOfBooking,
  findLastDueDate,
  insertInvoice,
  moveBookingInvoiceNumber,
  nextInvoiceSeq,
  type InvoiceRow,
} from './invoices.repository.ts';

/**
 * Invoices and credit notes of bookings (issue #11, docs/adr/0017): issued in the caller's transaction with a
 * gap-free number per year and kind, frozen as a document that never changes; a correction is a credit note.
 * The renderings (PDF, XRechnung, Factur-X) live in the documents feature and read `getInvoiceDocument`.
 */

const toInvoice = (row: InvoiceRow): Invoice => ({
  id: row.id,
  number: row.number,
  kind: row.kind,
  vorgangnr: row.id_booking,
  agencyId: row.id_organization,
  creditedInvoiceId: row.id_credited_invoice,
  total: row.total_cents / 100,
  language: row.language,
  issuedAt: toIso(row.issued_at)!,
  issuedBy: row.issued_by,
});

const cents = (euro: number) => Math.round(euro * 100);
const dateOnly = (value: string | Date) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : value.slice(0, 10);

/** Statuses whose bookings are invoiced: what is held or sold, and a cancelled booking's fee. */
const INVOICED_STATUSES = new Set(['option', 'firm', 'processing', 'cancelled']);

type IssueInput = {
  bookingId: number;
  kind: InvoiceKind;
  lines: InvoiceLine[];
  totalCents: number;
  creditedInvoice: InvoiceRow | null;
};

async function issueDocument(trx: DbContext, input: IssueInput, actor: BookingActor, now: Date): Promise<Invoice> {
  const booking = await getBooking(trx, input.bookingId);
  const money = (await findBookingMoney(trx.db, input.bookingId))!;
  const issueDate = toApiDate(now)!;
  const year = Number(issueDate.slice(0, 4));
  const seq = await nextInvoiceSeq(trx.db, year, input.kind);
  const number = invoiceNumber(input.kind, year, seq);
  const [brand, seller, address, lastDue] = await Promise.all([
    brandForHost(trx, money.brand_host ?? 'localhost'),
    typedSetting(trx, 'INVOICE_SELLER', ZInvoiceSeller, DEFAULT_INVOICE_SELLER),
    booking.buchender ? findCardAddress(trx.db, booking.buchender.id_vc_card) : undefined,
    findLastDueDate(trx.db, input.bookingId),
  ]);
  const document = buildInvoiceDocument({
    number,
    kind: input.kind,
    issueDate,
    booking,
    brand,
    seller,
    buyerAddress: address
      ? { street: address.street, zip: address.zip, city: address.city, country: address.iso ?? 'DE' }
      : null,
    lines: input.lines,
    totalCents: input.totalCents,
    paidCents: money.paid_cents,
    dueDate: lastDue === null ? null : dateOnly(lastDue),
    creditedNumber: input.creditedInvoice?.number ?? null,
  });
  const id = await insertInvoice(trx.db, {
    number,
    kind: input.kind,
    year,
    seq,
    id_booking: input.bookingId,
    id_organization: money.id_organization,
    id_credited_invoice: input.creditedInvoice?.id ?? null,
    total_cents: input.totalCents,
    language: booking.language,
    brand_host: money.brand_host,
    body: JSON.stringify(document),
    issued_by: actor.userId,
    issued_at: now.toISOString(),
  });
  await recordBookingEvents(
    trx,
    input.bookingId,
    actor,
    [
      {
        kind: input.kind,
        after: { number, total: input.totalCents / 100, credited: input.creditedInvoice?.number ?? null },
      },
    ],
    now,
  );
  const row = (await findInvoiceById(trx.db, id))!;
  return toInvoice(row);
}

/** The booking's latest invoice and what of it has not been credited yet (cents). */
async function currentInvoice(trx: DbContext, bookingId: number) {
  const invoices = (await findInvoicesOfBooking(trx.db, bookingId)).filter((row) => row.kind === 'invoice');
  const current = invoices.at(-1) ?? null;
  if (!current) return null;
  return { row: current, outstandingCents: current.total_cents - (await creditedCentsOf(trx.db, current.id)) };
}

/**
 * Issues the invoice for the booking as it stands, in the caller's transaction. A booking whose current invoice
 * (less its credit notes) already equals its total answers 409 error.invoiceCurrent; one that changed since gets
 * a credit note over what the old invoice still claims, then the new invoice. Drafts, requests and waiting
 * bookings, and a cancellation without fee, have nothing to invoice (409 error.nothingToInvoice).
 */
export async function issueInvoiceIn(
  trx: DbContext,
  bookingId: number,
  actor: BookingActor,
  now = new Date(),
): Promise<Invoice> {
  const booking = await getBooking(trx, bookingId, actor);
  const totalCents = cents(booking.price);
  if (!INVOICED_STATUSES.has(booking.status) || totalCents <= 0) throw new ApiError(409, 'error.nothingToInvoice');
  const current = await currentInvoice(trx, bookingId);
  if (current && current.outstandingCents === totalCents) throw new ApiError(409, 'error.invoiceCurrent');
  if (current && current.outstandingCents > 0) {
    await issueDocument(
      trx,
      {
        bookingId,
        kind: 'creditNote',
        lines: [
          {
            position: 1,
            description: lineText(booking.language, 'invoiceCancelled', { number: current.row.number }),
            participant: null,
            quantity: 1,
            unitPrice: current.outstandingCents / 100,
            amount: current.outstandingCents / 100,
            vat: 'margin',
          },
        ],
        totalCents: current.outstandingCents,
        creditedInvoice: current.row,
      },
      actor,
      now,
    );
  }
  const invoice = await issueDocument(
    trx,
    { bookingId, kind: 'invoice', lines: invoiceLinesOf(booking), totalCents, creditedInvoice: null },
    actor,
    now,
  );
  if (!(await moveBookingInvoiceNumber(trx.db, bookingId, booking.invoiceNumber, invoice.number)))
    throw new ApiError(409, 'error.versionConflict');
  return invoice;
}

/** POST /ratio_vorgang/{id}/invoices: issues the invoice in its own transaction. */
export function issueInvoice(ctx: DbContext, bookingId: number, actor: BookingActor, now = new Date()) {
  return inTransaction(ctx, (trx) => issueInvoiceIn(trx, bookingId, actor, now));
}

export type CreditLine = { description: string; participant: string | null; amount_cents: number };

/**
 * Issues a credit note against the booking's current invoice, in the caller's transaction (a cancellation's
 * credit). `lines` carry the credited amounts as positive cents (a fee kept is a negative line); the total is
 * capped at what the invoice still claims. Null when no invoice is current or nothing is left to credit.
 */
export async function issueCreditNoteIn(
  trx: DbContext,
  input: { bookingId: number; lines: readonly CreditLine[]; reason?: string },
  actor: BookingActor,
  now = new Date(),
): Promise<Invoice | null> {
  const current = await currentInvoice(trx, input.bookingId);
  if (!current || current.outstandingCents <= 0) return null;
  const wanted = input.lines.reduce((sum, line) => sum + line.amount_cents, 0);
  const totalCents = Math.min(wanted, current.outstandingCents);
  if (totalCents <= 0) return null;
  const lines: InvoiceLine[] = input.lines.map((line, index) => ({
    position: index + 1,
    description: line.description,
    participant: line.participant,
    quantity: 1,
    unitPrice: line.amount_cents / 100,
    amount: line.amount_cents / 100,
    vat: 'margin',
  }));
  if (totalCents < wanted)
    lines.push({
      position: lines.length + 1,
      description: input.reason ?? lineText(documentLanguage(current.row.language), 'cappedToOpen'),
      participant: null,
      quantity: 1,
      unitPrice: (totalCents - wanted) / 100,
      amount: (totalCents - wanted) / 100,
      vat: 'margin',
    });
  return issueDocument(
    trx,
    { bookingId: input.bookingId, kind: 'creditNote', lines, totalCents, creditedInvoice: current.row },
    actor,
    now,
  );
}

/** GET /ratio_vorgang/{id}/invoices: the booking's invoices and credit notes, oldest first (agency-scoped). */
export async function listInvoicesOfBooking(ctx: DbContext, bookingId: number, actor: BookingActor) {
  await getBooking(ctx, bookingId, actor);
  return (await findInvoicesOfBooking(ctx.db, bookingId)).map(toInvoice);
}

type StoredInvoice = NonNullable<Awaited<ReturnType<typeof findInvoiceById>>>;

/**
 * The invoice with its frozen document; 404 for an agency user unless the invoice is their agency's
 * (`invoice.id_organization`, a collective invoice's or an agency booking's) or its booking is.
 */
async function withDocument(ctx: DbContext, row: StoredInvoice, actor?: BookingActor) {
  if (actor?.agencyId != null && row.id_organization !== actor.agencyId) {
    const bookingIsTheirs =
      row.id_booking !== null &&
      (await getBooking(ctx, row.id_booking, actor).then(
        () => true,
        () => false,
      ));
    if (!bookingIsTheirs) throw notFound();
  }
  return {
    invoice: toInvoice(row),
    document: ZInvoiceDocument.parse(JSON.parse(row.body)) as InvoiceDocument,
    /** the host whose brand heads the document */
    brandHost: row.brand_host,
  };
}

/** An issued invoice or credit note with its frozen document (404 for another agency's). */
export async function getInvoiceDocument(ctx: DbContext, id: number, actor?: BookingActor) {
  const row = await findInvoiceById(ctx.db, id);
  if (!row) throw notFound();
  return withDocument(ctx, row, actor);
}

/** The same by its number (`RE-2026-00001`), or null. */
export async function findInvoiceByNumber(ctx: DbContext, number: string, actor?: BookingActor) {
  const row = await findInvoiceRowByNumber(ctx.db, number);
  return row ? withDocument(ctx, row, actor) : null;
}

/**
 * ★ Issues an agency's collective invoice (Sammelrechnung, docs/adr/0019) in the caller's transaction: the next
 * gap-free `SR` number, the frozen document (one margin line per booking with its travel price, one negative
 * margin line with its commission; seller from INVOICE_SELLER and the brand of the request's host, buyer the
 * agency's card), the invoice row with the agency and no booking. Which bookings it covers the caller records.
 */
export async function issueCollectiveInvoiceIn(
  trx: DbContext,
  input: { agencyId: number; from: string; to: string; bookings: readonly CollectiveBooking[] },
  actor: BookingActor,
  now = new Date(),
): Promise<Invoice> {
  const agency = await getOrganization(trx, input.agencyId);
  const issueDate = toApiDate(now)!;
  const year = Number(issueDate.slice(0, 4));
  const seq = await nextInvoiceSeq(trx.db, year, 'collective');
  const number = invoiceNumber('collective', year, seq);
  const host = actor.host ?? null;
  const [brand, seller, address] = await Promise.all([
    brandForHost(trx, host ?? 'localhost'),
    typedSetting(trx, 'INVOICE_SELLER', ZInvoiceSeller, DEFAULT_INVOICE_SELLER),
    agency.id_vc_card === null ? undefined : findCardAddress(trx.db, agency.id_vc_card),
  ]);
  const document = buildCollectiveInvoiceDocument({
    number,
    issueDate,
    language: 'de',
    from: input.from,
    to: input.to,
    agency: {
      id: agency.id,
      name: agency.name,
      email: agency.email,
      phone: agency.phone,
      customerNumber: String(agency.id),
    },
    buyerAddress: address
      ? { street: address.street, zip: address.zip, city: address.city, country: address.iso ?? 'DE' }
      : null,
    bookings: input.bookings,
    brand,
    seller,
  });
  const id = await insertInvoice(trx.db, {
    number,
    kind: 'collective',
    year,
    seq,
    id_booking: null,
    id_organization: input.agencyId,
    id_credited_invoice: null,
    total_cents: Math.round(document.total * 100),
    language: document.language,
    brand_host: host,
    body: JSON.stringify(document),
    issued_by: actor.userId,
    issued_at: now.toISOString(),
  });
  return toInvoice((await findInvoiceById(trx.db, id))!);
}

/** The frozen documents of the agency's collective invoices, newest first (for their lists). */
export async function listCollectiveInvoiceDocuments(ctx: DbContext, agencyId: number) {
  const rows = await findCollectiveInvoicesOfAgency(ctx.db, agencyId);
  return Promise.all(rows.map((row) => withDocument(ctx, row)));
}
