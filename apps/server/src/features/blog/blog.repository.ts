import { sql, type Insertable, type Updateable } from 'kysely';
import { ZBlogPostRow, ZBlogType, type BlogPostRow, type BlogType } from '@tourdesk/contracts';
import type { Database } from '../../db/database.ts';
import { containsAllWords, isTrue, type DialectName } from '../../db/dialect.ts';
import { builtOnce, contractFields, type ListSpec } from '../../lib/list-query.ts';
import type { WebBlogTable, WebBlogTypeTable } from './blog.table.ts';

/* ---------- blog types ---------- */

/** A blog type with the number of posts of that type. */
export const blogTypeBaseQuery = builtOnce((db: Database) =>
  db
    .selectFrom('web_blog_type')
    .select([
      'web_blog_type.id_web_blog_type',
      'web_blog_type.title',
      'web_blog_type.system',
      'web_blog_type.created_at',
      'web_blog_type.updated_at',
      sql<
        number | string
      >`(select count(*) from web_blog where web_blog.id_web_blog_type = web_blog_type.id_web_blog_type)`.as(
        'post_count',
      ),
    ]),
);
export type BlogTypeRow = Awaited<ReturnType<ReturnType<typeof blogTypeBaseQuery>['executeTakeFirstOrThrow']>>;

export const BLOG_TYPE_LIST_SPEC: ListSpec<BlogType, 'post_count'> = {
  table: 'web_blog_type',
  idColumn: 'id_web_blog_type',
  idField: 'id',
  searchable: false,
  defaultSort: [['title', 1]],
  fields: {
    id: { column: 'web_blog_type.id_web_blog_type', type: 'number' },
    id_web_blog_type: { column: 'web_blog_type.id_web_blog_type', type: 'number' },
    title: { column: 'web_blog_type.title', sortColumn: 'web_blog_type.sort_title', type: 'string' },
    system: { column: 'web_blog_type.system', type: 'string' },
    post_count: { column: 'post_count', type: 'number', filterable: false },
    createdAt: { column: 'web_blog_type.created_at', type: 'date' },
    updatedAt: { column: 'web_blog_type.updated_at', type: 'date' },
  },
  selectable: contractFields(ZBlogType),
};

export function blogTypeListBase(db: Database, dialect: DialectName, words: readonly string[]) {
  const base = blogTypeBaseQuery(db);
  return words.length === 0 ? base : base.where(containsAllWords(dialect, 'web_blog_type.sort_title', words));
}

export const findBlogTypeById = (db: Database, id: number) =>
  blogTypeBaseQuery(db).where('web_blog_type.id_web_blog_type', '=', id).executeTakeFirst();

export const findAllBlogTypes = (db: Database, systemOnly = false) => {
  const base = blogTypeBaseQuery(db);
  return (systemOnly ? base.where('web_blog_type.system', 'is not', null) : base)
    .orderBy('web_blog_type.sort_title')
    .orderBy('web_blog_type.id_web_blog_type')
    .execute();
};

export const blogTypeExists = async (db: Database, id: number) =>
  (await db
    .selectFrom('web_blog_type')
    .select('id_web_blog_type')
    .where('id_web_blog_type', '=', id)
    .executeTakeFirst()) !== undefined;

export async function insertBlogType(db: Database, values: Insertable<WebBlogTypeTable>): Promise<number> {
  const row = await db
    .insertInto('web_blog_type')
    .values(values)
    .returning('id_web_blog_type')
    .executeTakeFirstOrThrow();
  return row.id_web_blog_type;
}

export async function updateBlogTypeRow(db: Database, id: number, values: Updateable<WebBlogTypeTable>) {
  await db.updateTable('web_blog_type').set(values).where('id_web_blog_type', '=', id).execute();
}

export async function deleteBlogTypeRow(db: Database, id: number) {
  await db.deleteFrom('web_blog_type').where('id_web_blog_type', '=', id).execute();
}

/** Up to `limit` posts of a type (for the refusal to delete it). */
export const findPostsOfType = (db: Database, id: number, limit = 20) =>
  db
    .selectFrom('web_blog')
    .select(['id_web_blog as id', 'title'])
    .where('id_web_blog_type', '=', id)
    .orderBy('sort_title')
    .orderBy('id_web_blog')
    .limit(limit)
    .execute();

/* ---------- posts ---------- */

/** A post with its type's title and how many images it has. */
export const postBaseQuery = builtOnce((db: Database) =>
  db
    .selectFrom('web_blog')
    .innerJoin('web_blog_type', 'web_blog_type.id_web_blog_type', 'web_blog.id_web_blog_type')
    .select([
      'web_blog.id_web_blog',
      'web_blog.title',
      'web_blog.subtitle',
      'web_blog.status',
      'web_blog.id_web_blog_type',
      'web_blog_type.title as type_title',
      'web_blog.display_date',
      'web_blog.body',
      'web_blog.created_at',
      'web_blog.updated_at',
      sql<
        number | string
      >`(select count(*) from web_blog_image where web_blog_image.id_web_blog = web_blog.id_web_blog)`.as(
        'image_count',
      ),
    ]),
);
export type PostRow = Awaited<ReturnType<ReturnType<typeof postBaseQuery>['executeTakeFirstOrThrow']>>;

