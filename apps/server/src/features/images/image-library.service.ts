import { createHash } from 'node:crypto';
import { isUniqueViolation } from '../../db/transaction.ts';
import { invalidField } from '../../lib/errors.ts';
import type { UploadedFile } from '../../lib/upload.ts';
import type { DbContext } from '../../types.ts';
import { prepareImage, saveImage, type FileStore } from '../files/files.service.ts';
import {
  findLibraryItem,
  findLibraryItemByHash,
  insertImageHistory,
  insertLibraryItem,
  libraryExists,
  type LibraryItemRow,
} from './images.repository.ts';
import type { ImageHistoryAction, ImageLicenceState } from './images.table.ts';

/**
 * The image database's shared core (issue #15): putting an image into a library and writing its history.
 * The image database screens, stock licensing and every feature that uses images go through here, so the
 * duplicate check (spec §5) and the history (who uploaded, used, licensed or deleted what) hold everywhere.
 */

export type NewLibraryImage = {
  libraryId: number;
  file: UploadedFile;
  createdBy: number | null;
  description?: string | null;
  copyright?: string | null;
  /** a licensed stock image: its licence state and the agency's id */
  licenceState?: ImageLicenceState;
  stockId?: string | null;
};

export const contentHash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The name an image gets from its file: the original name without its extension. */
const nameOf = (originalName: string) => originalName.replace(/\.[^.]+$/, '') || originalName;

/**
 * Stores an image in a library: the same bytes twice in one library are refused with `error.imageExists` at
 * `file` (spec §5 "image already exists in the folder", trash included); an unknown library is `error.notFound`
 * at `id_img_library`. The stored file, the item and its history row are written together; a refused upload
 * leaves nothing behind.
 */
export async function addLibraryImage(
  ctx: DbContext,
  store: FileStore,
  input: NewLibraryImage,
): Promise<LibraryItemRow> {
  if (!(await libraryExists(ctx.db, input.libraryId))) throw invalidField('id_img_library', 'error.notFound');
  const hash = contentHash(input.file.buffer);
  if (await findLibraryItemByHash(ctx.db, input.libraryId, hash)) throw invalidField('file', 'error.imageExists');
  const image = await prepareImage(input.file);
  const licensed = input.licenceState !== undefined && input.licenceState !== 'none';
  try {
    const id = await saveImage(ctx, store, image, input.createdBy, async (trx, fileId) => {
      const itemId = await insertLibraryItem(trx.db, {
        id_img_library: input.libraryId,
        id_stored_file: fileId,
        content_hash: hash,
        name: nameOf(image.originalName),
        original_name: image.originalName,
        description: input.description ?? null,
        copyright: input.copyright ?? null,
        width: image.width,
        height: image.height,
        licence_state: input.licenceState ?? 'none',
        stock_id: input.stockId ?? null,
        deleted_at: null,
        deleted_by: null,
        created_by: input.createdBy,
      });
      await insertImageHistory(trx.db, [
        {
          id_img_library_item: itemId,
          item_name: nameOf(image.originalName),
          action: licensed ? 'licensed' : 'uploaded',
          detail: `library ${input.libraryId}`,
          user_id: input.createdBy,
        },
      ]);
      return itemId;
    });
    return (await findLibraryItem(ctx.db, id))!;
  } catch (error) {
    // Two uploads of the same bytes at once: the second loses at the unique index.
    if (isUniqueViolation(error)) throw invalidField('file', 'error.imageExists');
    throw error;
  }
}

/** Writes history rows, e.g. `used` when a journey or post picks an image (`detail` says where). */
export async function recordImageHistory(
  ctx: DbContext,
  entries: ReadonlyArray<{
    /** an item of the image database; an id of null names what never became one (a failed stock licence) */
    item: { id_img_library_item: number | null; name: string };
    action: ImageHistoryAction;
    detail?: string | null;
    userId: number | null;
  }>,
): Promise<void> {
  await insertImageHistory(
    ctx.db,
    entries.map((entry) => ({
      id_img_library_item: entry.item.id_img_library_item,
      item_name: entry.item.name,
      action: entry.action,
      detail: entry.detail ?? null,
      user_id: entry.userId,
    })),
  );
}

/** Where an image is used, e.g. `{ kind: 'journey', id: 12, label: 'Adventsreise Dresden' }`. */
export type ImageUsage = { kind: string; id: number; label: string };

/**
 * Features that use images say where, so the trash can warn before an image goes (spec §4): each registers
 * a finder that answers, for library items, where each one is used. Registered once at start-up by the
 * feature's module (journeys, destinations, blog posts, newsletter templates).
 */
export type ImageUsageFinder = (
  ctx: DbContext,
  items: ReadonlyArray<Pick<LibraryItemRow, 'id_img_library_item' | 'id_stored_file'>>,
) => Promise<Array<{ id_img_library_item: number; usage: ImageUsage }>>;

const usageFinders = new Map<string, ImageUsageFinder>();
/** Kinds of use that hold the image's stored file itself (not the library item): deleting the item is safe for them. */
const fileHoldingKinds = new Set<string>();

/**
 * `holdsFile`: the use points at the stored file (a journey image, a destination picture, a template image), so
 * it keeps showing the image when the library item is deleted for good; such uses never block "delete anyway".
 */
export function registerImageUsage(kind: string, finder: ImageUsageFinder, options?: { holdsFile?: boolean }): void {
  usageFinders.set(kind, finder);
  if (options?.holdsFile) fileHoldingKinds.add(kind);
  else fileHoldingKinds.delete(kind);
}

/** Whether a use keeps its image when the library item is deleted for good (see `registerImageUsage`). */
export const usageHoldsFile = (usage: ImageUsage) => fileHoldingKinds.has(usage.kind);

/** Every use of these items, by item id (items used nowhere are absent). */
export async function findImageUsages(
  ctx: DbContext,
  items: ReadonlyArray<Pick<LibraryItemRow, 'id_img_library_item' | 'id_stored_file'>>,
): Promise<Map<number, ImageUsage[]>> {
  const byItem = new Map<number, ImageUsage[]>();
  if (items.length === 0) return byItem;
  for (const finder of usageFinders.values()) {
    for (const { id_img_library_item, usage } of await finder(ctx, items)) {
      byItem.set(id_img_library_item, [...(byItem.get(id_img_library_item) ?? []), usage]);
    }
  }
  return byItem;
}
