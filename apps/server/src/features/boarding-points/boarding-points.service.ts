import {
  buildSearchText,
  dinSortKey,
  searchWords,
  type BoardingPoint,
  type BoardingPointUsage,
  type CreateBoardingPointBody,
  type CreateStopGroupBody,
  type ListQuery,
  type StopGroup,
  type UpdateBoardingPointBody,
  type UpdateStopGroupBody,
} from '@tourdesk/contracts';
import { nowIso, toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { ApiError, fieldError, inUse, notFound } from '../../lib/errors.ts';
import { runList } from '../../lib/list-query.ts';
import type { DbContext } from '../../types.ts';
import {
  BOARDING_POINT_LIST_SPEC,
  STOP_GROUP_LIST_SPEC,
  boardingPointBaseQuery,
  boardingPointCountBase,
  deleteBoardingPointRow,
  deleteStopGroupRow,
  findBoardingPointById,
  findExistingBoardingPointIds,
  findGroupsUsingBoardingPoint,
  findJourneysUsingBoardingPoint,
  findMembersOfGroups,
  findStopGroupById,
  insertBoardingPoint,
  insertGroupMembers,
  insertStopGroup,
  replaceGroupMembers,
  stopGroupListBase,
  updateBoardingPointRow,
  updateStopGroupRow,
  type BoardingPointRow,
  type StopGroupRow,
} from './boarding-points.repository.ts';

// ---------------------------------------------------------------- boarding points

const toBoardingPoint = (row: BoardingPointRow): BoardingPoint => ({
  id: row.id_zus_zustiege,
  id_zus_zustiege: row.id_zus_zustiege,
  name: row.name,
  street: row.street,
  number: row.number,
  zip: row.zip,
  city: row.city,
  country: row.country,
  lat: row.lat === null ? null : Number(row.lat),
  lon: row.lon === null ? null : Number(row.lon),
  notes: row.notes,
  createdAt: toIso(row.created_at)!,
  updatedAt: toIso(row.updated_at)!,
});

type SearchableStop = Pick<BoardingPoint, 'name' | 'street' | 'number' | 'zip' | 'city'>;

/** What the list searches (spec: name, street, zip, town) and the name's DIN 5007 sort key. */
const listKeys = (stop: SearchableStop) => ({
  search_text: buildSearchText([stop.name, stop.street, stop.number, stop.zip, stop.city]),
  sort_name: dinSortKey(stop.name),
});

/** GET /zustiege-lit: a page (or all with `pagination=false`), searched, sorted and filtered (city, zip, country). */
export function listBoardingPoints(ctx: DbContext, query: ListQuery) {
  return runList(
    ctx,
    BOARDING_POINT_LIST_SPEC,
    query,
    boardingPointBaseQuery(ctx.db),
    (rows) => rows.map(toBoardingPoint),
    boardingPointCountBase(ctx.db),
  );
}

export async function getBoardingPoint(ctx: DbContext, id: number): Promise<BoardingPoint> {
  const row = await findBoardingPointById(ctx.db, id);
  if (!row) throw notFound();
  return toBoardingPoint(row);
}

/** POST /zustiege-lit: one insert (search text and sort key included), one read. */
export async function createBoardingPoint(ctx: DbContext, body: CreateBoardingPointBody): Promise<BoardingPoint> {
  const now = nowIso();
  const stop = {
    name: body.name,
    street: body.street ?? null,
    number: body.number ?? null,
    zip: body.zip ?? null,
    city: body.city ?? null,
  };
  const id = await insertBoardingPoint(ctx.db, {
    ...stop,
    country: body.country ?? 'DE',
    lat: body.lat ?? null,
    lon: body.lon ?? null,
    notes: body.notes ?? null,
    ...listKeys(stop),
    created_at: now,
    updated_at: now,
  });
  return getBoardingPoint(ctx, id);
}

/** PATCH /zustiege-lit/{id}: reads once, writes the row (with its new search text) once, reads the answer. */
export async function updateBoardingPoint(
  ctx: DbContext,
  id: number,
  body: UpdateBoardingPointBody,
): Promise<BoardingPoint> {
  await inTransaction(ctx, async (trx) => {
    const current = await getBoardingPoint(trx, id);
    const pick = <K extends keyof SearchableStop>(key: K): SearchableStop[K] =>
      body[key] !== undefined ? (body[key] as SearchableStop[K]) : current[key];
    const stop: SearchableStop = {
      name: pick('name'),
      street: pick('street'),
      number: pick('number'),
      zip: pick('zip'),
      city: pick('city'),
    };
    await updateBoardingPointRow(trx.db, id, {
      ...stop,
      ...(body.country !== undefined ? { country: body.country } : {}),
      ...(body.lat !== undefined ? { lat: body.lat } : {}),
      ...(body.lon !== undefined ? { lon: body.lon } : {}),
      ...(body.notes !== undefined ? { notes: body.notes } : {}),
      ...listKeys(stop),
      updated_at: nowIso(),
    });
  });
  return getBoardingPoint(ctx, id);
}

/** Where a boarding point is still used: the stop groups holding it and the journeys offering it. */
export async function boardingPointUsage(ctx: DbContext, id: number): Promise<BoardingPointUsage> {
  const [groups, journeys] = await Promise.all([
    findGroupsUsingBoardingPoint(ctx.db, id),
    findJourneysUsingBoardingPoint(ctx.db, id),
  ]);
  return { groups, journeys };
}

/**
 * DELETE /zustiege-lit/{id}: refused (409, error.boardingPointInUse) while a stop group or a journey uses it;
 * the answer's `usage` and message name them (spec §8: the web shows the server's message).
 */
export async function deleteBoardingPoint(ctx: DbContext, id: number): Promise<BoardingPoint> {
  return inTransaction(ctx, async (trx) => {
    const stop = await getBoardingPoint(trx, id);
    const usage = await boardingPointUsage(trx, id);
    if (usage.groups.length > 0 || usage.journeys.length > 0)
      throw inUse('error.boardingPointInUse', usage, { groups: 'Stop groups', journeys: 'Journeys' });
    await deleteBoardingPointRow(trx.db, id);
    return stop;
  });
}

/** The ids among `ids` that are no boarding point (for other features checking references). */
export async function missingBoardingPoints(ctx: DbContext, ids: readonly number[]): Promise<number[]> {
  const existing = new Set(await findExistingBoardingPointIds(ctx.db, [...new Set(ids)]));
  return ids.filter((id) => !existing.has(id));
}

// ---------------------------------------------------------------- stop groups

async function toStopGroups(ctx: DbContext, rows: StopGroupRow[]): Promise<StopGroup[]> {
  const members = await findMembersOfGroups(
    ctx.db,
    rows.map((row) => row.id_zus_gruppen),
  );
  const byGroup = new Map<number, StopGroup['zustiege']>();
  for (const member of members) {
    const list = byGroup.get(member.id_zus_gruppen) ?? [];
    list.push({
      id_zus_zustiege: member.id_zus_zustiege,
      name: member.name,
      city: member.city,
      position: member.position,
    });
    byGroup.set(member.id_zus_gruppen, list);
  }
  return rows.map((row) => ({
    id: row.id_zus_gruppen,
    id_zus_gruppen: row.id_zus_gruppen,
    name: row.name,
    zustiege: byGroup.get(row.id_zus_gruppen) ?? [],
    createdAt: toIso(row.created_at)!,
    updatedAt: toIso(row.updated_at)!,
  }));
}

/** GET /zustiege-gruppen-lit: groups with their boarding points in order; search over the name. */
export function listStopGroups(ctx: DbContext, query: ListQuery) {
  const { base, countBase } = stopGroupListBase(ctx.db, ctx.dialect, searchWords(query['lit-search']));
  return runList(ctx, STOP_GROUP_LIST_SPEC, query, base, (rows) => toStopGroups(ctx, rows), countBase);
}

export async function getStopGroup(ctx: DbContext, id: number): Promise<StopGroup> {
  const row = await findStopGroupById(ctx.db, id);
  if (!row) throw notFound();
  const [group] = await toStopGroups(ctx, [row]);
  return group!;
}

/** Every id must be a boarding point and appear once; errors name the list index (`zustiege.2`). */
async function assertMembers(ctx: DbContext, ids: readonly number[]) {
  const existing = new Set(await findExistingBoardingPointIds(ctx.db, [...new Set(ids)]));
  const seen = new Set<number>();
  const errors = ids.flatMap((id, index) => {
    const valid = existing.has(id) && !seen.has(id);
    seen.add(id);
    return valid ? [] : [fieldError(`zustiege.${index}`, 'error.invalid')];
  });
  if (errors.length > 0) throw new ApiError(400, 'error.invalid', errors);
}

const memberRows = (groupId: number, ids: readonly number[]) =>
  ids.map((id, position) => ({ id_zus_gruppen: groupId, id_zus_zustiege: id, position }));

/** POST /zustiege-gruppen-lit: the group and its members (one multi-row insert), in the order sent. */
export async function createStopGroup(ctx: DbContext, body: CreateStopGroupBody): Promise<StopGroup> {
  const id = await inTransaction(ctx, async (trx) => {
    const members = body.zustiege ?? [];
    await assertMembers(trx, members);
    const now = nowIso();
    const groupId = await insertStopGroup(trx.db, {
      name: body.name,
      sort_name: dinSortKey(body.name),
      created_at: now,
      updated_at: now,
    });
    await insertGroupMembers(trx.db, memberRows(groupId, members));
    return groupId;
  });
  return getStopGroup(ctx, id);
}

/** PATCH /zustiege-gruppen-lit/{id}: a new name and/or the whole ordered member list. */
export async function updateStopGroup(ctx: DbContext, id: number, body: UpdateStopGroupBody): Promise<StopGroup> {
  await inTransaction(ctx, async (trx) => {
    if (!(await findStopGroupById(trx.db, id))) throw notFound();
    if (body.zustiege !== undefined) {
      await assertMembers(trx, body.zustiege);
      await replaceGroupMembers(trx.db, id, memberRows(id, body.zustiege));
    }
    await updateStopGroupRow(trx.db, id, {
      ...(body.name !== undefined ? { name: body.name, sort_name: dinSortKey(body.name) } : {}),
      updated_at: nowIso(),
    });
  });
  return getStopGroup(ctx, id);
}

/** DELETE /zustiege-gruppen-lit/{id}: the group goes, its boarding points stay. */
export async function deleteStopGroup(ctx: DbContext, id: number): Promise<StopGroup> {
  return inTransaction(ctx, async (trx) => {
    const group = await getStopGroup(trx, id);
    await deleteStopGroupRow(trx.db, id);
    return group;
  });
}
