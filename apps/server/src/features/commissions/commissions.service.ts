import {
  hasPermission,
  type CommissionLine,
  type CommissionRates,
  type CommissionRatesBody,
  type CommissionStatement,
} from '@tourdesk/contracts';
import { inTransaction } from '../../db/transaction.ts';
import { toCsv } from '../../lib/csv.ts';
import { forbidden, invalidField, notFound } from '../../lib/errors.ts';
import {
  dataTable,
  documentFrame,
  formatPdfDate,
  PDF_LANGUAGES,
  renderPdf,
  totalsTable,
  type PdfLanguage,
} from '../../lib/pdf.ts';
import type { AuthUser, DbContext } from '../../types.ts';
import type { BookingChangeListener } from '../bookings/bookings.service.ts';
import { brandForHost } from '../brands/brands.service.ts';
import { agencyExists, getOrganization } from '../organizations/organizations.service.ts';
import { COMMISSION_TEXTS } from './commission-texts.ts';
import {
  existingCategoryIds,
  findCommissionBookings,
  findCommissionRates,
  freezeCommissionRate,
  replaceCommissionRates,
  type CommissionBookingRow,
} from './commissions.repository.ts';

/**
 * Agency commission (issue #12, docs/adr/0019): an agency's rates (a default and one per journey category), the
 * rate frozen on each agency booking when it is booked, and the commission statement by departure date (JSON,
 * PDF, CSV). The collective invoices take their bookings and amounts from `commissionLinesOf`.
 */

const percentOf = (bp: number) => bp / 100;
const euro = (cents: number) => cents / 100;
const isoDay = (value: string | Date) => (value instanceof Date ? value.toISOString() : String(value)).slice(0, 10);

/** Commission of one booking: the frozen rate on its travel price, rounded to the cent (ADR 0019). */
export const commissionCents = (travelCents: number, bp: number) => Math.round((travelCents * bp) / 10000);

// ---------------------------------------------------------------- who may see which agency

/**
 * The agency a request may see: an agency user (card with an agency) its own only — another agency is answered
 * 404, its existence never revealed; staff with `staffRight` any agency they name; anyone else (an agency right
 * without an agency on the card) is refused with 403.
 */
export function agencyInScope(
  auth: AuthUser | null,
  requested: number | undefined,
  staffRight: 'vorgang-read' | 'admin',
): number | undefined {
  const own = auth?.agencyId ?? null;
  if (own !== null && !hasPermission(auth, 'admin')) {
    if (requested !== undefined && requested !== own) throw notFound();
    return own;
  }
  if (!hasPermission(auth, staffRight)) throw forbidden();
  return requested;
}

async function assertAgency(ctx: DbContext, agencyId: number) {
  if (!(await agencyExists(ctx, agencyId))) throw notFound();
}

// ---------------------------------------------------------------- rates

/** GET /organization/{id}/commission-rates: the agency's rates as stored (admin; an agency user its own). */
export async function getCommissionRates(ctx: DbContext, agencyId: number, auth: AuthUser | null) {
  agencyInScope(auth, agencyId, 'admin');
  await assertAgency(ctx, agencyId);
  return ratesOf(ctx, agencyId);
}

async function ratesOf(ctx: DbContext, agencyId: number): Promise<CommissionRates> {
  const rows = await findCommissionRates(ctx.db, agencyId);
  return {
    agencyId,
    rates: rows.map((row) => ({
      categoryId: row.id_jrn_category,
      categoryName: row.name ?? null,
      percent: percentOf(row.rate_bp),
    })),
  };
}

/**
 * PUT /organization/{id}/commission-rates (admin): replaces all rates in one transaction. A second default or a
 * second rate for a category is 400 `error.rateDuplicate`, an unknown category 400 `error.notFound`, both on
 * `rates.{i}.categoryId`. Bookings keep the rate they were booked with.
 */
export async function putCommissionRates(
  ctx: DbContext,
  agencyId: number,
  body: CommissionRatesBody,
): Promise<CommissionRates> {
  await assertAgency(ctx, agencyId);
  const seen = new Set<number | null>();
  body.rates.forEach((rate, index) => {
    if (seen.has(rate.categoryId)) throw invalidField(`rates.${index}.categoryId`, 'error.rateDuplicate');
    seen.add(rate.categoryId);
  });
  const categoryIds = body.rates.flatMap((rate) => (rate.categoryId === null ? [] : [rate.categoryId]));
  const known = await existingCategoryIds(ctx.db, categoryIds);
  body.rates.forEach((rate, index) => {
    if (rate.categoryId !== null && !known.has(rate.categoryId))
      throw invalidField(`rates.${index}.categoryId`, 'error.notFound');
  });
  await inTransaction(ctx, (trx) =>
    replaceCommissionRates(
      trx.db,
      agencyId,
      body.rates.map((rate) => ({ id_jrn_category: rate.categoryId, rate_bp: Math.round(rate.percent * 100) })),
    ),
  );
  return ratesOf(ctx, agencyId);
}

