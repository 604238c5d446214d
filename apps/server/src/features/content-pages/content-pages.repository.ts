import { sql, type Insertable, type Updateable } from 'kysely';
import { ZContentCategory, ZContentPage, type ContentCategory, type ContentPage } from '@tourdesk/contracts';
import type { Database } from '../../db/database.ts';
import { containsAllWords, isTrue, type DialectName } from '../../db/dialect.ts';
import { builtOnce, contractFields, type ListSpec } from '../../lib/list-query.ts';
import type { WebContentCategoryTable, WebContentTable } from './content-pages.table.ts';

/* ---------- categories ---------- */

export const contentCategoryBaseQuery = builtOnce((db: Database) =>
  db
    .selectFrom('web_content_category')
    .select([
      'web_content_category.id_web_content_category',
      'web_content_category.name',
      'web_content_category.created_at',
      'web_content_category.updated_at',
      sql<
        number | string
      >`(select count(*) from web_content where web_content.id_web_content_category = web_content_category.id_web_content_category)`.as(
        'page_count',
      ),
    ]),
);
export type ContentCategoryRow = Awaited<
  ReturnType<ReturnType<typeof contentCategoryBaseQuery>['executeTakeFirstOrThrow']>
>;

export const CONTENT_CATEGORY_LIST_SPEC: ListSpec<ContentCategory, 'page_count'> = {
  table: 'web_content_category',
  idColumn: 'id_web_content_category',
  idField: 'id',
  searchable: false,
  defaultSort: [['name', 1]],
  fields: {
    id: { column: 'web_content_category.id_web_content_category', type: 'number' },
    id_web_content_category: { column: 'web_content_category.id_web_content_category', type: 'number' },
    name: { column: 'web_content_category.name', sortColumn: 'web_content_category.sort_name', type: 'string' },
    page_count: { column: 'page_count', type: 'number', filterable: false },
    createdAt: { column: 'web_content_category.created_at', type: 'date' },
    updatedAt: { column: 'web_content_category.updated_at', type: 'date' },
  },
  selectable: contractFields(ZContentCategory),
};

export function contentCategoryListBase(db: Database, dialect: DialectName, words: readonly string[]) {
  const base = contentCategoryBaseQuery(db);
  return words.length === 0 ? base : base.where(containsAllWords(dialect, 'web_content_category.sort_name', words));
}

export const findContentCategoryById = (db: Database, id: number) =>
  contentCategoryBaseQuery(db).where('web_content_category.id_web_content_category', '=', id).executeTakeFirst();

export const findAllContentCategories = (db: Database) =>
  contentCategoryBaseQuery(db)
    .orderBy('web_content_category.sort_name')
    .orderBy('web_content_category.id_web_content_category')
    .execute();

export const contentCategoryExists = async (db: Database, id: number) =>
  (await db
    .selectFrom('web_content_category')
    .select('id_web_content_category')
    .where('id_web_content_category', '=', id)
    .executeTakeFirst()) !== undefined;

export async function insertContentCategory(
  db: Database,
  values: Insertable<WebContentCategoryTable>,
): Promise<number> {
  const row = await db
    .insertInto('web_content_category')
    .values(values)
    .returning('id_web_content_category')
    .executeTakeFirstOrThrow();
  return row.id_web_content_category;
}

export async function updateContentCategoryRow(db: Database, id: number, values: Updateable<WebContentCategoryTable>) {
  await db.updateTable('web_content_category').set(values).where('id_web_content_category', '=', id).execute();
}

export async function deleteContentCategoryRow(db: Database, id: number) {
  await db.deleteFrom('web_content_category').where('id_web_content_category', '=', id).execute();
}

export const findPagesOfCategory = (db: Database, id: number, limit = 20) =>
  db
    .selectFrom('web_content')
    .select(['id_web_content as id', 'title'])
    .where('id_web_content_category', '=', id)
    .orderBy('sort_title')
    .orderBy('id_web_content')
    .limit(limit)
    .execute();

/* ---------- pages ---------- */

export const contentPageBaseQuery = builtOnce((db: Database) =>
  db
    .selectFrom('web_content')
    .innerJoin(
      'web_content_category',
      'web_content_category.id_web_content_category',
      'web_content.id_web_content_category',
    )
    .select([
      'web_content.id_web_content',
      'web_content.id_web_content_category',
      'web_content_category.name as category_name',
      'web_content.title',
      'web_content.body',
      'web_content.status',
      'web_content.created_at',
      'web_content.updated_at',
    ]),
);
export type ContentPageRow = Awaited<ReturnType<ReturnType<typeof contentPageBaseQuery>['executeTakeFirstOrThrow']>>;

export const CONTENT_PAGE_LIST_SPEC: ListSpec<ContentPage> = {
  table: 'web_content',
  idColumn: 'id_web_content',
  idField: 'id',
  searchable: false,
  defaultSort: [['title', 1]],
  fields: {
    id: { column: 'web_content.id_web_content', type: 'number' },
    id_web_content: { column: 'web_content.id_web_content', type: 'number' },
    id_web_content_category: { column: 'web_content.id_web_content_category', type: 'number' },
    category_name: { column: 'web_content_category.sort_name', type: 'string', joined: true },
    title: { column: 'web_content.title', sortColumn: 'web_content.sort_title', type: 'string' },
    active: { column: 'web_content.status', type: 'boolean' },
    createdAt: { column: 'web_content.created_at', type: 'date' },
    updatedAt: { column: 'web_content.updated_at', type: 'date' },
  },
  selectable: contractFields(ZContentPage),
};

export function contentPageListBase(db: Database, dialect: DialectName, words: readonly string[]) {
  const base = contentPageBaseQuery(db);
  return words.length === 0 ? base : base.where(containsAllWords(dialect, 'web_content.sort_title', words));
}

export const findContentPageById = (db: Database, id: number) =>
  contentPageBaseQuery(db).where('web_content.id_web_content', '=', id).executeTakeFirst();

/** Published pages, optionally of one category, by category and title. */
export const findPublishedPages = (db: Database, categoryId?: number) => {
  const base = contentPageBaseQuery(db).where(isTrue('web_content.status'));
  return (categoryId === undefined ? base : base.where('web_content.id_web_content_category', '=', categoryId))
    .orderBy('web_content_category.sort_name')
    .orderBy('web_content.sort_title')
    .orderBy('web_content.id_web_content')
    .limit(1000)
    .execute();
};

export async function insertContentPage(db: Database, values: Insertable<WebContentTable>): Promise<number> {
  const row = await db.insertInto('web_content').values(values).returning('id_web_content').executeTakeFirstOrThrow();
  return row.id_web_content;
}

export async function updateContentPageRow(db: Database, id: number, values: Updateable<WebContentTable>) {
  await db.updateTable('web_content').set(values).where('id_web_content', '=', id).execute();
}

export async function deleteContentPageRow(db: Database, id: number) {
  await db.deleteFrom('web_content').where('id_web_content', '=', id).execute();
}
