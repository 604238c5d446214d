import {
  dinSortKey,
  searchWords,
  type CreateDefaultComponentBody,
  type DefaultComponent,
  type ListQuery,
  type UpdateDefaultComponentBody,
} from '@tourdesk/contracts';
import { nowIso, toBool, toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/errors.ts';
import { runList } from '../../lib/list-query.ts';
import type { DbContext } from '../../types.ts';
import {
  DEFAULT_COMPONENT_LIST_SPEC,
  defaultComponentListBase,
  deleteDefaultComponentRow,
  findDefaultComponent,
  insertDefaultComponent,
  updateDefaultComponentRow,
  type DefaultComponentRow,
} from './default-components.repository.ts';

/** The rules of the default component: row → contract, not found → 404, every write in one transaction. */
const toDefaultComponent = (row: DefaultComponentRow): DefaultComponent => ({
  id: row.id,
  name: row.name,
  description: row.description,
  active: toBool(row.active),
  createdAt: toIso(row.created_at)!,
  updatedAt: toIso(row.updated_at)!,
});

export function listDefaultComponents(ctx: DbContext, query: ListQuery) {
  const base = defaultComponentListBase(ctx.db, ctx.dialect, searchWords(query['lit-search']));
  return runList(ctx, DEFAULT_COMPONENT_LIST_SPEC, query, base, (rows) => rows.map(toDefaultComponent));
}

export async function getDefaultComponent(ctx: DbContext, id: number): Promise<DefaultComponent> {
  const row = await findDefaultComponent(ctx.db, id);
  if (!row) throw notFound();
  return toDefaultComponent(row);
}

export async function createDefaultComponent(
  ctx: DbContext,
  body: CreateDefaultComponentBody,
): Promise<DefaultComponent> {
  const now = nowIso();
  const id = await insertDefaultComponent(ctx.db, {
    name: body.name,
    sort_name: dinSortKey(body.name),
    description: body.description ?? null,
    active: body.active ?? true,
    created_at: now,
    updated_at: now,
  });
  return getDefaultComponent(ctx, id);
}

export async function updateDefaultComponent(
  ctx: DbContext,
  id: number,
  body: UpdateDefaultComponentBody,
): Promise<DefaultComponent> {
  await inTransaction(ctx, async (trx) => {
    await getDefaultComponent(trx, id);
    await updateDefaultComponentRow(trx.db, id, {
      ...(body.name !== undefined ? { name: body.name, sort_name: dinSortKey(body.name) } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
      updated_at: nowIso(),
    });
  });
  return getDefaultComponent(ctx, id);
}

export async function deleteDefaultComponent(ctx: DbContext, id: number): Promise<DefaultComponent> {
  return inTransaction(ctx, async (trx) => {
    const found = await getDefaultComponent(trx, id);
    await deleteDefaultComponentRow(trx.db, id);
    return found;
  });
}
