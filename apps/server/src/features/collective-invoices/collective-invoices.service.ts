import type {
  BulkInvoicesQuery,
  CollectiveInvoice,
  CollectiveInvoiceBody,
  CollectiveInvoiceDetail,
  Invoice,
  InvoiceDocument,
} from '@tourdesk/contracts';
import { inTransaction, isUniqueViolation } from '../../db/transaction.ts';
import { ApiError, invalidField, notFound } from '../../lib/errors.ts';
import type { AuthUser, DbContext } from '../../types.ts';
import { recordBookingEvents, type BookingActor } from '../bookings/bookings.service.ts';
import { agencyInScope, commissionLinesOf } from '../commissions/commissions.service.ts';
import {
  findInvoiceByNumber,
  issueCollectiveInvoiceIn,
  listCollectiveInvoiceDocuments,
} from '../invoices/invoices.service.ts';
import { agencyExists, getOrganization } from '../organizations/organizations.service.ts';
import {
  findCollectiveLines,
  findCollectiveTotals,
  insertCollectiveBookings,
} from './collective-invoices.repository.ts';

/**
 * Collective invoices (Sammelrechnungen, issue #12, docs/adr/0019): one invoice of kind `collective` over an
 * agency's bookings departing in a period that no collective invoice covers yet, net of their commission. The
 * invoice core issues the document (gap-free `SR` number, frozen body); this feature picks the bookings, records
 * which it covers (UNIQUE(id_booking): never twice, also under concurrency) and lists them.
 */

const euro = (cents: number) => cents / 100;
const isoDay = (value: string | Date) => (value instanceof Date ? value.toISOString() : String(value)).slice(0, 10);

/** How often an issue is tried again when a concurrent one took some of its bookings first. */
const ATTEMPTS = 3;

function summaryOf(
  invoice: Invoice,
  document: InvoiceDocument,
  agencyName: string,
  totals: { bookings: number; travelCents: number; commissionCents: number },
): CollectiveInvoice {
  return {
    id: invoice.id,
    number: invoice.number,
    agencyId: invoice.agencyId!,
    agencyName,
    from: document.deliveryDate,
    to: document.periodEnd ?? document.deliveryDate,
    bookings: totals.bookings,
    travelTotal: euro(totals.travelCents),
    commissionTotal: euro(totals.commissionCents),
    total: euro(totals.travelCents - totals.commissionCents),
    issuedAt: invoice.issuedAt,
    issuedBy: invoice.issuedBy,
  };
}

/**
 * POST /ratio/api/bulk-invoices: issues the agency's collective invoice for [from, to] in one transaction — the
 * invoice, the bookings it covers, a history entry on each booking. 409 `error.nothingToInvoice` when no booking
 * is left to invoice; a booking a concurrent issue took first makes this one start again without it.
 */
export async function issueCollectiveInvoice(
  ctx: DbContext,
  body: CollectiveInvoiceBody,
  actor: BookingActor,
  now = new Date(),
): Promise<CollectiveInvoice> {
  if (body.to < body.from) throw invalidField('to', 'error.dateTillBeforeFrom');
  if (!(await agencyExists(ctx, body.agencyId))) throw invalidField('agencyId', 'error.notFound');
  const agency = await getOrganization(ctx, body.agencyId);
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(ctx, async (trx) => {
        const entries = (await commissionLinesOf(trx, body)).filter(
          (entry) => entry.collectiveInvoiceNumber === null && entry.travelCents > 0,
        );
        if (entries.length === 0) throw new ApiError(409, 'error.nothingToInvoice');
        const invoice = await issueCollectiveInvoiceIn(
          trx,
          { agencyId: body.agencyId, from: body.from, to: body.to, bookings: entries },
          actor,
          now,
        );
        await insertCollectiveBookings(
          trx.db,
          invoice.id,
          entries.map((entry) => ({
            id_booking: entry.bookingId,
            travel_cents: entry.travelCents,
            commission_cents: entry.commissionCents,
          })),
        );
        for (const entry of entries)
          await recordBookingEvents(
            trx,
            entry.bookingId,
            actor,
            [
              {
                kind: 'collectiveInvoice',
                after: { number: invoice.number, travel: entry.travelPrice, commission: entry.commission },
              },
            ],
            now,
          );
        const travelCents = entries.reduce((sum, entry) => sum + entry.travelCents, 0);
        const commissionCents = entries.reduce((sum, entry) => sum + entry.commissionCents, 0);
        return summaryOf(invoice, { deliveryDate: body.from, periodEnd: body.to } as InvoiceDocument, agency.name, {
          bookings: entries.length,
          travelCents,
          commissionCents,
        });
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (attempt >= ATTEMPTS) throw new ApiError(409, 'error.nothingToInvoice');
    }
  }
}

/**
 * GET /ratio/api/bulk-invoices/: `getByAgency` lists the agency's collective invoices, newest first;
 * `getBySammelRechnungNr` answers one with the bookings it covers, as invoiced. Agency users reach their own
 * only (another agency's by id or number is 404); a user with an agency right but no agency is refused (403).
 */
export async function findCollectiveInvoices(
  ctx: DbContext,
  query: BulkInvoicesQuery,
  auth: AuthUser | null,
): Promise<CollectiveInvoice[] | CollectiveInvoiceDetail> {
  const scoped = agencyInScope(auth, query.getByAgency, 'vorgang-read');
  if (query.getBySammelRechnungNr !== undefined) {
    const found = await findInvoiceByNumber(ctx, query.getBySammelRechnungNr.trim());
    if (!found || found.invoice.kind !== 'collective') throw notFound();
    if (scoped !== undefined && found.invoice.agencyId !== scoped) throw notFound();
    return detailOf(ctx, found.invoice, found.document);
  }
  const agencyId = scoped!;
  if (!(await agencyExists(ctx, agencyId))) throw notFound();
  const agency = await getOrganization(ctx, agencyId);
  const invoices = await listCollectiveInvoiceDocuments(ctx, agencyId);
  const totals = new Map(
    (
      await findCollectiveTotals(
        ctx.db,
        invoices.map(({ invoice }) => invoice.id),
      )
    ).map((row) => [
      row.id_invoice,
      {
        bookings: Number(row.bookings),
        travelCents: Number(row.travel_cents),
        commissionCents: Number(row.commission_cents),
      },
    ]),
  );
  return invoices.map(({ invoice, document }) =>
    summaryOf(
      invoice,
      document,
      agency.name,
      totals.get(invoice.id) ?? { bookings: 0, travelCents: 0, commissionCents: 0 },
    ),
  );
}

async function detailOf(ctx: DbContext, invoice: Invoice, document: InvoiceDocument): Promise<CollectiveInvoiceDetail> {
  const agency = await getOrganization(ctx, invoice.agencyId!);
  const rows = await findCollectiveLines(ctx.db, invoice.id);
  const travelCents = rows.reduce((sum, row) => sum + row.travel_cents, 0);
  const commissionCents = rows.reduce((sum, row) => sum + row.commission_cents, 0);
  return {
    ...summaryOf(invoice, document, agency.name, { bookings: rows.length, travelCents, commissionCents }),
    lines: rows.map((row) => ({
      vorgangnr: row.id,
      status: row.status,
      journeyTitle: row.journey_title,
      termincode: row.termincode,
      dateFrom: isoDay(row.date_from),
      booker: row.booker_name ?? null,
      participants: Number(row.participants ?? 0),
      travelPrice: euro(row.travel_cents),
      rate: (row.commission_bp ?? 0) / 100,
      commission: euro(row.commission_cents),
      collectiveInvoiceNumber: invoice.number,
    })),
  };
}
