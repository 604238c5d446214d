import { PassThrough, Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import {
  anonymisedName,
  buildSearchText,
  dinSortKey,
  GDPR_EXPORT_FILES,
  hasPermission,
  type AnonymiseCounts,
  type AnonymiseResult,
} from '@tourdesk/contracts';
import { toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { ApiError, forbidden, notFound } from '../../lib/errors.ts';
import type { AuthUser, DbContext } from '../../types.ts';
import { forgetAuditEmail, recordAudit } from '../auth/audit.service.ts';
import { refreshBookingSearchText } from '../bookings/bookings.service.ts';
import { renderConfirmationPdf, renderInvoicePdf } from '../documents/documents.service.ts';
import { deleteFileBytes, type FileStore } from '../files/files.service.ts';
import { customerScope, scopedAgency } from './customer-scope.ts';
import {
  anonymiseAppAccounts,
  anonymiseCardRows,
  anonymiseParticipants,
  deleteNewsletterContacts,
  diaryPhotosOf,
  exportReaders,
  findCustomerLinks,
  findGdprCard,
  findOpenBookings,
  invoiceIdsOf,
  receivedDocuments,
  reindexDocumentsOfCard,
  removeMailTraces,
} from './gdpr.repository.ts';

/**
 * GDPR tools for one customer (docs/adr/0034).
 *
 * Who: the export needs the admin flag (route permission `admin`, checked again here) — it hands over everything at once, so it
 * is an administrator's act, like the spec's admin items (§6). The anonymisation needs customers-delete (route):
 * it removes data for good. Agency users never reach another agency's customer: a user whose card carries an
 * agency is limited to that agency's customers whatever their rights, and one without customers rights is
 * refused by the customers scope.
 */
export type GdprActor = AuthUser;

type Meta = { ip?: string | null; method?: string | null; url?: string | null };
type Log = { warn: (object: object, message: string) => void };

function agencyLimit(actor: GdprActor, action: 'read' | 'delete'): number | undefined {
  if (actor.agencyId) return actor.agencyId;
  return scopedAgency(customerScope(actor, action));
}

async function cardFor(ctx: DbContext, id: number, actor: GdprActor, action: 'read' | 'delete') {
  const card = await findGdprCard(ctx.db, id, agencyLimit(actor, action));
  if (!card) throw notFound();
  return card;
}

const README = (cardId: number, at: string) =>
  [
    `Tourdesk – Datenauskunft nach Art. 15 DSGVO / data export under Art. 15 GDPR`,
    `Kunde / customer: ${cardId}`,
    `Erstellt / created: ${at}`,
    '',
    'Each .json file holds one kind of data stored about the customer (an empty list: none stored).',
    'documents/ holds the files stored for the customer (documents received by mail, diary photos) and, as PDF',
    'made at the time of the export, the confirmation of each booking and its invoices and credit notes.',
    'Secrets (password hashes, push keys) and internal search keys are left out.',
  ].join('\n');

/** A stream that carries the ZIP as fflate writes it, waiting for the reader when it falls behind. */
function zipStream() {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(Buffer.from(chunk));
    if (final) out.end();
  });
  const drained = () =>
    out.writableNeedDrain ? new Promise<void>((resolve) => out.once('drain', () => resolve())) : Promise.resolve();
  const addText = async (name: string, text: string) => {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(new TextEncoder().encode(text), true);
    await drained();
  };
  const addStream = async (name: string, body: Readable) => {
    // Documents and photos are compressed already: stored as they are.
    const file = new ZipPassThrough(name);
    zip.add(file);
    for await (const chunk of body) {
      file.push(chunk instanceof Uint8Array ? chunk : Buffer.from(String(chunk)), false);
      await drained();
    }
    file.push(new Uint8Array(0), true);
  };
  return { out, addText, addStream, end: () => zip.end(), fail: (error: Error) => out.destroy(error) };
}

/** A file name for the ZIP: no folders, nothing outside printable ASCII. */
const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120) || 'file';

