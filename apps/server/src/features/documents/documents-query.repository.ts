import { sql, type Insertable } from 'kysely';
import { MANIFEST_KINDS, buildSearchText, type DocumentSummary } from '@tourdesk/contracts';
import { statementBatches } from '../../db/batches.ts';
import type { Database } from '../../db/database.ts';
import { contractFields, type ListSpec } from '../../lib/list-query.ts';
import { ZDocumentSummary } from '@tourdesk/contracts';
import type { DocumentIndexTable } from './documents-query.table.ts';

/**
 * SQL of the documents query (docs/adr/0029): the registry `document_index` and its indexer. The indexer reads
 * what was written since the newest indexed row of each source (less a window for transactions that committed
 * late) and adds what is missing; `source_key` is unique, so two instances indexing at once add each row once.
 */

type NewRow = Insertable<DocumentIndexTable>;

/** How far behind the newest indexed row of a source the indexer looks again (ids of late commits). */
export const INDEX_WINDOW = 1000;
/** Rows read per source and step; the indexer steps until a source has nothing new. */
export const INDEX_BATCH = 500;

const CONFIRMATION_NAME = /^(Reisebestaetigung|Booking-confirmation)-/;

/** The id after which a source's rows are read again (its newest indexed id less the window). */
async function resumeAfter(db: Database, source: DocumentIndexTable['source']): Promise<number> {
  const row = await db
    .selectFrom('document_index')
    .select((eb) => eb.fn.max('source_id').as('last'))
    .where('source', '=', source)
    .executeTakeFirst();
  return Math.max(0, Number(row?.last ?? 0) - INDEX_WINDOW);
}

const notIndexed = (source: DocumentIndexTable['source'], idColumn: string) =>
  sql<boolean>`not exists (select 1 from document_index di where di.source = ${source} and di.source_id = ${sql.ref(idColumn)})`;

/** The booking columns a document of a booking carries: booker, journey, departure, agency. */
function bookingFacts(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('booking')
    .leftJoin('vc_card', 'vc_card.id_vc_card', 'booking.id_booker_card')
    .innerJoin('jrn_journey', 'jrn_journey.id_jrn_journey', 'booking.id_jrn_journey')
    .select([
      'booking.id',
      'booking.id_booker_card',
      'vc_card.name as customer_name',
      'booking.id_jrn_journey',
      'jrn_journey.title as journey_title',
      'booking.id_jrn_date',
      'booking.id_organization',
    ])
    .where('booking.id', 'in', ids)
    .execute();
}
type BookingFacts = Awaited<ReturnType<typeof bookingFacts>>[number];

const ofBooking = (facts: BookingFacts | undefined) => ({
  id_booking: facts?.id ?? null,
  id_vc_card: facts?.id_booker_card ?? null,
  customer_name: facts?.customer_name ?? null,
  id_jrn_journey: facts?.id_jrn_journey ?? null,
  journey_title: facts?.journey_title ?? null,
  id_jrn_date: facts?.id_jrn_date ?? null,
  id_organization: facts?.id_organization ?? null,
});

const withSearch = (row: Omit<NewRow, 'search_text'>): NewRow => ({
  ...row,
  search_text: buildSearchText([row.title, row.filename, row.customer_name, row.journey_title, row.id_booking ?? null]),
});

async function insertRows(db: Database, rows: NewRow[]): Promise<void> {
  // A batch of departures makes four manifests each: more values than SQLite binds in one statement.
  for (const batch of statementBatches(rows, Object.keys(rows[0] ?? {}).length)) {
    await db
      .insertInto('document_index')
      .values(batch)
      .onConflict((conflict) => conflict.column('source_key').doNothing())
      .execute();
  }
}

const byId = <T extends { id: number }>(rows: readonly T[]) => new Map(rows.map((row) => [row.id, row]));

