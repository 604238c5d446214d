import {
  hasPermission,
  imageRatio,
  ZUploadLibraryItemFields,
  type CreateImageLibraryBody,
  type EmptyTrashResult,
  type FileVariant,
  type ImageHistoryQuery,
  type ImageHistoryEntry,
  type ImageLibrary,
  type LibraryItem,
  type ListQuery,
  type UpdateImageLibraryBody,
  type UpdateLibraryItemBody,
} from '@tourdesk/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { nowIso, toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, forbidden, inUse, invalidField, notFound } from '../../lib/errors.ts';
import { runList } from '../../lib/list-query.ts';
import { parseFields, type Upload } from '../../lib/upload.ts';
import type { AuthUser, DbContext } from '../../types.ts';
import { deleteFileBytes, findFileVariant, releaseUnusedFiles, type FileStore } from '../files/files.service.ts';
import {
  addLibraryImage,
  findImageUsages,
  recordImageHistory,
  usageHoldsFile,
  type ImageUsage,
} from './image-library.service.ts';
import {
  countLibraryItems,
  deleteLibraryItemRow,
  deleteLibraryRow,
  findLibrary,
  findLibraryItemWithLibrary,
  findLibraryItems,
  findTrashedItems,
  findVisibleLibraries,
  historyBase,
  insertImageHistory,
  insertLibrary,
  LIBRARY_ITEM_LIST_SPEC,
  libraryItemListBase,
  updateLibraryItemRow,
  updateLibraryRow,
  type HistoryRow,
  type LibraryItemRow,
  type LibraryRow,
  type LibraryViewer,
} from './images.repository.ts';

/**
 * The image database's screens (issue #15 points 6–8): libraries, their images with upload, edit, trash and
 * permanent delete, the history, and the staff-only delivery of library images.
 */

export const viewerOf = (auth: AuthUser): LibraryViewer => ({
  userId: auth.id,
  shared: hasPermission(auth, 'imagedb-shared'),
});

const canSee = (viewer: LibraryViewer, library: { type: string; user_id: number | null }) =>
  library.type === 'personal' ? library.user_id === viewer.userId : library.type === 'shared' ? viewer.shared : true;

/** Staff addresses of a library image's sizes (relative to the API's host; they need a login). */
export const libraryItemUrls = (id: number) => ({
  thumbUrl: `/api/v1/img/library-item/${id}/file/thumb`,
  url: `/api/v1/img/library-item/${id}/file/web`,
  originalUrl: `/api/v1/img/library-item/${id}/file/original`,
});

export const toLibraryItem = (row: LibraryItemRow): LibraryItem => ({
  id: row.id_img_library_item,
  id_img_library_item: row.id_img_library_item,
  id_img_library: row.id_img_library,
  id_stored_file: row.id_stored_file,
  name: row.name,
  original_name: row.original_name,
  description: row.description,
  copyright: row.copyright,
  width: row.width,
  height: row.height,
  ratio: imageRatio(row.width, row.height),
  licence_state: row.licence_state,
  stock_id: row.stock_id,
  deleted_at: toIso(row.deleted_at),
  created_by: row.created_by,
  created_at: toIso(row.created_at)!,
  ...libraryItemUrls(row.id_img_library_item),
});

const toLibrary = (row: LibraryRow): ImageLibrary => ({
  id: row.id_img_library,
  id_img_library: row.id_img_library,
  name: row.name,
  user_id: row.user_id,
  type: row.type,
  item_count: Number(row.item_count),
  trash_count: Number(row.trash_count),
});

// ---- libraries ----

/** GET /img/library and /img/library/all: the libraries the user sees (a short list, answered whole or paged). */
export async function listLibraries(ctx: DbContext, auth: AuthUser, query: ListQuery = {}) {
  const all = (await findVisibleLibraries(ctx.db, viewerOf(auth))).map(toLibrary);
  const type = typeof query.type === 'string' ? query.type : undefined;
  const rows = type ? all.filter((library) => library.type === type) : all;
  if (query.pagination === 'false') return rows;
  const limit = query.$limit === undefined ? 100 : query.$limit === -1 ? 1000 : Math.min(query.$limit, 1000);
  const skip = query.$skip ?? 0;
  return { total: rows.length, limit, skip, data: rows.slice(skip, skip + limit) };
}

export const allLibraries = async (ctx: DbContext, auth: AuthUser): Promise<ImageLibrary[]> =>
  (await findVisibleLibraries(ctx.db, viewerOf(auth))).map(toLibrary);