/**
 * GET /customers/{id}/gdpr-export: checks the caller and the customer, records the export in the audit log and
 * answers the ZIP as a stream; the data is read one kind at a time while the ZIP is being sent, and stored files
 * are copied through in chunks, so a customer with many documents never sits in memory as a whole.
 */
export async function exportCustomerData(
  ctx: DbContext,
  store: FileStore,
  id: number,
  actor: GdprActor,
  meta: Meta,
  log?: Log,
): Promise<{ fileName: string; stream: Readable }> {
  if (!hasPermission(actor, 'admin')) throw forbidden();
  const card = await cardFor(ctx, id, actor, 'read');
  const at = new Date().toISOString();
  await recordAudit(ctx, { action: 'gdpr_export', userId: actor.id, detail: `customer ${card.id_vc_card}`, ...meta });
  const zip = zipStream();
  const write = async () => {
    const links = await findCustomerLinks(ctx.db, card.id_vc_card);
    const readers = exportReaders(ctx.db, card.id_vc_card, links);
    for (const name of GDPR_EXPORT_FILES) {
      if (name === 'README.txt') {
        await zip.addText(name, README(card.id_vc_card, at));
        continue;
      }
      const read = readers[name];
      await zip.addText(name, `${JSON.stringify(read ? await read() : null, null, 2)}\n`);
    }
    const files = [
      ...(await receivedDocuments(ctx.db, card.id_vc_card, links.bookingIds)).map((row) => ({
        name: `documents/${row.id}-${safeName(row.filename)}`,
        key: row.storage_key,
      })),
      ...(await diaryPhotosOf(ctx.db, links.userIds)).map((photo) => ({
        name: `documents/diary-${photo.id}.${photo.storage_key.slice(photo.storage_key.lastIndexOf('.') + 1)}`,
        key: photo.storage_key,
      })),
    ];
    for (const file of files) {
      const body = await store.get(file.key);
      if (body) await zip.addStream(file.name, body);
      else log?.warn({ key: file.key }, 'stored file missing in the file store');
    }
    // The booking documents Tourdesk makes from its data, as the customer got them (rendered one at a time). One
    // that cannot be rendered is left out and logged; its data is in the JSON files all the same.
    const printedAt = new Date(at);
    const addRendered = async (what: string, render: () => Promise<{ filename: string; content: Buffer }>) => {
      let file: { filename: string; content: Buffer };
      try {
        file = await render();
      } catch (error) {
        log?.warn({ err: error, document: what }, 'document not rendered for the GDPR export');
        return;
      }
      await zip.addStream(`documents/${safeName(file.filename)}`, Readable.from([file.content]));
    };
    for (const bookingId of links.bookingIds)
      await addRendered(`confirmation ${bookingId}`, () => renderConfirmationPdf(ctx, bookingId, undefined, printedAt));
    for (const invoiceId of await invoiceIdsOf(ctx.db, links.bookingIds))
      await addRendered(`invoice ${invoiceId}`, () => renderInvoicePdf(ctx, invoiceId, undefined, printedAt));
    zip.end();
  };
  write().catch((error: unknown) => {
    log?.warn({ err: error, customer: card.id_vc_card }, 'GDPR export failed while streaming');
    zip.fail(error instanceof Error ? error : new Error(String(error)));
  });
  return { fileName: `kunde-${card.id_vc_card}-datenauskunft.zip`, stream: zip.out };
}

const NO_COUNTS: AnonymiseCounts = {
  contactRows: 0,
  participants: 0,
  newsletterContacts: 0,
  appAccounts: 0,
  pushSubscriptions: 0,
  inboxEntries: 0,
  diaryEntries: 0,
  suitcases: 0,
  surveyResponses: 0,
  mailLinks: 0,
  documents: 0,
  files: 0,
};

/** Today in Europe/Berlin (`YYYY-MM-DD`): a departure that ends today has not been travelled yet. */
const berlinToday = (now: Date) => now.toLocaleDateString('en-CA', { timeZone: 'Europe/Berlin' });

