import {
  applySuitcaseChanges,
  dinSortKey,
  searchWords,
  type CreateTravelbagTemplateBody,
  type ListQuery,
  type Suitcase,
  type SuitcaseItem,
  type SuitcaseSyncBody,
  type SuitcaseTemplateChoice,
  type TravelbagTemplate,
  type TravelbagTemplateItem,
  type UpdateTravelbagTemplateBody,
} from '@tourdesk/contracts';
import { nowIso, toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/errors.ts';
import { runList } from '../../lib/list-query.ts';
import type { DbContext } from '../../types.ts';
import { travellerTrip } from '../traveller-trips/traveller-trips.service.ts';
import {
  TEMPLATE_LIST_SPEC,
  deleteTemplateRow,
  findAllTemplates,
  findSuitcase,
  findTemplateById,
  insertSuitcase,
  insertTemplate,
  templateListBase,
  updateSuitcaseAt,
  updateTemplateRow,
  type TemplateRow,
} from './suitcase.repository.ts';

const parseItems = <T>(text: string): T[] => {
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? (parsed as T[]) : [];
};

const toTemplate = (row: TemplateRow): TravelbagTemplate => {
  const items = parseItems<TravelbagTemplateItem>(row.items);
  return {
    id: row.id_travelbagtemplates,
    id_travelbagtemplates: row.id_travelbagtemplates,
    short: row.short,
    items,
    item_count: items.length,
    createdAt: toIso(row.created_at)!,
    updatedAt: toIso(row.updated_at)!,
  };
};

/** GET /app/travelbagtemplates: search over the name, sort; `pagination=false` for all. */
export function listTemplates(ctx: DbContext, query: ListQuery) {
  const base = templateListBase(ctx.db, ctx.dialect, searchWords(query['lit-search']));
  return runList(ctx, TEMPLATE_LIST_SPEC, query, base, (rows) => rows.map(toTemplate));
}

export async function getTemplate(ctx: DbContext, id: number): Promise<TravelbagTemplate> {
  const row = await findTemplateById(ctx.db, id);
  if (!row) throw notFound();
  return toTemplate(row);
}

export async function createTemplate(ctx: DbContext, body: CreateTravelbagTemplateBody): Promise<TravelbagTemplate> {
  const now = nowIso();
  const id = await insertTemplate(ctx.db, {
    short: body.short,
    sort_short: dinSortKey(body.short),
    items: JSON.stringify(body.items ?? []),
    created_at: now,
    updated_at: now,
  });
  return getTemplate(ctx, id);
}

export async function updateTemplate(
  ctx: DbContext,
  id: number,
  body: UpdateTravelbagTemplateBody,
): Promise<TravelbagTemplate> {
  await inTransaction(ctx, async (trx) => {
    await getTemplate(trx, id);
    await updateTemplateRow(trx.db, id, {
      ...(body.short !== undefined ? { short: body.short, sort_short: dinSortKey(body.short) } : {}),
      ...(body.items !== undefined ? { items: JSON.stringify(body.items) } : {}),
      updated_at: nowIso(),
    });
  });
  return getTemplate(ctx, id);
}

/** DELETE /app/travelbagtemplates/{id}: lists started from it keep their items (they are copies). */
export async function deleteTemplate(ctx: DbContext, id: number): Promise<TravelbagTemplate> {
  return inTransaction(ctx, async (trx) => {
    const template = await getTemplate(trx, id);
    await deleteTemplateRow(trx.db, id);
    return template;
  });
}

/** The templates a traveller may start a list of this booking from (404 for a booking they do not see). */
export async function suitcaseTemplates(
  ctx: DbContext,
  userId: number,
  bookingId: number,
): Promise<SuitcaseTemplateChoice[]> {
  await travellerTrip(ctx, userId, bookingId);
  return (await findAllTemplates(ctx.db)).map(toTemplate).map(({ id, short, items }) => ({ id, short, items }));
}

/** GET /users-vorgaenge/{bookingId}/suitcase: the traveller's list; version 0 and no items before the first sync. */
export async function getSuitcase(ctx: DbContext, userId: number, bookingId: number): Promise<Suitcase> {
  await travellerTrip(ctx, userId, bookingId);
  return readSuitcase(ctx, userId, bookingId);
}

async function readSuitcase(ctx: DbContext, userId: number, bookingId: number): Promise<Suitcase> {
  const row = await findSuitcase(ctx.db, userId, bookingId);
  return row
    ? { bookingId, version: row.version, items: parseItems<SuitcaseItem>(row.items) }
    : { bookingId, version: 0, items: [] };
}

export type SyncResult = { conflict: false; suitcase: Suitcase } | { conflict: true; suitcase: Suitcase };

/**
 * POST /users-vorgaenge/{bookingId}/suitcase/sync: applies the phone's changes when they were made on the
 * server's current version and answers the new list (version + 1). When the list changed since (another phone
 * synced first), nothing is written and the answer is the server's list, for the 409 `error.syncConflict` (spec
 * §8): the app shows it, and may send its changes again on that version.
 */
export async function syncSuitcase(
  ctx: DbContext,
  userId: number,
  bookingId: number,
  body: SuitcaseSyncBody,
): Promise<SyncResult> {
  await travellerTrip(ctx, userId, bookingId);
  const current = await readSuitcase(ctx, userId, bookingId);
  if (current.version !== body.version) return { conflict: true, suitcase: current };
  if (body.changes.length === 0) return { conflict: false, suitcase: current };
  const items = applySuitcaseChanges(current.items, body.changes);
  const values = { items: JSON.stringify(items), updated_at: nowIso() };
  // Written only if still at the version read: two phones syncing at once cannot both win.
  const written =
    body.version === 0
      ? await insertSuitcase(ctx.db, { id_user: userId, id_booking: bookingId, version: 1, ...values })
      : await updateSuitcaseAt(ctx.db, { userId, bookingId, version: body.version }, values);
  if (!written) return { conflict: true, suitcase: await readSuitcase(ctx, userId, bookingId) };
  return { conflict: false, suitcase: { bookingId, version: body.version + 1, items } };
}
