import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { Brand, DocumentDetail, DocumentSummary, ListQuery } from '@tourdesk/contracts';
import { toIso } from '../../db/dialect.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import { runList } from '../../lib/list-query.ts';
import type { PdfLanguage } from '../../lib/pdf.ts';
import type { DbContext } from '../../types.ts';
import { findFileVariant, type FileStore } from '../files/files.service.ts';
import { listMailsOfRef } from '../mail/mail.service.ts';
import { renderManifest } from '../manifests/manifests.service.ts';
import {
  DOCUMENT_LIST_SPEC,
  documentListBase,
  findDocument,
  findMailAttachment,
  findReceivedDocument,
  indexNewDocuments,
  type DocumentRow,
} from './documents-query.repository.ts';
import { renderInvoicePdf } from './documents.service.ts';

/**
 * The documents query (issue #17, docs/adr/0029): GET /documents lists the registry `document_index`, which the
 * indexer brings up to date before each read (and a job every minute); GET /documents/{id} answers one document
 * with the mails it was sent with; GET /documents/{id}/file its bytes from the renderer that made it.
 */

/** Who reads: an agency user reads their own agency's documents only (docs/adr/0019). */
export type DocumentReader = { userId: number; agencyId: number | null };

const toSummary = (row: DocumentRow): DocumentSummary => ({
  id: row.id,
  type: row.doc_type,
  title: row.title,
  manifestKind: row.manifest_kind,
  filename: row.filename,
  contentType: row.content_type,
  date: toIso(row.doc_date) ?? '',
  id_booking: row.id_booking,
  id_vc_card: row.id_vc_card,
  customerName: row.customer_name,
  id_jrn_journey: row.id_jrn_journey,
  journeyTitle: row.journey_title,
  id_jrn_date: row.id_jrn_date,
  agencyId: row.id_organization,
});

const ZDay = z.iso.date();
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

/** `date[$gte]` / `date[$lte]` (YYYY-MM-DD, both days included); anything else there is a 400. */
function dateRangeOf(query: ListQuery): { from: string | null; till: string | null } {
  const raw = (query as Record<string, unknown>).date;
  if (raw === undefined || raw === null) return { from: null, till: null };
  if (typeof raw !== 'object' || Array.isArray(raw)) throw invalidField('date', 'error.invalidFilter');
  const range = { from: null as string | null, till: null as string | null };
  for (const [operator, value] of Object.entries(raw as Record<string, unknown>)) {
    if ((operator !== '$gte' && operator !== '$lte') || !ZDay.safeParse(value).success)
      throw invalidField(`date.${operator}`, 'error.invalidFilter');
    if (operator === '$gte') range.from = `${String(value)}T00:00:00.000Z`;
    else range.till = nextDay(String(value));
  }
  return range;
}

/** Brings the registry up to date: every document written or received since the last run. */
export const indexDocuments = (ctx: DbContext) => indexNewDocuments(ctx.db);

/** GET /documents: filters type, id_booking, id_vc_card, id_jrn_journey, id_jrn_date, agencyId, date range. */
export async function listDocuments(ctx: DbContext, query: ListQuery, reader: DocumentReader) {
  const range = dateRangeOf(query);
  await indexDocuments(ctx);
  const base = documentListBase(ctx.db, { agencyId: reader.agencyId, ...range });
  return runList(ctx, DOCUMENT_LIST_SPEC, query, base, (rows) => rows.map(toSummary));
}

/** One document the reader may see (another agency's answers 404, as if it did not exist). */
async function readable(ctx: DbContext, id: number, reader: DocumentReader): Promise<DocumentRow> {
  const row = await findDocument(ctx.db, id);
  if (!row || (reader.agencyId !== null && row.id_organization !== reader.agencyId)) throw notFound();
  return row;
}

/** The mails a document went out with: its own mail, or for an invoice every booking mail that carried it. */
async function mailsOf(ctx: DbContext, row: DocumentRow) {
  if (row.id_booking === null || (row.source !== 'invoice' && row.source !== 'mail-attachment')) return [];
  const mails = await listMailsOfRef(ctx, `booking:${row.id_booking}`);
  if (row.source === 'mail-attachment') return mails.filter((mail) => mail.id === row.id_mail);
  return mails.filter((mail) =>
    mail.attachments.some((name) => name === `${row.title}.pdf` || name.startsWith(`${row.title}-`)),
  );
}

export async function getDocument(ctx: DbContext, id: number, reader: DocumentReader): Promise<DocumentDetail> {
  const row = await readable(ctx, id, reader);
  const received = row.source === 'received' ? await findReceivedDocument(ctx.db, row.source_id) : undefined;
  return {
    ...toSummary(row),
    downloadPath: `/documents/${row.id}/file`,
    mails: await mailsOf(ctx, row),
    receivedFrom: received?.mail_from ?? null,
    receivedSubject: received?.mail_subject ?? null,
  };
}

export type DocumentBytes = { filename: string; contentType: string; body: Buffer | string | Readable };

/**
 * GET /documents/{id}/file: the bytes from where the document lives — invoices and credit notes from their
 * renderer (the same PDF as the booking's documents tab), mailed files as they were sent, received files from
 * the file store, manifests from the manifest renderer.
 */
export async function documentFile(
  ctx: DbContext,
  store: FileStore,
  id: number,
  reader: DocumentReader,
  options: { brand: Brand; lang?: PdfLanguage; now?: Date },
): Promise<DocumentBytes> {
  const row = await readable(ctx, id, reader);
  const now = options.now ?? new Date();
  switch (row.source) {
    case 'invoice': {
      const file = await renderInvoicePdf(
        ctx,
        row.source_id,
        { userId: reader.userId, agencyId: reader.agencyId },
        now,
      );
      return { filename: file.filename, contentType: file.contentType, body: file.content };
    }
    case 'mail-attachment': {
      const file = await findMailAttachment(ctx.db, row.source_id);
      if (!file) throw notFound();
      return { filename: file.filename, contentType: file.content_type, body: Buffer.from(file.content) };
    }
    case 'received': {
      const file = await findReceivedDocument(ctx.db, row.source_id);
      if (!file) throw notFound();
      const stored = await findFileVariant(ctx, file.id_stored_file, 'original');
      const body = await store.get(stored.key);
      if (!body) throw notFound();
      return { filename: file.filename, contentType: file.content_type, body };
    }
    case 'manifest': {
      const file = await renderManifest(ctx, {
        nr: row.source_id,
        kind: row.manifest_kind ?? 'participants',
        format: 'pdf',
        direction: 'outbound',
        lang: options.lang,
        userId: reader.userId,
        brand: options.brand,
        printedAt: now,
      });
      return { filename: file.fileName, contentType: file.contentType, body: file.body };
    }
  }
}
