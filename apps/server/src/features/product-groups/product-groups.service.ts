import {
  dinSortKey,
  searchWords,
  type ArticleGroup,
  type CreateArticleGroupBody,
  type CreateProductGroupBody,
  type ListQuery,
  type ProductGroup,
  type UpdateArticleGroupBody,
  type UpdateProductGroupBody,
} from '@tourdesk/contracts';
import { nowIso, toBool, toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/errors.ts';
import { runList } from '../../lib/list-query.ts';
import type { DbContext } from '../../types.ts';
import {
  ARTICLE_GROUP_LIST_SPEC,
  PRODUCT_GROUP_LIST_SPEC,
  articleGroupListBase,
  deleteArticleGroupRow,
  deleteProductGroupRow,
  findAllArticleGroups,
  findAllProductGroups,
  findArticleGroup,
  findProductGroup,
  insertArticleGroup,
  insertProductGroup,
  productGroupListBase,
  updateArticleGroupRow,
  updateProductGroupRow,
  type ArticleGroupRow,
  type ProductGroupRow,
} from './product-groups.repository.ts';

const toProductGroup = (row: ProductGroupRow): ProductGroup => ({
  id: row.id_shop_product_group,
  id_shop_product_group: row.id_shop_product_group,
  name: row.name,
  description: row.description,
  vat_rate: row.vat_rate,
  account_code: row.account_code,
  position: row.position,
  active: toBool(row.active),
  createdAt: toIso(row.created_at)!,
  updatedAt: toIso(row.updated_at)!,
});

const toArticleGroup = (row: ArticleGroupRow): ArticleGroup => ({
  id: row.id_shop_article_group,
  id_shop_article_group: row.id_shop_article_group,
  name: row.name,
  description: row.description,
  position: row.position,
  active: toBool(row.active),
  createdAt: toIso(row.created_at)!,
  updatedAt: toIso(row.updated_at)!,
});

// ---- product groups -------------------------------------------------------------------------------------------

export function listProductGroups(ctx: DbContext, query: ListQuery) {
  const base = productGroupListBase(ctx.db, ctx.dialect, searchWords(query['lit-search']));
  return runList(ctx, PRODUCT_GROUP_LIST_SPEC, query, base, (rows) => rows.map(toProductGroup));
}

export async function allProductGroups(ctx: DbContext): Promise<ProductGroup[]> {
  return (await findAllProductGroups(ctx.db)).map(toProductGroup);
}

export async function getProductGroup(ctx: DbContext, id: number): Promise<ProductGroup> {
  const row = await findProductGroup(ctx.db, id);
  if (!row) throw notFound();
  return toProductGroup(row);
}

export async function createProductGroup(ctx: DbContext, body: CreateProductGroupBody): Promise<ProductGroup> {
  const now = nowIso();
  const id = await insertProductGroup(ctx.db, {
    name: body.name,
    sort_name: dinSortKey(body.name),
    description: body.description ?? null,
    vat_rate: body.vat_rate ?? 19,
    account_code: body.account_code ?? null,
    position: body.position ?? 0,
    active: body.active ?? true,
    created_at: now,
    updated_at: now,
  });
  return getProductGroup(ctx, id);
}

export async function updateProductGroup(
  ctx: DbContext,
  id: number,
  body: UpdateProductGroupBody,
): Promise<ProductGroup> {
  await inTransaction(ctx, async (trx) => {
    await getProductGroup(trx, id);
    await updateProductGroupRow(trx.db, id, {
      ...(body.name !== undefined ? { name: body.name, sort_name: dinSortKey(body.name) } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.vat_rate !== undefined ? { vat_rate: body.vat_rate } : {}),
      ...(body.account_code !== undefined ? { account_code: body.account_code } : {}),
      ...(body.position !== undefined ? { position: body.position } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
      updated_at: nowIso(),
    });
  });
  return getProductGroup(ctx, id);
}

export async function deleteProductGroup(ctx: DbContext, id: number): Promise<ProductGroup> {
  return inTransaction(ctx, async (trx) => {
    const group = await getProductGroup(trx, id);
    await deleteProductGroupRow(trx.db, id);
    return group;
  });
}

// ---- article groups -------------------------------------------------------------------------------------------

export function listArticleGroups(ctx: DbContext, query: ListQuery) {
  const base = articleGroupListBase(ctx.db, ctx.dialect, searchWords(query['lit-search']));
  return runList(ctx, ARTICLE_GROUP_LIST_SPEC, query, base, (rows) => rows.map(toArticleGroup));
}

export async function allArticleGroups(ctx: DbContext): Promise<ArticleGroup[]> {
  return (await findAllArticleGroups(ctx.db)).map(toArticleGroup);
}

export async function getArticleGroup(ctx: DbContext, id: number): Promise<ArticleGroup> {
  const row = await findArticleGroup(ctx.db, id);
  if (!row) throw notFound();
  return toArticleGroup(row);
}

export async function createArticleGroup(ctx: DbContext, body: CreateArticleGroupBody): Promise<ArticleGroup> {
  const now = nowIso();
  const id = await insertArticleGroup(ctx.db, {
    name: body.name,
    sort_name: dinSortKey(body.name),
    description: body.description ?? null,
    position: body.position ?? 0,
    active: body.active ?? true,
    created_at: now,
    updated_at: now,
  });
  return getArticleGroup(ctx, id);
}

export async function updateArticleGroup(
  ctx: DbContext,
  id: number,
  body: UpdateArticleGroupBody,
): Promise<ArticleGroup> {
  await inTransaction(ctx, async (trx) => {
    await getArticleGroup(trx, id);
    await updateArticleGroupRow(trx.db, id, {
      ...(body.name !== undefined ? { name: body.name, sort_name: dinSortKey(body.name) } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.position !== undefined ? { position: body.position } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
      updated_at: nowIso(),
    });
  });
  return getArticleGroup(ctx, id);
}

export async function deleteArticleGroup(ctx: DbContext, id: number): Promise<ArticleGroup> {
  return inTransaction(ctx, async (trx) => {
    const group = await getArticleGroup(trx, id);
    await deleteArticleGroupRow(trx.db, id);
    return group;
  });
}