/** The booking facts of the rows that belong to a booking, by booking id. */
const factsOfBookings = async (db: Database, rows: ReadonlyArray<{ id_booking: number | null }>) =>
  byId(
    await bookingFacts(
      db,
      rows.flatMap((row) => (row.id_booking === null ? [] : [row.id_booking])),
    ),
  );

/** One step over invoices and credit notes; answers how many source rows it read. */
async function indexInvoices(db: Database): Promise<number> {
  const after = await resumeAfter(db, 'invoice');
  const rows = await db
    .selectFrom('invoice')
    .select(['invoice.id', 'invoice.number', 'invoice.kind', 'invoice.id_booking', 'invoice.id_organization'])
    .select('invoice.issued_at')
    .where('invoice.id', '>', after)
    .where(notIndexed('invoice', 'invoice.id'))
    .orderBy('invoice.id')
    .limit(INDEX_BATCH)
    .execute();
  const facts = await factsOfBookings(db, rows);
  await insertRows(
    db,
    rows.map((row) => {
      const booking = row.id_booking === null ? undefined : facts.get(row.id_booking);
      return withSearch({
        source_key: `invoice:${row.id}`,
        source: 'invoice',
        source_id: row.id,
        doc_type: row.kind === 'creditNote' ? 'creditNote' : 'invoice',
        manifest_kind: null,
        title: row.number,
        filename: `${row.number}.pdf`,
        content_type: 'application/pdf',
        doc_date: row.issued_at,
        ...ofBooking(booking),
        id_booking: row.id_booking,
        id_organization: booking?.id_organization ?? row.id_organization,
        id_mail: null,
      });
    }),
  );
  return rows.length;
}

/**
 * One step over the attachments of mails sent for a booking (`ref` booking:<id>). A mailed invoice is the
 * invoice's document (its mails are found by name), so only confirmations and other files become rows.
 */
async function indexMailAttachments(db: Database): Promise<number> {
  const after = await resumeAfter(db, 'mail-attachment');
  const rows = await db
    .selectFrom('mail_attachment')
    .innerJoin('mail_outbox', 'mail_outbox.id', 'mail_attachment.id_mail')
    .select([
      'mail_attachment.id',
      'mail_attachment.id_mail',
      'mail_attachment.filename',
      'mail_attachment.content_type',
      'mail_outbox.ref',
      'mail_outbox.created_at',
    ])
    .where('mail_attachment.id', '>', after)
    .where('mail_outbox.ref', 'like', 'booking:%')
    .where(notIndexed('mail-attachment', 'mail_attachment.id'))
    .orderBy('mail_attachment.id')
    .limit(INDEX_BATCH)
    .execute();
  const bookingOf = (ref: string | null) => {
    const id = Number((ref ?? '').slice('booking:'.length));
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  };
  const bookingIds = [...new Set(rows.flatMap((row) => bookingOf(row.ref) ?? []))];
  const facts = byId(await bookingFacts(db, bookingIds));
  const invoiceNumbers =
    bookingIds.length === 0
      ? []
      : await db.selectFrom('invoice').select(['number', 'id_booking']).where('id_booking', 'in', bookingIds).execute();
  const isInvoiceFile = (bookingId: number, filename: string) =>
    invoiceNumbers.some(
      (invoice) =>
        invoice.id_booking === bookingId &&
        (filename === `${invoice.number}.pdf` || filename.startsWith(`${invoice.number}-`)),
    );
  const kept = rows.flatMap((row) => {
    const bookingId = bookingOf(row.ref);
    if (bookingId === null || isInvoiceFile(bookingId, row.filename)) return [];
    return [
      withSearch({
        source_key: `mail-attachment:${row.id}`,
        source: 'mail-attachment',
        source_id: row.id,
        doc_type: CONFIRMATION_NAME.test(row.filename) ? 'confirmation' : 'mailAttachment',
        manifest_kind: null,
        title: row.filename,
        filename: row.filename,
        content_type: row.content_type,
        doc_date: row.created_at,
        ...ofBooking(facts.get(bookingId)),
        id_booking: bookingId,
        id_mail: row.id_mail,
      }),
    ];
  });
  await insertRows(db, kept);
  return kept.length;
}