/** A library the user sees; others (someone else's personal one, a shared one without the right) are 404. */
export async function getLibrary(ctx: DbContext, auth: AuthUser, id: number): Promise<ImageLibrary> {
  const row = await findLibrary(ctx.db, id);
  if (!row || !canSee(viewerOf(auth), row)) throw notFound();
  return toLibrary(row);
}

/** POST /img/library: a personal library belongs to its creator; a shared one needs `imagedb-shared`. */
export async function createLibrary(ctx: DbContext, auth: AuthUser, body: CreateImageLibraryBody) {
  if (body.type === 'shared' && !hasPermission(auth, 'imagedb-shared')) throw forbidden();
  const now = nowIso();
  const id = await insertLibrary(ctx.db, {
    name: body.name,
    type: body.type,
    user_id: auth.id,
    created_at: now,
    updated_at: now,
  });
  return getLibrary(ctx, auth, id);
}

export async function updateLibrary(ctx: DbContext, auth: AuthUser, id: number, body: UpdateImageLibraryBody) {
  const library = await getLibrary(ctx, auth, id);
  if (library.type === 'shared' && !hasPermission(auth, 'imagedb-shared')) throw forbidden();
  await updateLibraryRow(ctx.db, id, { name: body.name, updated_at: nowIso() });
  return getLibrary(ctx, auth, id);
}

/** DELETE /img/library/{id}: only an empty library (trash included), else 409 `error.conflict`. */
export async function deleteLibrary(ctx: DbContext, auth: AuthUser, id: number) {
  return inTransaction(ctx, async (trx) => {
    const library = await getLibrary(trx, auth, id);
    if ((await countLibraryItems(trx.db, id)) > 0) throw conflict('error.conflict');
    await deleteLibraryRow(trx.db, id);
    return library;
  });
}

// ---- items ----

/** GET /img/library-item: react-admin list; `trash=true` lists the trash instead; `lit-search`/`q` searches. */
export function listLibraryItems(ctx: DbContext, auth: AuthUser, query: ListQuery) {
  const search = [query['lit-search'], typeof query.q === 'string' ? query.q : undefined]
    .filter((value): value is string => typeof value === 'string')
    .join(' ')
    .toLocaleLowerCase('de')
    .slice(0, 200);
  const words = [...new Set(search.split(/\s+/).filter(Boolean))].slice(0, 8);
  const trash = query.trash === 'true' || query.trash === true || query.trash === '1';
  const base = libraryItemListBase(ctx.db, viewerOf(auth), { trash, words, dialect: ctx.dialect });
  return runList(ctx, LIBRARY_ITEM_LIST_SPEC, query, base, (rows) => rows.map(toLibraryItem));
}

/** An item the user sees (its library visible), trash included; otherwise 404. */
async function visibleItem(ctx: DbContext, auth: AuthUser, id: number) {
  const row = await findLibraryItemWithLibrary(ctx.db, id);
  if (!row || !canSee(viewerOf(auth), { type: row.library_type, user_id: row.library_user_id })) throw notFound();
  return row;
}

export async function getLibraryItem(ctx: DbContext, auth: AuthUser, id: number): Promise<LibraryItem> {
  return toLibraryItem(await visibleItem(ctx, auth, id));
}

/**
 * Library items the user sees, for features that pick from the image database (journeys, destinations):
 * unknown, invisible or trashed ones are a 400 at `field`.
 */
export async function pickableItems(
  ctx: DbContext,
  auth: AuthUser,
  ids: readonly number[],
  field: string,
): Promise<LibraryItemRow[]> {
  const rows = await findLibraryItems(ctx.db, [...new Set(ids)]);
  const viewer = viewerOf(auth);
  const byId = new Map(rows.map((row) => [row.id_img_library_item, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row || row.deleted_at !== null || !canSee(viewer, { type: row.library_type, user_id: row.library_user_id }))
      throw invalidField(field, 'error.notFound');
    return row;
  });
}

/**
 * One library item another feature picks (a destination's picture): the user needs `imagedb-read` (403) and
 * must see the item, outside the trash (400 `error.notFound` at `field`).
 */
export async function pickableLibraryItem(
  ctx: DbContext,
  actor: AuthUser | undefined,
  id: number,
  field: string,
): Promise<LibraryItemRow> {
  if (!actor || !hasPermission(actor, 'imagedb-read')) throw forbidden();
  const [row] = await pickableItems(ctx, actor, [id], field);
  return row!;
}

