import { sql, type ExpressionBuilder, type Insertable, type SqlBool, type Updateable } from 'kysely';
import { ZLibraryItem, type LibraryItem } from '@tourdesk/contracts';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { lowerCase, type DialectName } from '../../db/dialect.ts';
import { contractFields, type ListSpec } from '../../lib/list-query.ts';
import type {
  ImageHistoryAction,
  ImageLibraryType,
  ImgHistoryTable,
  ImgLibraryItemTable,
  ImgLibraryTable,
} from './images.table.ts';

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

/** Which libraries a user sees: personal ones only their owner, shared ones with `imagedb-shared`, the rest all. */
export type LibraryViewer = { userId: number; shared: boolean };

const visibleLibrary = (viewer: LibraryViewer) => (eb: ExpressionBuilder<DB, 'img_library'>) =>
  eb.or([
    eb('img_library.type', 'in', ['library', 'trip']),
    eb.and([eb('img_library.type', '=', 'personal'), eb('img_library.user_id', '=', viewer.userId)]),
    ...(viewer.shared ? [eb('img_library.type', '=', 'shared')] : []),
  ]);

const countItems = (trash: boolean) =>
  sql<number | string>`(select count(*) from img_library_item
    where img_library_item.id_img_library = img_library.id_img_library
    and img_library_item.deleted_at is ${trash ? sql`not null` : sql`null`})`;

const libraryQuery = (db: Database) =>
  db
    .selectFrom('img_library')
    .select([
      'img_library.id_img_library',
      'img_library.name',
      'img_library.type',
      'img_library.user_id',
      'img_library.created_at',
      countItems(false).as('item_count'),
      countItems(true).as('trash_count'),
    ]);

export type LibraryRow = Awaited<ReturnType<ReturnType<typeof libraryQuery>['executeTakeFirstOrThrow']>>;

export const findLibrary = (db: Database, id: number) =>
  libraryQuery(db).where('img_library.id_img_library', '=', id).executeTakeFirst();

/** The libraries the viewer sees, by type (personal first) and name. */
export const findVisibleLibraries = (db: Database, viewer: LibraryViewer) =>
  libraryQuery(db)
    .where(visibleLibrary(viewer))
    .orderBy(sql`case img_library.type when 'personal' then 0 when 'shared' then 1 when 'library' then 2 else 3 end`)
    .orderBy('img_library.name')
    .orderBy('img_library.id_img_library')
    .execute();

export const insertLibrary = async (db: Database, row: Insertable<ImgLibraryTable>) =>
  (await db.insertInto('img_library').values(row).returning('id_img_library').executeTakeFirstOrThrow()).id_img_library;

export const updateLibraryRow = (db: Database, id: number, values: Updateable<ImgLibraryTable>) =>
  db.updateTable('img_library').set(values).where('id_img_library', '=', id).execute();

export const deleteLibraryRow = (db: Database, id: number) =>
  db.deleteFrom('img_library').where('id_img_library', '=', id).execute();