/**
 * POST /customers/{id}/anonymise: in one transaction the customer's names become "Anonymisiert {id}", their
 * contacts, addresses, birthday and passport go, their newsletter contact is deleted, their app accounts are
 * disabled and emptied, diaries and suitcases deleted; bookings and invoices keep their numbers and amounts (the
 * invoice documents stay as issued: § 147 AO, § 14b UStG). A customer with an open booking (not yet travelled, or
 * firm and not fully paid) is refused with 409 `error.customerHasOpenBookings`. A second call changes nothing and
 * answers `alreadyAnonymised: true`. Stored files are deleted after the commit.
 */
export async function anonymiseCustomer(
  ctx: DbContext,
  store: FileStore,
  id: number,
  actor: GdprActor,
  meta: Meta,
  log?: Log,
  now = new Date(),
): Promise<AnonymiseResult> {
  const at = now.toISOString();
  const outcome = await inTransaction(ctx, async (trx) => {
    const card = await cardFor(trx, id, actor, 'delete');
    const cardId = card.id_vc_card;
    if (card.anonymised_at) {
      return {
        result: {
          id: cardId,
          name: card.name,
          anonymisedAt: toIso(card.anonymised_at)!,
          alreadyAnonymised: true,
          removed: NO_COUNTS,
        },
        fileKeys: [],
      };
    }
    if ((await findOpenBookings(trx.db, cardId, berlinToday(now))).length > 0)
      throw new ApiError(409, 'error.customerHasOpenBookings');
    const links = await findCustomerLinks(trx.db, cardId);
    const name = anonymisedName(cardId);
    const photos = await diaryPhotosOf(trx.db, links.userIds);
    const contactRows = await anonymiseCardRows(trx.db, cardId, links.personIds, {
      name,
      searchText: buildSearchText([cardId, name]),
      sortName: dinSortKey(name),
      at,
    });
    const participants = await anonymiseParticipants(trx.db, links.bookingIds, links.persons, name);
    const newsletterContacts = await deleteNewsletterContacts(trx.db, cardId, links.emails);
    const accounts = await anonymiseAppAccounts(trx.db, links.userIds, name, at);
    for (const userId of links.userIds) await forgetAuditEmail(trx, userId);
    const mail = await removeMailTraces(trx.db, cardId);
    await reindexDocumentsOfCard(
      trx.db,
      cardId,
      name,
      (row) => buildSearchText([row.title, row.filename, name, row.journey_title, row.id_booking]),
      mail.documents.map((row) => row.id),
    );
    // The bookings list searches the booker's and participants' names: written anew without the old ones.
    for (const bookingId of links.bookingIds) await refreshBookingSearchText(trx, bookingId);
    await recordAudit(trx, { action: 'gdpr_anonymise', userId: actor.id, detail: `customer ${cardId}`, ...meta });
    const fileKeys = [
      ...photos.flatMap((photo) => [photo.storage_key, ...variantKeys(photo.variants)]),
      ...mail.documents.flatMap((row) => [row.storage_key, ...variantKeys(row.variants)]),
    ];
    return {
      result: {
        id: cardId,
        name,
        anonymisedAt: at,
        alreadyAnonymised: false,
        removed: {
          contactRows,
          participants,
          newsletterContacts,
          appAccounts: links.userIds.length,
          ...accounts,
          mailLinks: mail.mailLinks,
          documents: mail.documents.length,
          files: fileKeys.length,
        },
      },
      fileKeys,
    };
  });
  await deleteFileBytes(store, outcome.fileKeys, log);
  return outcome.result;
}

/** The keys of a stored file's size variants (JSON `{ thumb: { key }, … }`). */
function variantKeys(variants: string): string[] {
  try {
    const parsed: unknown = JSON.parse(variants);
    if (!parsed || typeof parsed !== 'object') return [];
    return Object.values(parsed).flatMap((variant: unknown) =>
      variant && typeof variant === 'object' && 'key' in variant && typeof variant.key === 'string'
        ? [variant.key]
        : [],
    );
  } catch {
    return [];
  }
}
