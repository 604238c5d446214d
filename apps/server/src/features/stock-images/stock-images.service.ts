import type { FastifyBaseLogger } from 'fastify';
import type {
  StockCustomerQuery,
  StockImage,
  StockLicenceResponse,
  StockPage,
  StockQuota,
  StockSearchQuery,
  StockStatus,
} from '@tourdesk/contracts';
import { nowIso, toIso } from '../../db/dialect.ts';
import { isUniqueViolation } from '../../db/transaction.ts';
import { ApiError, conflict, notFound } from '../../lib/errors.ts';
import type { DbContext } from '../../types.ts';
import type { FileStore } from '../files/files.service.ts';
import { addLibraryImage, contentHash, recordImageHistory } from '../images/image-library.service.ts';
import { AdobeStockError, MEDIA_TYPES, type AdobeFile, type AdobeStockAdapter } from './adobe-stock.adapter.ts';
import {
  claimLicence,
  creditsUsed,
  findItemByHash,
  findLicence,
  findLicences,
  insertLicence,
  lastReportedQuota,
  markItemLicensed,
  stockLibraryId,
  updateLicence,
  type LicenceRow,
} from './stock-images.repository.ts';

/** Adobe's answers that mean the operator holds a Standard licence now (spec §4; just_purchased is Adobe's word). */
const LICENSED_STATES = new Set(['purchased', 'already_purchased', 'just_purchased']);

/** A licence left in processing this long (its app instance died) may be requested again. */
const STALE_PROCESSING_MS = 10 * 60 * 1000;

/** The adapter is off: this installation has no stock images (404, like a route that does not exist here). */
const notConfigured = () => new ApiError(404, 'error.stockNotConfigured');
const unavailable = () => new ApiError(503, 'error.serviceUnavailable');

export function stockStatus(adapter: AdobeStockAdapter): StockStatus {
  return { enabled: adapter.enabled, licensing: adapter.canLicense };
}

/** Adobe's errors become 503 `error.serviceUnavailable`; anything else goes on. */
async function askAdobe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AdobeStockError) throw unavailable();
    throw error;
  }
}