/** GET /img/library-item/{id}/file/{variant}: the stored key and type of one size, for a user who sees the item. */
export async function libraryItemFile(ctx: DbContext, auth: AuthUser, id: number, variant: FileVariant) {
  const item = await visibleItem(ctx, auth, id);
  return findFileVariant(ctx, item.id_stored_file, variant);
}

/** POST /img/library-item: one image into a library the user sees (duplicates: 400 `error.imageExists`). */
export async function uploadLibraryItem(
  ctx: DbContext,
  store: FileStore,
  auth: AuthUser,
  upload: Upload,
): Promise<LibraryItem> {
  const fields = parseFields(ZUploadLibraryItemFields, upload.fields);
  if (!upload.file) throw invalidField('file', 'error.empty');
  const library = await findLibrary(ctx.db, fields.id_img_library);
  if (!library || !canSee(viewerOf(auth), library)) throw invalidField('id_img_library', 'error.notFound');
  const row = await addLibraryImage(ctx, store, {
    libraryId: fields.id_img_library,
    file: upload.file,
    createdBy: auth.id,
    description: fields.description ?? null,
    copyright: fields.copyright ?? null,
  });
  return toLibraryItem(row);
}

/** PATCH/PUT /img/library-item/{id}: name, description, copyright; writes an `updated` history row. */
export async function updateLibraryItem(
  ctx: DbContext,
  auth: AuthUser,
  id: number,
  body: UpdateLibraryItemBody,
): Promise<LibraryItem> {
  return inTransaction(ctx, async (trx) => {
    const row = await visibleItem(trx, auth, id);
    const values = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.copyright !== undefined ? { copyright: body.copyright } : {}),
    };
    if (Object.keys(values).length > 0) {
      await updateLibraryItemRow(trx.db, id, { ...values, updated_at: nowIso() });
      await recordImageHistory(trx, [
        { item: { id_img_library_item: id, name: body.name ?? row.name }, action: 'updated', userId: auth.id },
      ]);
    }
    return toLibraryItem((await visibleItem(trx, auth, id))!);
  });
}

const USAGE_LABELS: Record<string, string> = {
  journey: 'Journeys',
  destination: 'Destinations',
  template: 'Newsletter templates',
};

/** 409 `error.imageInUse`, listing the uses by kind (`usage.journey: [{ id, title }]`). */
function imageInUse(usages: readonly ImageUsage[]) {
  const usage: Record<string, Array<{ id: number; title: string }>> = {};
  for (const entry of usages) (usage[entry.kind] ??= []).push({ id: entry.id, title: entry.label });
  return inUse('error.imageInUse', usage, USAGE_LABELS);
}

/** GET /img/library-item/{id}/usage: where the image is used, and whether deleting it anyway keeps each use. */
export async function libraryItemUsage(ctx: DbContext, auth: AuthUser, id: number) {
  const row = await visibleItem(ctx, auth, id);
  const usages = (await findImageUsages(ctx, [row])).get(id) ?? [];
  return usages.map((usage) => ({ ...usage, holds_file: usageHoldsFile(usage) }));
}

/**
 * DELETE /img/library-item/{id}: moves the image to the trash. An image still used somewhere answers 409 with
 * the uses unless `force`: trashing never breaks a use (the row and the file stay, it can be restored).
 */
export async function trashLibraryItem(ctx: DbContext, auth: AuthUser, id: number, force: boolean) {
  return inTransaction(ctx, async (trx) => {
    const row = await visibleItem(trx, auth, id);
    if (row.deleted_at !== null) return toLibraryItem(row);
    const usages = (await findImageUsages(trx, [row])).get(id) ?? [];
    if (usages.length > 0 && !force) throw imageInUse(usages);
    await updateLibraryItemRow(trx.db, id, { deleted_at: nowIso(), deleted_by: auth.id });
    await recordImageHistory(trx, [{ item: row, action: 'trashed', userId: auth.id }]);
    return toLibraryItem((await visibleItem(trx, auth, id))!);
  });
}

