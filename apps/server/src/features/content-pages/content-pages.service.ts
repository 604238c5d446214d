import {
  dinSortKey,
  searchWords,
  type ContentCategory,
  type ContentPage,
  type CreateContentCategoryBody,
  type CreateContentPageBody,
  type ListQuery,
  type UpdateContentCategoryBody,
  type UpdateContentPageBody,
  type WebsitePage,
} from '@tourdesk/contracts';
import { nowIso, toBool, toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { inUse, invalidField, notFound } from '../../lib/errors.ts';
import { runList } from '../../lib/list-query.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import type { DbContext } from '../../types.ts';
import {
  CONTENT_CATEGORY_LIST_SPEC,
  CONTENT_PAGE_LIST_SPEC,
  contentCategoryExists,
  contentCategoryListBase,
  contentPageListBase,
  deleteContentCategoryRow,
  deleteContentPageRow,
  findAllContentCategories,
  findContentCategoryById,
  findContentPageById,
  findPagesOfCategory,
  findPublishedPages,
  insertContentCategory,
  insertContentPage,
  updateContentCategoryRow,
  updateContentPageRow,
  type ContentCategoryRow,
  type ContentPageRow,
} from './content-pages.repository.ts';

/* ---------- categories ---------- */

const toCategory = (row: ContentCategoryRow): ContentCategory => ({
  id: row.id_web_content_category,
  id_web_content_category: row.id_web_content_category,
  name: row.name,
  page_count: Number(row.page_count),
  createdAt: toIso(row.created_at)!,
  updatedAt: toIso(row.updated_at)!,
});

export function listContentCategories(ctx: DbContext, query: ListQuery) {
  const base = contentCategoryListBase(ctx.db, ctx.dialect, searchWords(query['lit-search']));
  return runList(ctx, CONTENT_CATEGORY_LIST_SPEC, query, base, (rows) => rows.map(toCategory));
}

export async function allContentCategories(ctx: DbContext): Promise<ContentCategory[]> {
  return (await findAllContentCategories(ctx.db)).map(toCategory);
}

export async function getContentCategory(ctx: DbContext, id: number): Promise<ContentCategory> {
  const row = await findContentCategoryById(ctx.db, id);
  if (!row) throw notFound();
  return toCategory(row);
}

export async function createContentCategory(ctx: DbContext, body: CreateContentCategoryBody): Promise<ContentCategory> {
  const now = nowIso();
  const id = await insertContentCategory(ctx.db, {
    name: body.name,
    sort_name: dinSortKey(body.name),
    created_at: now,
    updated_at: now,
  });
  return getContentCategory(ctx, id);
}

export async function updateContentCategory(
  ctx: DbContext,
  id: number,
  body: UpdateContentCategoryBody,
): Promise<ContentCategory> {
  await inTransaction(ctx, async (trx) => {
    await getContentCategory(trx, id);
    await updateContentCategoryRow(trx.db, id, {
      ...(body.name !== undefined ? { name: body.name, sort_name: dinSortKey(body.name) } : {}),
      updated_at: nowIso(),
    });
  });
  return getContentCategory(ctx, id);
}

/** DELETE /web/content-category/{id}: refused (409 error.contentCategoryInUse) while it has pages. */
export async function deleteContentCategory(ctx: DbContext, id: number): Promise<ContentCategory> {
  return inTransaction(ctx, async (trx) => {
    const category = await getContentCategory(trx, id);
    const pages = await findPagesOfCategory(trx.db, id);
    if (pages.length > 0) throw inUse('error.contentCategoryInUse', { pages }, { pages: 'Pages' });
    await deleteContentCategoryRow(trx.db, id);
    return category;
  });
}

/* ---------- pages ---------- */

const toPage = (row: ContentPageRow): ContentPage => ({
  id: row.id_web_content,
  id_web_content: row.id_web_content,
  id_web_content_category: row.id_web_content_category,
  category_name: row.category_name,
  title: row.title,
  body: row.body,
  active: toBool(row.status),
  createdAt: toIso(row.created_at)!,
  updatedAt: toIso(row.updated_at)!,
});

export function listContentPages(ctx: DbContext, query: ListQuery) {
  const base = contentPageListBase(ctx.db, ctx.dialect, searchWords(query['lit-search']));
  return runList(ctx, CONTENT_PAGE_LIST_SPEC, query, base, (rows) => rows.map(toPage));
}

export async function getContentPage(ctx: DbContext, id: number): Promise<ContentPage> {
  const row = await findContentPageById(ctx.db, id);
  if (!row) throw notFound();
  return toPage(row);
}

async function checkCategory(ctx: DbContext, id: number | undefined) {
  if (id !== undefined && !(await contentCategoryExists(ctx.db, id))) {
    throw invalidField('id_web_content_category', 'error.notFound');
  }
}

/** POST /web/content: the body is sanitised with the one allowlist before it is stored. */
export async function createContentPage(ctx: DbContext, body: CreateContentPageBody): Promise<ContentPage> {
  const id = await inTransaction(ctx, async (trx) => {
    await checkCategory(trx, body.id_web_content_category);
    const now = nowIso();
    return insertContentPage(trx.db, {
      id_web_content_category: body.id_web_content_category,
      title: body.title,
      sort_title: dinSortKey(body.title),
      body: sanitizeRichText(body.body),
      status: body.active ?? false,
      created_at: now,
      updated_at: now,
    });
  });
  return getContentPage(ctx, id);
}

export async function updateContentPage(ctx: DbContext, id: number, body: UpdateContentPageBody): Promise<ContentPage> {
  await inTransaction(ctx, async (trx) => {
    await getContentPage(trx, id);
    await checkCategory(trx, body.id_web_content_category);
    await updateContentPageRow(trx.db, id, {
      ...(body.id_web_content_category !== undefined ? { id_web_content_category: body.id_web_content_category } : {}),
      ...(body.title !== undefined ? { title: body.title, sort_title: dinSortKey(body.title) } : {}),
      ...(body.body !== undefined ? { body: sanitizeRichText(body.body) } : {}),
      ...(body.active !== undefined ? { status: body.active } : {}),
      updated_at: nowIso(),
    });
  });
  return getContentPage(ctx, id);
}

export async function deleteContentPage(ctx: DbContext, id: number): Promise<ContentPage> {
  return inTransaction(ctx, async (trx) => {
    const page = await getContentPage(trx, id);
    await deleteContentPageRow(trx.db, id);
    return page;
  });
}

/* ---------- the website's reading ---------- */

const toWebsitePage = (row: ContentPageRow): WebsitePage => ({
  id_web_content: row.id_web_content,
  id_web_content_category: row.id_web_content_category,
  category_name: row.category_name,
  title: row.title,
  body: row.body,
  updatedAt: toIso(row.updated_at)!,
});

/** Published pages, optionally of one category (GET /website/pages). */
export async function publishedPages(ctx: DbContext, categoryId?: number): Promise<WebsitePage[]> {
  return (await findPublishedPages(ctx.db, categoryId)).map(toWebsitePage);
}

/** One published page (GET /website/pages/{id}); an unpublished or missing one is 404. */
export async function publishedPage(ctx: DbContext, id: number): Promise<WebsitePage> {
  const row = await findContentPageById(ctx.db, id);
  if (!row || !toBool(row.status)) throw notFound();
  return toWebsitePage(row);
}
