import type { Insertable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ImgHistoryTable, ImgLibraryItemTable } from './images.table.ts';

export const libraryItemColumns = [
  'img_library_item.id_img_library_item',
  'img_library_item.id_img_library',
  'img_library_item.id_stored_file',
  'img_library_item.content_hash',
  'img_library_item.name',
  'img_library_item.original_name',
  'img_library_item.description',
  'img_library_item.copyright',
  'img_library_item.width',
  'img_library_item.height',
  'img_library_item.licence_state',
  'img_library_item.stock_id',
  'img_library_item.deleted_at',
  'img_library_item.created_by',
  'img_library_item.created_at',
  'img_library_item.updated_at',
] as const;

export const findLibraryItem = (db: Database, id: number) =>
  db
    .selectFrom('img_library_item')
    .select(libraryItemColumns)
    .where('img_library_item.id_img_library_item', '=', id)
    .executeTakeFirst();

export type LibraryItemRow = NonNullable<Awaited<ReturnType<typeof findLibraryItem>>>;

/** The image with these bytes in the library, in the trash or not. */
export const findLibraryItemByHash = (db: Database, libraryId: number, contentHash: string) =>
  db
    .selectFrom('img_library_item')
    .select(libraryItemColumns)
    .where('img_library_item.id_img_library', '=', libraryId)
    .where('img_library_item.content_hash', '=', contentHash)
    .executeTakeFirst();

export const libraryExists = async (db: Database, id: number) =>
  (await db.selectFrom('img_library').select('id_img_library').where('id_img_library', '=', id).executeTakeFirst()) !==
  undefined;

export const insertLibraryItem = async (db: Database, row: Insertable<ImgLibraryItemTable>) =>
  (await db.insertInto('img_library_item').values(row).returning('id_img_library_item').executeTakeFirstOrThrow())
    .id_img_library_item;

export const insertImageHistory = async (db: Database, rows: ReadonlyArray<Insertable<ImgHistoryTable>>) => {
  if (rows.length > 0)
    await db
      .insertInto('img_history')
      .values([...rows])
      .execute();
};