/** POST /img/library-item/{id}/restore: back out of the trash. */
export async function restoreLibraryItem(ctx: DbContext, auth: AuthUser, id: number) {
  return inTransaction(ctx, async (trx) => {
    const row = await visibleItem(trx, auth, id);
    if (row.deleted_at === null) return toLibraryItem(row);
    await updateLibraryItemRow(trx.db, id, { deleted_at: null, deleted_by: null });
    await recordImageHistory(trx, [{ item: row, action: 'restored', userId: auth.id }]);
    return toLibraryItem((await visibleItem(trx, auth, id))!);
  });
}

/** Deletes items for good in one transaction: rows, then the stored files nothing else uses; answers their keys. */
async function deleteItemsForGood(trx: DbContext, rows: readonly LibraryItemRow[], userId: number) {
  for (const row of rows) await deleteLibraryItemRow(trx.db, row.id_img_library_item);
  await insertImageHistory(
    trx.db,
    rows.map((row) => ({
      id_img_library_item: null,
      item_name: row.name,
      action: 'deleted' as const,
      detail: `library ${row.id_img_library}`,
      user_id: userId,
    })),
  );
  return releaseUnusedFiles(
    trx,
    rows.map((row) => row.id_stored_file),
  );
}

/**
 * DELETE /img/library-item/{id}?permanent=true: the row goes, and its stored file once nothing else uses it.
 * A used image answers 409 with the uses; `force` deletes it anyway only when every use holds the stored file
 * itself (journeys, destinations, templates keep showing it), otherwise it stays 409.
 */
export async function deleteLibraryItemForGood(
  ctx: DbContext,
  store: FileStore,
  auth: AuthUser,
  id: number,
  force: boolean,
  log?: FastifyBaseLogger,
): Promise<LibraryItem> {
  const { item, keys } = await inTransaction(ctx, async (trx) => {
    const row = await visibleItem(trx, auth, id);
    const usages = (await findImageUsages(trx, [row])).get(id) ?? [];
    if (usages.length > 0 && (!force || !usages.every(usageHoldsFile))) throw imageInUse(usages);
    return { item: toLibraryItem(row), keys: await deleteItemsForGood(trx, [row], auth.id) };
  });
  await deleteFileBytes(store, keys, log);
  return item;
}

/**
 * DELETE /img/library/{id}/trash: deletes the library's trashed images for good; those still used somewhere
 * by a use that needs the library item stay in the trash (counted as `kept`).
 */
export async function emptyTrash(
  ctx: DbContext,
  store: FileStore,
  auth: AuthUser,
  libraryId: number,
  log?: FastifyBaseLogger,
): Promise<EmptyTrashResult> {
  const { deleted, kept, keys } = await inTransaction(ctx, async (trx) => {
    await getLibrary(trx, auth, libraryId);
    const trashed = await findTrashedItems(trx.db, libraryId);
    const usages = await findImageUsages(trx, trashed);
    const deletable = trashed.filter((row) => (usages.get(row.id_img_library_item) ?? []).every(usageHoldsFile));
    const keys = await deleteItemsForGood(trx, deletable, auth.id);
    return { deleted: deletable.length, kept: trashed.length - deletable.length, keys };
  });
  await deleteFileBytes(store, keys, log);
  return { deleted, kept };
}

// ---- history ----

const toHistoryEntry = (row: HistoryRow): ImageHistoryEntry => ({
  id: row.id,
  id_img_library_item: row.id_img_library_item,
  item_name: row.item_name,
  action: row.action,
  detail: row.detail,
  user_id: row.user_id,
  user_name:
    row.user_id === null ? null : [row.firstname, row.lastname].filter(Boolean).join(' ') || (row.email ?? null),
  created_at: toIso(row.created_at)!,
});

const nextDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
};

/** GET /img/history: newest first; `action`, `user_id`, `from`, `to` (days, `to` inclusive) narrow it. */
export async function listHistory(ctx: DbContext, query: ImageHistoryQuery) {
  const filter = {
    action: query.action,
    userId: query.user_id,
    from: query.from ? new Date(`${query.from}T00:00:00Z`).toISOString() : undefined,
    to: query.to ? nextDay(query.to) : undefined,
  };
  const limit = query.$limit ?? 25;
  const skip = query.$skip ?? 0;
  const [rows, count] = await Promise.all([
    historyBase(ctx.db, filter)
      .orderBy('img_history.created_at', 'desc')
      .orderBy('img_history.id', 'desc')
      .limit(limit)
      .offset(skip)
      .execute(),
    historyBase(ctx.db, filter)
      .clearSelect()
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { total: Number(count.n), limit, skip, data: rows.map(toHistoryEntry) };
}