export const countLibraryItems = async (db: Database, id: number) =>
  Number(
    (
      await db
        .selectFrom('img_library_item')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('id_img_library', '=', id)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A library item with its library's type and owner, to decide whether the viewer sees it. */
export const findLibraryItemWithLibrary = (db: Database, id: number) =>
  db
    .selectFrom('img_library_item')
    .innerJoin('img_library', 'img_library.id_img_library', 'img_library_item.id_img_library')
    .select([...libraryItemColumns, 'img_library.type as library_type', 'img_library.user_id as library_user_id'])
    .where('img_library_item.id_img_library_item', '=', id)
    .executeTakeFirst();

export const findLibraryItems = (db: Database, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('img_library_item')
        .innerJoin('img_library', 'img_library.id_img_library', 'img_library_item.id_img_library')
        .select([...libraryItemColumns, 'img_library.type as library_type', 'img_library.user_id as library_user_id'])
        .where('img_library_item.id_img_library_item', 'in', ids)
        .execute();

/** The trashed items of a library. */
export const findTrashedItems = (db: Database, libraryId: number) =>
  db
    .selectFrom('img_library_item')
    .select(libraryItemColumns)
    .where('img_library_item.id_img_library', '=', libraryId)
    .where('img_library_item.deleted_at', 'is not', null)
    .orderBy('img_library_item.id_img_library_item')
    .execute();

/**
 * GET /img/library-item: the items of the libraries the viewer sees, narrowed to a library, to the trash or
 * outside it, and to names, descriptions or original names containing every word (case-insensitive).
 */
export function libraryItemListBase(
  db: Database,
  viewer: LibraryViewer,
  options: { trash: boolean; words: readonly string[]; dialect: DialectName },
) {
  let query = db
    .selectFrom('img_library_item')
    .innerJoin('img_library', 'img_library.id_img_library', 'img_library_item.id_img_library')
    .select(libraryItemColumns)
    .where(visibleLibrary(viewer))
    .where('img_library_item.deleted_at', options.trash ? 'is not' : 'is', null);
  if (options.words.length > 0) {
    const text = lowerCase(
      options.dialect,
      sql`img_library_item.name || ' ' || coalesce(img_library_item.description, '') || ' ' || img_library_item.original_name`,
    );
    for (const word of options.words) {
      const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where(sql<SqlBool>`${text} like ${pattern} escape '\\'`);
    }
  }
  return query;
}

export type LibraryItemListRow = Awaited<ReturnType<ReturnType<typeof libraryItemListBase>['executeTakeFirstOrThrow']>>;

export const LIBRARY_ITEM_LIST_SPEC: ListSpec<LibraryItem> = {
  table: 'img_library_item',
  idColumn: 'id_img_library_item',
  idField: 'id',
  searchable: false,
  defaultSort: [['id', -1]],
  ownParams: ['trash', 'q'],
  fields: {
    id: { column: 'img_library_item.id_img_library_item', type: 'number' },
    id_img_library_item: { column: 'img_library_item.id_img_library_item', type: 'number' },
    id_img_library: { column: 'img_library_item.id_img_library', type: 'number' },
    name: { column: 'img_library_item.name', type: 'string' },
    original_name: { column: 'img_library_item.original_name', type: 'string' },
    width: { column: 'img_library_item.width', type: 'number' },
    height: { column: 'img_library_item.height', type: 'number' },
    licence_state: { column: 'img_library_item.licence_state', type: 'string' },
    created_by: { column: 'img_library_item.created_by', type: 'number' },
    created_at: { column: 'img_library_item.created_at', type: 'date' },
    deleted_at: { column: 'img_library_item.deleted_at', type: 'date' },
  },
  selectable: contractFields(ZLibraryItem),
};

export const updateLibraryItemRow = (db: Database, id: number, values: Updateable<ImgLibraryItemTable>) =>
  db.updateTable('img_library_item').set(values).where('id_img_library_item', '=', id).execute();

export const deleteLibraryItemRow = (db: Database, id: number) =>
  db.deleteFrom('img_library_item').where('id_img_library_item', '=', id).execute();

/** GET /img/history: newest first, narrowed by action, user and a time range. */
export function historyBase(
  db: Database,
  filter: { action?: ImageHistoryAction; userId?: number; from?: string; to?: string },
) {
  let query = db
    .selectFrom('img_history')
    .leftJoin('user_account', 'user_account.id', 'img_history.user_id')
    .select([
      'img_history.id',
      'img_history.id_img_library_item',
      'img_history.item_name',
      'img_history.action',
      'img_history.detail',
      'img_history.user_id',
      'img_history.created_at',
      'user_account.firstname',
      'user_account.lastname',
      'user_account.email',
    ]);
  if (filter.action) query = query.where('img_history.action', '=', filter.action);
  if (filter.userId !== undefined) query = query.where('img_history.user_id', '=', filter.userId);
  if (filter.from) query = query.where('img_history.created_at', '>=', filter.from);
  if (filter.to) query = query.where('img_history.created_at', '<', filter.to);
  return query;
}

export type HistoryRow = Awaited<ReturnType<ReturnType<typeof historyBase>['executeTakeFirstOrThrow']>>;

/** A library by name and type (the demo data finds its library so). */
export const findLibraryIdByName = async (db: Database, name: string, type: ImageLibraryType) =>
  (
    await db
      .selectFrom('img_library')
      .select('id_img_library')
      .where('name', '=', name)
      .where('type', '=', type)
      .executeTakeFirst()
  )?.id_img_library;

/** A staff account's id by e-mail (who uploaded the demo images). */
export const findStaffIdByEmail = async (db: Database, email: string) =>
  (
    await db
      .selectFrom('user_account')
      .select('id')
      .where('email', '=', email)
      .where('kind', '=', 'staff')
      .executeTakeFirst()
  )?.id;
