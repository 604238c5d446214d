import {
  dinSortKey,
  searchWords,
  type CreateJourneyCategoryBody,
  type JourneyCategory,
  type ListQuery,
  type UpdateJourneyCategoryBody,
} from '@tourdesk/contracts';
import { nowIso, toBool, toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { inUse, notFound } from '../../lib/errors.ts';
import { runList } from '../../lib/list-query.ts';
import type { DbContext } from '../../types.ts';
import {
  CATEGORY_LIST_SPEC,
  categoryListBase,
  deleteCategoryRow,
  findAllCategories,
  findCategoryActive,
  findCategoryById,
  findJourneysOfCategory,
  insertCategory,
  updateCategoryRow,
  type CategoryRow,
} from './journey-categories.repository.ts';

const toCategory = (row: CategoryRow): JourneyCategory => ({
  id: row.id_jrn_category,
  id_jrn_category: row.id_jrn_category,
  name: row.name,
  active: toBool(row.active),
  journey_count: Number(row.journey_count),
  createdAt: toIso(row.created_at)!,
  updatedAt: toIso(row.updated_at)!,
});

/** GET /journey/category: search over the name, sort, filter by `active`; `pagination=false` for all. */
export function listCategories(ctx: DbContext, query: ListQuery) {
  const base = categoryListBase(ctx.db, ctx.dialect, searchWords(query['lit-search']));
  return runList(ctx, CATEGORY_LIST_SPEC, query, base, (rows) => rows.map(toCategory));
}

/** GET /journey/category-all: every category by name, for pickers. */
export async function allCategories(ctx: DbContext): Promise<JourneyCategory[]> {
  return (await findAllCategories(ctx.db)).map(toCategory);
}

export async function getCategory(ctx: DbContext, id: number): Promise<JourneyCategory> {
  const row = await findCategoryById(ctx.db, id);
  if (!row) throw notFound();
  return toCategory(row);
}

/**
 * Whether journeys of this category may go online (spec §4, §9: a blocked category's journeys are created
 * offline). False for a category that does not exist.
 */
export async function isCategoryActive(ctx: DbContext, id: number): Promise<boolean> {
  const active = await findCategoryActive(ctx.db, id);
  return active !== undefined && toBool(active);
}

export async function categoryExists(ctx: DbContext, id: number): Promise<boolean> {
  return (await findCategoryActive(ctx.db, id)) !== undefined;
}

export async function createCategory(ctx: DbContext, body: CreateJourneyCategoryBody): Promise<JourneyCategory> {
  const now = nowIso();
  const id = await insertCategory(ctx.db, {
    name: body.name,
    active: body.active ?? true,
    sort_name: dinSortKey(body.name),
    created_at: now,
    updated_at: now,
  });
  return getCategory(ctx, id);
}

export async function updateCategory(
  ctx: DbContext,
  id: number,
  body: UpdateJourneyCategoryBody,
): Promise<JourneyCategory> {
  await inTransaction(ctx, async (trx) => {
    await getCategory(trx, id);
    await updateCategoryRow(trx.db, id, {
      ...(body.name !== undefined ? { name: body.name, sort_name: dinSortKey(body.name) } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
      updated_at: nowIso(),
    });
  });
  return getCategory(ctx, id);
}

/** DELETE /journey/category/{id}: refused (409, error.categoryInUse) while journeys are filed under it. */
export async function deleteCategory(ctx: DbContext, id: number): Promise<JourneyCategory> {
  return inTransaction(ctx, async (trx) => {
    const category = await getCategory(trx, id);
    const journeys = await findJourneysOfCategory(trx.db, id);
    if (journeys.length > 0) throw inUse('error.categoryInUse', { journeys }, { journeys: 'Journeys' });
    await deleteCategoryRow(trx.db, id);
    return category;
  });
}