export const POST_LIST_SPEC: ListSpec<BlogPostRow, 'image_count'> = {
  table: 'web_blog',
  idColumn: 'id_web_blog',
  idField: 'id',
  searchable: false,
  defaultSort: [
    ['display_date', -1],
    ['id', -1],
  ],
  fields: {
    id: { column: 'web_blog.id_web_blog', type: 'number' },
    id_web_blog: { column: 'web_blog.id_web_blog', type: 'number' },
    title: { column: 'web_blog.title', sortColumn: 'web_blog.sort_title', type: 'string' },
    subtitle: { column: 'web_blog.subtitle', type: 'string' },
    active: { column: 'web_blog.status', type: 'boolean' },
    id_web_blog_type: { column: 'web_blog.id_web_blog_type', type: 'number' },
    type_title: { column: 'web_blog_type.sort_title', type: 'string', joined: true },
    display_date: { column: 'web_blog.display_date', type: 'date', nullable: true },
    image_count: { column: 'image_count', type: 'number', filterable: false },
    createdAt: { column: 'web_blog.created_at', type: 'date' },
    updatedAt: { column: 'web_blog.updated_at', type: 'date' },
  },
  selectable: contractFields(ZBlogPostRow),
};

export function postListBase(db: Database, dialect: DialectName, words: readonly string[]) {
  const base = postBaseQuery(db);
  return words.length === 0 ? base : base.where(containsAllWords(dialect, 'web_blog.sort_title', words));
}

export const findPostById = (db: Database, id: number) =>
  postBaseQuery(db).where('web_blog.id_web_blog', '=', id).executeTakeFirst();

/** Published posts (status active), optionally of one type, newest display date first. */
export const publishedPostsQuery = (db: Database, typeId?: number) => {
  const base = postBaseQuery(db).where(isTrue('web_blog.status'));
  return typeId === undefined ? base : base.where('web_blog.id_web_blog_type', '=', typeId);
};

export const countPublishedPosts = async (db: Database, typeId?: number) => {
  const base = db.selectFrom('web_blog').where(isTrue('web_blog.status'));
  const row = await (typeId === undefined ? base : base.where('web_blog.id_web_blog_type', '=', typeId))
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
};

export const findPublishedPosts = (db: Database, typeId: number | undefined, limit: number, offset: number) =>
  publishedPostsQuery(db, typeId)
    .orderBy('web_blog.display_date', (ob) => ob.desc().nullsLast())
    .orderBy('web_blog.id_web_blog', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();

export async function insertPost(db: Database, values: Insertable<WebBlogTable>): Promise<number> {
  const row = await db.insertInto('web_blog').values(values).returning('id_web_blog').executeTakeFirstOrThrow();
  return row.id_web_blog;
}

export async function updatePostRow(db: Database, id: number, values: Updateable<WebBlogTable>) {
  await db.updateTable('web_blog').set(values).where('id_web_blog', '=', id).execute();
}

export async function deletePostRow(db: Database, id: number) {
  await db.deleteFrom('web_blog_image').where('id_web_blog', '=', id).execute();
  await db.deleteFrom('web_blog').where('id_web_blog', '=', id).execute();
}

/* ---------- images ---------- */

/** The images of these posts, in order, with their library item and stored file. */
export const findPostImages = (db: Database, postIds: readonly number[]) =>
  postIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('web_blog_image')
        .innerJoin('img_library_item', 'img_library_item.id_img_library_item', 'web_blog_image.id_img_library_item')
        .select([
          'web_blog_image.id_web_blog',
          'web_blog_image.position',
          'img_library_item.id_img_library_item',
          'img_library_item.id_stored_file',
          'img_library_item.name',
          'img_library_item.description',
          'img_library_item.copyright',
          'img_library_item.width',
          'img_library_item.height',
          'img_library_item.deleted_at',
        ])
        .where('web_blog_image.id_web_blog', 'in', postIds)
        .orderBy('web_blog_image.id_web_blog')
        .orderBy('web_blog_image.position')
        .execute();
export type PostImageRow = Awaited<ReturnType<typeof findPostImages>>[number];

/** Library items among `ids` that exist and are not in the trash. */
export const findUsableLibraryItems = (db: Database, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('img_library_item')
        .select(['id_img_library_item', 'id_stored_file', 'name'])
        .where('id_img_library_item', 'in', ids)
        .where('deleted_at', 'is', null)
        .execute();

export async function replacePostImages(db: Database, postId: number, itemIds: readonly number[]) {
  await db.deleteFrom('web_blog_image').where('id_web_blog', '=', postId).execute();
  if (itemIds.length === 0) return;
  await db
    .insertInto('web_blog_image')
    .values(itemIds.map((id, position) => ({ id_web_blog: postId, id_img_library_item: id, position })))
    .execute();
}

/** Which of these library items posts use, and where (for the image database's trash). */
export const findPostsUsingItems = (db: Database, itemIds: readonly number[]) =>
  itemIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('web_blog_image')
        .innerJoin('web_blog', 'web_blog.id_web_blog', 'web_blog_image.id_web_blog')
        .select(['web_blog_image.id_img_library_item', 'web_blog.id_web_blog', 'web_blog.title'])
        .where('web_blog_image.id_img_library_item', 'in', itemIds)
        .orderBy('web_blog.id_web_blog')
        .execute();