/** One step over documents that came in (received_document, written by the mail inbox). */
async function indexReceived(db: Database): Promise<number> {
  const after = await resumeAfter(db, 'received');
  const rows = await db
    .selectFrom('received_document')
    .leftJoin('vc_card', 'vc_card.id_vc_card', 'received_document.id_vc_card')
    .select([
      'received_document.id',
      'received_document.filename',
      'received_document.content_type',
      'received_document.id_vc_card',
      'vc_card.name as card_name',
      'vc_card.id_organization as card_agency',
      'received_document.id_booking',
      'received_document.received_at',
    ])
    .where('received_document.id', '>', after)
    .where(notIndexed('received', 'received_document.id'))
    .orderBy('received_document.id')
    .limit(INDEX_BATCH)
    .execute();
  const facts = await factsOfBookings(db, rows);
  await insertRows(
    db,
    rows.map((row) => {
      const booking = row.id_booking === null ? undefined : facts.get(row.id_booking);
      const ofCard = row.id_vc_card !== null;
      return withSearch({
        source_key: `received:${row.id}`,
        source: 'received',
        source_id: row.id,
        doc_type: 'received',
        manifest_kind: null,
        title: row.filename,
        filename: row.filename,
        content_type: row.content_type,
        doc_date: row.received_at,
        ...ofBooking(booking),
        id_booking: row.id_booking,
        id_vc_card: ofCard ? row.id_vc_card : (booking?.id_booker_card ?? null),
        customer_name: ofCard ? row.card_name : (booking?.customer_name ?? null),
        id_organization: booking?.id_organization ?? (ofCard ? row.card_agency : null),
        id_mail: null,
      });
    }),
  );
  return rows.length;
}

/** How many days before a departure its manifests (printed for it) count as documents. */
export const MANIFEST_DAYS_AHEAD = 14;

/**
 * One step over departures up to MANIFEST_DAYS_AHEAD days ahead: each has its manifests (boarding list, seat
 * manifest, participant and rooming list). A departure further ahead is indexed once it comes that near (the
 * departures of the last days are looked at again, whatever their number).
 */
async function indexManifests(db: Database, now: Date): Promise<number> {
  const after = await resumeAfter(db, 'manifest');
  const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const rows = await db
    .selectFrom('jrn_date')
    .innerJoin('jrn_journey', 'jrn_journey.id_jrn_journey', 'jrn_date.id_jrn_journey')
    .select(['jrn_date.nr', 'jrn_date.termincode', 'jrn_date.date_from', 'jrn_date.id_jrn_journey'])
    .select('jrn_journey.title')
    .where('jrn_date.date_from', '<=', day(MANIFEST_DAYS_AHEAD))
    .where((eb) => eb.or([eb('jrn_date.nr', '>', after), eb('jrn_date.date_from', '>=', day(-2))]))
    .where(notIndexed('manifest', 'jrn_date.nr'))
    .orderBy('jrn_date.nr')
    .limit(INDEX_BATCH)
    .execute();
  await insertRows(
    db,
    rows.flatMap((row) =>
      MANIFEST_KINDS.map((kind) =>
        withSearch({
          source_key: `manifest:${row.nr}:${kind}`,
          source: 'manifest',
          source_id: row.nr,
          doc_type: 'manifest',
          manifest_kind: kind,
          title: `${row.termincode} ${row.title}`,
          filename: `${kind}-${row.termincode}.pdf`,
          content_type: 'application/pdf',
          doc_date: `${String(row.date_from).slice(0, 10)}T00:00:00.000Z`,
          id_booking: null,
          id_vc_card: null,
          customer_name: null,
          id_jrn_journey: row.id_jrn_journey,
          journey_title: row.title,
          id_jrn_date: row.nr,
          id_organization: null,
          id_mail: null,
        }),
      ),
    ),
  );
  return rows.length;
}