// ---------------------------------------------------------------- the frozen rate

/**
 * Booking-change listener (registered by the routes): when an agency booking is created, its rate is frozen on
 * `booking.commission_bp` in the booking's transaction. Later changes and later rate changes leave it alone.
 */
export const commissionRateListener: BookingChangeListener = async (trx, change) => {
  if (change.events.some((event) => event.kind === 'created')) await freezeCommissionRate(trx.db, change.bookingId);
};

// ---------------------------------------------------------------- statement

/** A statement line of one booking, with its cents for the collective invoice. */
export type CommissionEntry = CommissionLine & {
  bookingId: number;
  dateTill: string;
  travelCents: number;
  commissionCents: number;
};

const toEntry = (row: CommissionBookingRow): CommissionEntry => {
  const travelCents = Number(row.travel_cents ?? 0);
  const bp = row.commission_bp ?? 0;
  const commission = commissionCents(travelCents, bp);
  return {
    bookingId: row.id,
    vorgangnr: row.id,
    status: row.status,
    journeyTitle: row.journey_title,
    termincode: row.termincode,
    dateFrom: isoDay(row.date_from),
    dateTill: isoDay(row.date_till),
    booker: row.booker_name ?? null,
    participants: Number(row.participants ?? 0),
    travelPrice: euro(travelCents),
    rate: percentOf(bp),
    commission: euro(commission),
    collectiveInvoiceNumber: row.invoice_number ?? null,
    travelCents,
    commissionCents: commission,
  };
};

/** The agency's bookings departing in [from, to] that earn commission, with their amounts (cents and euro). */
export async function commissionLinesOf(
  ctx: DbContext,
  filter: { agencyId: number; from?: string; to?: string; bookingIds?: readonly number[] },
): Promise<CommissionEntry[]> {
  if (filter.bookingIds?.length === 0) return [];
  return (await findCommissionBookings(ctx.db, filter)).map(toEntry);
}

/** Strips the cents a statement line carries inside the server. */
export const toCommissionLine = (entry: CommissionEntry): CommissionLine => ({
  vorgangnr: entry.vorgangnr,
  status: entry.status,
  journeyTitle: entry.journeyTitle,
  termincode: entry.termincode,
  dateFrom: entry.dateFrom,
  booker: entry.booker,
  participants: entry.participants,
  travelPrice: entry.travelPrice,
  rate: entry.rate,
  commission: entry.commission,
  collectiveInvoiceNumber: entry.collectiveInvoiceNumber,
});

export type StatementQuery = { agencyId?: number; from: string; to: string };

/**
 * GET /agency-commission: the statement of the agency in scope (staff name it, 400 `error.empty` on `agencyId`
 * without; an agency user gets its own) for the bookings departing in [from, to] (400 `error.dateTillBeforeFrom`
 * on `to` when it lies before `from`).
 */
export async function getCommissionStatement(
  ctx: DbContext,
  query: StatementQuery,
  auth: AuthUser | null,
): Promise<CommissionStatement> {
  const agencyId = agencyInScope(auth, query.agencyId, 'vorgang-read');
  if (agencyId === undefined) throw invalidField('agencyId', 'error.empty');
  if (query.to < query.from) throw invalidField('to', 'error.dateTillBeforeFrom');
  await assertAgency(ctx, agencyId);
  const agency = await getOrganization(ctx, agencyId);
  const entries = await commissionLinesOf(ctx, { agencyId, from: query.from, to: query.to });
  return {
    agencyId,
    agencyName: agency.name,
    from: query.from,
    to: query.to,
    lines: entries.map(toCommissionLine),
    travelTotal: euro(entries.reduce((sum, entry) => sum + entry.travelCents, 0)),
    commissionTotal: euro(entries.reduce((sum, entry) => sum + entry.commissionCents, 0)),
  };
}

export const statementLanguage = (value: string | undefined): PdfLanguage =>
  (PDF_LANGUAGES as readonly string[]).includes(value ?? '') ? (value as PdfLanguage) : 'de';

const LOCALES: Record<PdfLanguage, string> = { de: 'de-DE', en: 'en-GB', es: 'es-ES', ru: 'ru-RU' };
/** German number format for the CSV (German Excel reads `1234,50`). */
const decimal = (value: number) => value.toFixed(2).replace('.', ',');
const money = (value: number, lang: PdfLanguage) =>
  new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'EUR' }).format(value).replace(/\u00a0/g, ' ');
