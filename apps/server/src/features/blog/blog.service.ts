import {
  dinSortKey,
  searchWords,
  type BlogImage,
  type BlogPost,
  type BlogPostRow,
  type BlogType,
  type BlogWebQuery,
  type CreateBlogPostBody,
  type CreateBlogTypeBody,
  type ListQuery,
  type SystemBlogType,
  type UpdateBlogPostBody,
  type UpdateBlogTypeBody,
  type WebsitePost,
  SYSTEM_BLOG_TYPES,
} from '@tourdesk/contracts';
import { nowIso, toBool, toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { ApiError, inUse, invalidField, notFound } from '../../lib/errors.ts';
import { runList } from '../../lib/list-query.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import type { DbContext } from '../../types.ts';
import { fileUrls } from '../files/files.service.ts';
import { recordImageHistory, type ImageUsageFinder } from '../images/image-library.service.ts';
import { libraryItemUrls } from '../images/images.service.ts';
import {
  BLOG_TYPE_LIST_SPEC,
  POST_LIST_SPEC,
  blogTypeExists,
  blogTypeListBase,
  countPublishedPosts,
  deleteBlogTypeRow,
  deletePostRow,
  findAllBlogTypes,
  findBlogTypeById,
  findPostById,
  findPostImages,
  findPostsOfType,
  findPostsUsingItems,
  findPublishedPosts,
  findUsableLibraryItems,
  insertBlogType,
  insertPost,
  postListBase,
  replacePostImages,
  updateBlogTypeRow,
  updatePostRow,
  type BlogTypeRow,
  type PostImageRow,
  type PostRow,
} from './blog.repository.ts';

/* ---------- blog types ---------- */

const systemKind = (value: string | null): SystemBlogType | null =>
  (SYSTEM_BLOG_TYPES as readonly string[]).includes(value ?? '') ? (value as SystemBlogType) : null;

const toBlogType = (row: BlogTypeRow): BlogType => ({
  id: row.id_web_blog_type,
  id_web_blog_type: row.id_web_blog_type,
  title: row.title,
  system: systemKind(row.system),
  post_count: Number(row.post_count),
  createdAt: toIso(row.created_at)!,
  updatedAt: toIso(row.updated_at)!,
});

/** GET /web/blog-type: search over the title, sort, filter; `pagination=false` for all. */
export function listBlogTypes(ctx: DbContext, query: ListQuery) {
  const base = blogTypeListBase(ctx.db, ctx.dialect, searchWords(query['lit-search']));
  return runList(ctx, BLOG_TYPE_LIST_SPEC, query, base, (rows) => rows.map(toBlogType));
}

/** GET /web/blog-type/all (every type) and /web/blog-type/system (the system subtypes of spec §3). */
export async function allBlogTypes(ctx: DbContext, systemOnly = false): Promise<BlogType[]> {
  return (await findAllBlogTypes(ctx.db, systemOnly)).map(toBlogType);
}

export async function getBlogType(ctx: DbContext, id: number): Promise<BlogType> {
  const row = await findBlogTypeById(ctx.db, id);
  if (!row) throw notFound();
  return toBlogType(row);
}

export async function createBlogType(ctx: DbContext, body: CreateBlogTypeBody): Promise<BlogType> {
  const now = nowIso();
  const id = await insertBlogType(ctx.db, {
    title: body.title,
    system: null,
    sort_title: dinSortKey(body.title),
    created_at: now,
    updated_at: now,
  });
  return getBlogType(ctx, id);
}

/** PATCH /web/blog-type/{id}: system types may be renamed; their subtype stays. */
export async function updateBlogType(ctx: DbContext, id: number, body: UpdateBlogTypeBody): Promise<BlogType> {
  await inTransaction(ctx, async (trx) => {
    await getBlogType(trx, id);
    await updateBlogTypeRow(trx.db, id, {
      ...(body.title !== undefined ? { title: body.title, sort_title: dinSortKey(body.title) } : {}),
      updated_at: nowIso(),
    });
  });
  return getBlogType(ctx, id);
}

/** DELETE /web/blog-type/{id}: system types stay (409 error.systemBlogType), as do types with posts. */
export async function deleteBlogType(ctx: DbContext, id: number): Promise<BlogType> {
  return inTransaction(ctx, async (trx) => {
    const type = await getBlogType(trx, id);
    if (type.system !== null) throw new ApiError(409, 'error.systemBlogType');
    const posts = await findPostsOfType(trx.db, id);
    if (posts.length > 0) throw inUse('error.blogTypeInUse', { posts }, { posts: 'Posts' });
    await deleteBlogTypeRow(trx.db, id);
    return type;
  });
}

/* ---------- posts ---------- */

const toImage = (row: PostImageRow): BlogImage => ({
  id_img_library_item: row.id_img_library_item,
  position: row.position,
  name: row.name,
  description: row.description,
  copyright: row.copyright,
  width: row.width,
  height: row.height,
  ...fileUrls(row.id_stored_file),
  libraryThumbUrl: libraryItemUrls(row.id_img_library_item).thumbUrl,
});

const toPostRow = (row: PostRow): BlogPostRow => ({
  id: row.id_web_blog,
  id_web_blog: row.id_web_blog,
  title: row.title,
  subtitle: row.subtitle,
  active: toBool(row.status),
  id_web_blog_type: row.id_web_blog_type,
  type_title: row.type_title,
  display_date: row.display_date,
  image_count: Number(row.image_count),
  createdAt: toIso(row.created_at)!,
  updatedAt: toIso(row.updated_at)!,
});

const toPost = (row: PostRow, images: readonly PostImageRow[]): BlogPost => {
  const { image_count: _count, ...rest } = toPostRow(row);
  return {
    ...rest,
    body: row.body,
    images: images.map((image) => image.id_img_library_item),
    imageFiles: images.map(toImage),
  };
};

/** GET /web/blog: search over the title, filter by status and type (both default to none, spec §4), sort. */
export function listPosts(ctx: DbContext, query: ListQuery) {
  const base = postListBase(ctx.db, ctx.dialect, searchWords(query['lit-search']));
  return runList(ctx, POST_LIST_SPEC, query, base, (rows) => rows.map(toPostRow));
}

export async function getPost(ctx: DbContext, id: number): Promise<BlogPost> {
  const row = await findPostById(ctx.db, id);
  if (!row) throw notFound();
  return toPost(row, await findPostImages(ctx.db, [id]));
}

async function checkType(ctx: DbContext, typeId: number | undefined) {
  if (typeId !== undefined && !(await blogTypeExists(ctx.db, typeId))) {
    throw invalidField('id_web_blog_type', 'error.notFound');
  }
}

/**
 * Attaches the library items `itemIds` (in this order) to the post: every one must exist and be out of the
 * trash (else 400 `error.notFound` at `images`); newly attached ones get a `used` history row.
 */
async function setImages(ctx: DbContext, postId: number, itemIds: readonly number[], userId: number | null) {
  const items = await findUsableLibraryItems(ctx.db, itemIds);
  if (items.length !== itemIds.length) throw invalidField('images', 'error.notFound');
  const before = new Set((await findPostImages(ctx.db, [postId])).map((image) => image.id_img_library_item));
  await replacePostImages(ctx.db, postId, itemIds);
  const added = items.filter((item) => !before.has(item.id_img_library_item));
  if (added.length > 0) {
    await recordImageHistory(
      ctx,
      added.map((item) => ({ item, action: 'used' as const, detail: `blog post ${postId}`, userId })),
    );
  }
}

/** POST /web/blog: the body is sanitised with the one allowlist before it is stored. */
export async function createPost(ctx: DbContext, body: CreateBlogPostBody, userId: number | null): Promise<BlogPost> {
  const id = await inTransaction(ctx, async (trx) => {
    await checkType(trx, body.id_web_blog_type);
    const now = nowIso();
    const postId = await insertPost(trx.db, {
      title: body.title,
      sort_title: dinSortKey(body.title),
      subtitle: body.subtitle ?? null,
      status: body.active ?? false,
      id_web_blog_type: body.id_web_blog_type,
      display_date: body.display_date ?? null,
      body: sanitizeRichText(body.body),
      created_by: userId,
      created_at: now,
      updated_at: now,
    });
    if (body.images && body.images.length > 0) await setImages(trx, postId, body.images, userId);
    return postId;
  });
  return getPost(ctx, id);
}

/** PATCH /web/blog/{id}: `images`, when given, replaces the post's images (in that order). */
export async function updatePost(
  ctx: DbContext,
  id: number,
  body: UpdateBlogPostBody,
  userId: number | null,
): Promise<BlogPost> {
  await inTransaction(ctx, async (trx) => {
    await getPost(trx, id);
    await checkType(trx, body.id_web_blog_type);
    await updatePostRow(trx.db, id, {
      ...(body.title !== undefined ? { title: body.title, sort_title: dinSortKey(body.title) } : {}),
      ...(body.subtitle !== undefined ? { subtitle: body.subtitle } : {}),
      ...(body.active !== undefined ? { status: body.active } : {}),
      ...(body.id_web_blog_type !== undefined ? { id_web_blog_type: body.id_web_blog_type } : {}),
      ...(body.display_date !== undefined ? { display_date: body.display_date } : {}),
      ...(body.body !== undefined ? { body: sanitizeRichText(body.body) } : {}),
      updated_at: nowIso(),
    });
    if (body.images !== undefined) await setImages(trx, id, body.images, userId);
  });
  return getPost(ctx, id);
}

export async function deletePost(ctx: DbContext, id: number): Promise<BlogPost> {
  return inTransaction(ctx, async (trx) => {
    const post = await getPost(trx, id);
    await deletePostRow(trx.db, id);
    return post;
  });
}

/* ---------- the website's reading ---------- */

const toWebsitePost = (row: PostRow, images: readonly PostImageRow[]): WebsitePost => ({
  id_web_blog: row.id_web_blog,
  title: row.title,
  subtitle: row.subtitle,
  id_web_blog_type: row.id_web_blog_type,
  type_title: row.type_title,
  display_date: row.display_date,
  body: row.body,
  // An image in the trash is not delivered (files.repository.ts), so the website does not get its URL either.
  images: images
    .filter((image) => image.deleted_at === null)
    .map((image) => {
      const { libraryThumbUrl: _staffOnly, ...open } = toImage(image);
      return open;
    }),
  updatedAt: toIso(row.updated_at)!,
});

async function withImages(ctx: DbContext, rows: readonly PostRow[]): Promise<WebsitePost[]> {
  const images = await findPostImages(
    ctx.db,
    rows.map((row) => row.id_web_blog),
  );
  return rows.map((row) =>
    toWebsitePost(
      row,
      images.filter((image) => image.id_web_blog === row.id_web_blog),
    ),
  );
}

/** Published posts, newest display date first, a page at a time (GET /website/posts). */
export async function publishedPosts(ctx: DbContext, typeId: number | undefined, page: number, limit: number) {
  const [total, rows] = await Promise.all([
    countPublishedPosts(ctx.db, typeId),
    findPublishedPosts(ctx.db, typeId, limit, (page - 1) * limit),
  ]);
  return { total, page, limit, data: await withImages(ctx, rows) };
}

/** One published post (GET /website/posts/{id}); an inactive or missing one is 404. */
export async function publishedPost(ctx: DbContext, id: number): Promise<WebsitePost> {
  const row = await findPostById(ctx.db, id);
  if (!row || !toBool(row.status)) throw notFound();
  return (await withImages(ctx, [row]))[0]!;
}

/** GET /web/blog-web?id_web_blog_type=5&select=title,subtitle: published posts, only the selected fields. */
export async function blogWeb(ctx: DbContext, query: BlogWebQuery): Promise<Array<Partial<WebsitePost>>> {
  const { data } = await publishedPosts(ctx, query.id_web_blog_type, 1, 500);
  const fields = (query.select ?? '')
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);
  if (fields.length === 0) return data;
  const keep = new Set(['id_web_blog', ...fields]);
  return data.map(
    (post) => Object.fromEntries(Object.entries(post).filter(([key]) => keep.has(key))) as Partial<WebsitePost>,
  );
}

/** Where blog posts use library items (registered with the image database for its trash). */
export const blogImageUsage: ImageUsageFinder = async (ctx, items) =>
  (
    await findPostsUsingItems(
      ctx.db,
      items.map((item) => item.id_img_library_item),
    )
  ).map((row) => ({
    id_img_library_item: row.id_img_library_item,
    usage: { kind: 'blog', id: row.id_web_blog, label: row.title },
  }));