/** Adobe's dates ("2026-01-15 10:00:00") as ISO times. */
const adobeDate = (value: string | null | undefined): string | null => {
  if (!value) return null;
  const date = new Date(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(value) ? `${value.replace(' ', 'T')}Z` : value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

type LocalLicence = Awaited<ReturnType<typeof findLicences>>[number];

function toStockImage(
  file: AdobeFile & { license?: string | null; license_date?: string | null },
  local?: LocalLicence,
) {
  const image: StockImage = {
    id: String(file.id),
    title: file.title ?? '',
    creator_name: file.creator_name ?? null,
    width: typeof file.width === 'number' ? file.width : null,
    height: typeof file.height === 'number' ? file.height : null,
    is_licensed: file.license ?? file.is_licensed ?? (local?.state === 'standard' ? 'Standard' : ''),
    database: { link: file.details_url ?? null, thumbnail: file.thumbnail_url ?? null },
    stocktype: MEDIA_TYPES[Number(file.media_type_id)] ?? 'other',
    id_img_customer: local?.id_img_library_item ?? null,
    licence_state: local?.state ?? (file.is_licensed || file.license ? 'standard' : 'none'),
    // Adobe's own licence date first (an image licensed before Tourdesk knew it keeps its date).
    licensed_at: adobeDate(file.license_date) ?? toIso(local?.licensed_at ?? null),
  };
  return image;
}

async function withLocal(
  ctx: DbContext,
  files: ReadonlyArray<AdobeFile & { license?: string | null; license_date?: string | null }>,
) {
  const locals = new Map(
    (await findLicences(ctx.db, [...new Set(files.map((file) => String(file.id)))])).map((row) => [row.stock_id, row]),
  );
  return files.map((file) => toStockImage(file, locals.get(String(file.id))));
}

/** GET /adobestock: Adobe Stock's search, 64 a page, with the operator's licence state of each image. */
export async function searchStock(
  ctx: DbContext,
  adapter: AdobeStockAdapter,
  query: StockSearchQuery,
): Promise<StockPage> {
  if (!adapter.enabled) throw notConfigured();
  const { total, files } = await askAdobe(() => adapter.search(query));
  return { total, page: query.page, itemsPerPage: query.itemsPerPage, data: await withLocal(ctx, files) };
}

/** GET /imagedb-customer-stock: the operator's licensed images (Adobe's licence history of the operator). */
export async function customerStock(
  ctx: DbContext,
  adapter: AdobeStockAdapter,
  query: StockCustomerQuery,
): Promise<StockPage> {
  if (!adapter.canLicense) throw notConfigured();
  const { total, files } = await askAdobe(() => adapter.licenseHistory(query));
  return { total, page: query.page, itemsPerPage: query.itemsPerPage, data: await withLocal(ctx, files) };
}

/** GET /adobestock/{id} */
export async function getStockImage(ctx: DbContext, adapter: AdobeStockAdapter, id: string): Promise<StockImage> {
  if (!adapter.enabled) throw notConfigured();
  const file = await askAdobe(() => adapter.file(id));
  if (!file) throw notFound();
  return (await withLocal(ctx, [file]))[0]!;
}

/** The remaining credits as Adobe reports them, and the credits licences through Tourdesk used. */
export async function stockQuota(ctx: DbContext, adapter: AdobeStockAdapter): Promise<StockQuota> {
  if (!adapter.canLicense) throw notConfigured();
  let quota: number | null;
  try {
    quota = await adapter.quota();
  } catch (error) {
    if (!(error instanceof AdobeStockError)) throw error;
    quota = await lastReportedQuota(ctx.db);
  }
  return { quota, credits_used: await creditsUsed(ctx.db) };
}

const licenceAnswer = (row: LicenceRow): StockLicenceResponse => ({
  status: row.state,
  data: {
    id: row.stock_id,
    adobe_state: row.adobe_state,
    id_img_customer: row.id_img_library_item,
    licensed_at: toIso(row.licensed_at),
    credits_used: Number(row.credits_used),
    quota: row.quota_after,
  },
});

/**
 * Claims the licence row of `stockId` for this request: a new row in state processing, or an earlier failed
 * (or abandoned) one. The unique stock id and the conditional update decide between two app instances.
 * Returns the existing row when the image is licensed already.
 */
async function claim(ctx: DbContext, stockId: string, userId: number): Promise<LicenceRow | 'claimed'> {
  const now = nowIso();
  try {
    await insertLicence(ctx.db, {
      stock_id: stockId,
      state: 'processing',
      title: `AdobeStock_${stockId}`,
      requested_by: userId,
      created_at: now,
      updated_at: now,
    });
    return 'claimed';
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const row = await findLicence(ctx.db, stockId);
  if (!row) throw conflict('error.licenceInProgress');
  if (row.state === 'standard') return row;
  const changes = { requested_by: userId, adobe_state: null, updated_at: now };
  if (row.state === 'error' && (await claimLicence(ctx.db, stockId, 'error', changes))) return 'claimed';
  const staleBefore = new Date(Date.now() - STALE_PROCESSING_MS).toISOString();
  if (
    row.state === 'processing' &&
    toIso(row.updated_at)! < staleBefore &&
    (await claimLicence(ctx.db, stockId, 'processing', changes, staleBefore))
  )
    return 'claimed';
  throw conflict('error.licenceInProgress');
}

/**
 * POST /adobestock: licenses one image (spec §4 "Image licence"). Processing while Adobe is asked; Standard when
 * Adobe answers purchased or already_purchased (or just_purchased), and the licensed file is downloaded into the
 * image database's "Adobe Stock" library with its licence (stock id, date, who; history `licensed`). Any other
 * answer, or a failure on the way, leaves the licence in Error (history `licence_failed`).
 */
export async function licenseStockImage(
  ctx: DbContext,
  store: FileStore,
  adapter: AdobeStockAdapter,
  stockId: string,
  userId: number,
  log: FastifyBaseLogger,
): Promise<StockLicenceResponse> {
  if (!adapter.canLicense) throw notConfigured();
  const claimed = await claim(ctx, stockId, userId);
  if (claimed !== 'claimed') return licenceAnswer(claimed);

  let title = `AdobeStock_${stockId}`;
  let adobeState: string | null = null;
  let quota: number | null = null;
  try {
    const file = await adapter.file(stockId);
    if (file?.title) title = file.title.slice(0, 255);
    await updateLicence(ctx.db, stockId, {
      title,
      thumbnail_url: file?.thumbnail_url ?? null,
      media_type_id: file?.media_type_id ?? null,
    });
    const licence = await adapter.license(stockId);
    adobeState = licence.state;
    quota = licence.quota;
    if (!licence.state || !LICENSED_STATES.has(licence.state) || !licence.url) {
      throw new AdobeStockError(`Adobe Stock refused the licence: ${licence.state ?? 'no state'}`, null);
    }
    const download = await adapter.download(licence.url);
    const itemId = await storeLicensedImage(ctx, store, {
      stockId,
      title,
      creator: file?.creator_name ?? null,
      download,
      userId,
    });
    const now = nowIso();
    await updateLicence(ctx.db, stockId, {
      state: 'standard',
      adobe_state: licence.state,
      credits_used: licence.state === 'already_purchased' ? 0 : 1,
      quota_after: quota,
      id_img_library_item: itemId,
      licensed_at: adobeDate(licence.date) ?? now,
      updated_at: now,
    });
  } catch (error) {
    log.warn({ err: error, stockId }, 'Adobe Stock licence failed');
    await updateLicence(ctx.db, stockId, {
      state: 'error',
      adobe_state: adobeState,
      quota_after: quota,
      updated_at: nowIso(),
    });
    await recordImageHistory(ctx, [
      {
        item: { id_img_library_item: null, name: title },
        action: 'licence_failed',
        detail: `Adobe Stock ${stockId}`,
        userId,
      },
    ]);
  }
  return licenceAnswer((await findLicence(ctx.db, stockId))!);
}

/** Puts the licensed file into the "Adobe Stock" library; the same bytes already there are marked licensed. */
async function storeLicensedImage(
  ctx: DbContext,
  store: FileStore,
  input: {
    stockId: string;
    title: string;
    creator: string | null;
    download: { buffer: Buffer; mimetype: string };
    userId: number;
  },
): Promise<number> {
  const libraryId = await stockLibraryId(ctx.db);
  const extension = input.download.mimetype === 'image/png' ? 'png' : 'jpg';
  try {
    const item = await addLibraryImage(ctx, store, {
      libraryId,
      file: {
        buffer: input.download.buffer,
        filename: `AdobeStock_${input.stockId}.${extension}`,
        mimetype: input.download.mimetype,
      },
      createdBy: input.userId,
      licenceState: 'standard',
      stockId: input.stockId,
      description: input.title,
      copyright: input.creator ? `${input.creator} – stock.adobe.com` : 'stock.adobe.com',
    });
    return item.id_img_library_item;
  } catch (error) {
    const existing = await findItemByHash(ctx.db, libraryId, contentHash(input.download.buffer));
    if (!(error instanceof ApiError) || error.key !== 'error.imageExists' || !existing) throw error;
    await markItemLicensed(ctx.db, existing.id_img_library_item, input.stockId);
    await recordImageHistory(ctx, [
      { item: existing, action: 'licensed', detail: `Adobe Stock ${input.stockId}`, userId: input.userId },
    ]);
    return existing.id_img_library_item;
  }
}