const percent = (value: number, lang: PdfLanguage) =>
  `${new Intl.NumberFormat(LOCALES[lang], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)} %`;
const statusLabel = (status: string, lang: PdfLanguage) =>
  COMMISSION_TEXTS[lang].statuses[status as 'firm' | 'processing' | 'cancelled'] ?? status;

export type StatementFile = { filename: string; contentType: string; content: Buffer | string };

const fileName = (statement: CommissionStatement, lang: PdfLanguage, ext: string) =>
  `${COMMISSION_TEXTS[lang].fileName}-${statement.agencyId}-${statement.from}-${statement.to}.${ext}`;

/** GET /agency-commission.csv: the statement for German Excel (BOM, `;`, decimal comma), in the reader's language. */
export async function exportCommissionCsv(
  ctx: DbContext,
  query: StatementQuery,
  auth: AuthUser | null,
  language: string | undefined,
): Promise<StatementFile> {
  const statement = await getCommissionStatement(ctx, query, auth);
  const lang = statementLanguage(language);
  const t = COMMISSION_TEXTS[lang];
  const h = t.headers;
  const content = toCsv(
    [
      h.vorgangnr,
      h.status,
      h.journey,
      h.termincode,
      h.departure,
      h.booker,
      h.participants,
      h.travelPrice,
      h.rate,
      h.commission,
      h.collectiveInvoice,
    ],
    [
      ...statement.lines.map((line) => [
        line.vorgangnr,
        statusLabel(line.status, lang),
        line.journeyTitle,
        line.termincode,
        formatPdfDate(line.dateFrom),
        line.booker,
        line.participants,
        decimal(line.travelPrice),
        decimal(line.rate),
        decimal(line.commission),
        line.collectiveInvoiceNumber,
      ]),
      [
        t.total,
        null,
        null,
        null,
        null,
        null,
        null,
        decimal(statement.travelTotal),
        null,
        decimal(statement.commissionTotal),
        null,
      ],
    ],
  );
  return { filename: fileName(statement, lang, 'csv'), contentType: 'text/csv; charset=utf-8', content };
}

/** GET /agency-commission.pdf: the statement as a landscape table with totals, in the brand of the request's host. */
export async function renderCommissionPdf(
  ctx: DbContext,
  query: StatementQuery,
  auth: AuthUser | null,
  options: { language?: string; host?: string; now?: Date },
): Promise<StatementFile> {
  const statement = await getCommissionStatement(ctx, query, auth);
  const lang = statementLanguage(options.language);
  const t = COMMISSION_TEXTS[lang];
  const h = t.headers;
  const brand = await brandForHost(ctx, options.host ?? 'localhost');
  const period = t.period.replace('{from}', formatPdfDate(statement.from)).replace('{to}', formatPdfDate(statement.to));
  const table = dataTable(
    [
      { header: h.vorgangnr, width: 48, align: 'right' },
      { header: h.status, width: 62 },
      { header: h.journey, width: '*' },
      { header: h.departure, width: 56 },
      { header: h.booker, width: 100 },
      { header: h.participants, width: 44, align: 'right' },
      { header: h.travelPrice, width: 66, align: 'right' },
      { header: h.rate, width: 50, align: 'right' },
      { header: h.commission, width: 60, align: 'right' },
      { header: h.collectiveInvoice, width: 70 },
    ],
    statement.lines.map((line) => [
      String(line.vorgangnr),
      statusLabel(line.status, lang),
      line.termincode ? `${line.journeyTitle} (${line.termincode})` : line.journeyTitle,
      formatPdfDate(line.dateFrom),
      line.booker ?? '',
      String(line.participants),
      money(line.travelPrice, lang),
      percent(line.rate, lang),
      money(line.commission, lang),
      line.collectiveInvoiceNumber ?? '',
    ]),
    { fontSize: 8 },
  );
  const doc = documentFrame(
    {
      brand,
      lang,
      title: t.title,
      subtitle: `${t.agency}: ${statement.agencyName} · ${period}`,
      printedAt: options.now ?? new Date(),
      orientation: 'landscape',
    },
    [
      statement.lines.length ? table : { text: t.empty, margin: [0, 8, 0, 8] },
      totalsTable(
        [
          [t.travelTotal, money(statement.travelTotal, lang), false],
          [t.commissionTotal, money(statement.commissionTotal, lang), true],
        ],
        [0, 8, 0, 8],
      ),
      { text: t.note, style: 'muted' },
    ],
  );
  return { filename: fileName(statement, lang, 'pdf'), contentType: 'application/pdf', content: await renderPdf(doc) };
}