/** Indexes every document not yet in the registry; answers how many source rows were read. */
export async function indexNewDocuments(db: Database, now = new Date()): Promise<number> {
  let total = 0;
  const manifests = (handle: Database) => indexManifests(handle, now);
  for (const step of [indexInvoices, indexMailAttachments, indexReceived, manifests]) {
    for (;;) {
      const read = await step(db);
      total += read;
      if (read < INDEX_BATCH) break;
    }
  }
  return total;
}

export const DOCUMENT_LIST_SPEC: ListSpec<DocumentSummary> = {
  table: 'document_index',
  idColumn: 'id',
  idField: 'id',
  searchable: true,
  defaultSort: [
    ['date', -1],
    ['id', -1],
  ],
  ownParams: ['date'],
  fields: {
    id: { column: 'document_index.id', type: 'number' },
    type: { column: 'document_index.doc_type', type: 'string' },
    title: { column: 'document_index.title', type: 'string' },
    manifestKind: { column: 'document_index.manifest_kind', type: 'string', nullable: true },
    filename: { column: 'document_index.filename', type: 'string', filterable: false },
    contentType: { column: 'document_index.content_type', type: 'string', sortable: false, filterable: false },
    date: { column: 'document_index.doc_date', type: 'date' },
    id_booking: { column: 'document_index.id_booking', type: 'number', nullable: true },
    id_vc_card: { column: 'document_index.id_vc_card', type: 'number', nullable: true },
    customerName: { column: 'document_index.customer_name', type: 'string', nullable: true, filterable: false },
    id_jrn_journey: { column: 'document_index.id_jrn_journey', type: 'number', nullable: true },
    journeyTitle: { column: 'document_index.journey_title', type: 'string', nullable: true, filterable: false },
    id_jrn_date: { column: 'document_index.id_jrn_date', type: 'number', nullable: true },
    agencyId: { column: 'document_index.id_organization', type: 'number', nullable: true },
  },
  selectable: contractFields(ZDocumentSummary),
};

const COLUMNS = [
  'document_index.id',
  'document_index.source',
  'document_index.source_id',
  'document_index.doc_type',
  'document_index.manifest_kind',
  'document_index.title',
  'document_index.filename',
  'document_index.content_type',
  'document_index.doc_date',
  'document_index.id_booking',
  'document_index.id_vc_card',
  'document_index.customer_name',
  'document_index.id_jrn_journey',
  'document_index.journey_title',
  'document_index.id_jrn_date',
  'document_index.id_organization',
  'document_index.id_mail',
] as const;

/** The list's base, narrowed to an agency's documents and to a date range (`date[$gte|$lte]`) when given. */
export function documentListBase(
  db: Database,
  scope: { agencyId: number | null; from: string | null; till: string | null },
) {
  let base = db.selectFrom('document_index').select(COLUMNS);
  if (scope.agencyId !== null) base = base.where('document_index.id_organization', '=', scope.agencyId);
  if (scope.from !== null) base = base.where('document_index.doc_date', '>=', scope.from);
  if (scope.till !== null) base = base.where('document_index.doc_date', '<', scope.till);
  return base;
}
export type DocumentRow = Awaited<ReturnType<ReturnType<typeof documentListBase>['executeTakeFirstOrThrow']>>;

export const findDocument = (db: Database, id: number) =>
  db.selectFrom('document_index').select(COLUMNS).where('document_index.id', '=', id).executeTakeFirst();

export const findReceivedDocument = (db: Database, id: number) =>
  db
    .selectFrom('received_document')
    .select(['id_stored_file', 'filename', 'content_type', 'mail_from', 'mail_subject'])
    .where('id', '=', id)
    .executeTakeFirst();

export const findMailAttachment = (db: Database, id: number) =>
  db
    .selectFrom('mail_attachment')
    .select(['filename', 'content_type', 'content'])
    .where('id', '=', id)
    .executeTakeFirst();
