import {
  dinSortKey,
  searchWords,
  type CreateDestinationBody,
  type Destination,
  type ListQuery,
  type UpdateDestinationBody,
} from '@tourdesk/contracts';
import { nowIso, parseJson, toBool, toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { inUse, invalidField, notFound } from '../../lib/errors.ts';
import { runList } from '../../lib/list-query.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import type { AuthUser, DbContext } from '../../types.ts';
import { recordImageHistory } from '../images/image-library.service.ts';
import { pickableLibraryItem } from '../images/images.service.ts';
import { fileUrls, storedFileExists } from '../files/files.service.ts';
import {
  DESTINATION_LIST_SPEC,
  deleteDestinationRow,
  destinationListBase,
  destinationRowExists,
  findDestinationById,
  findJourneysOfDestination,
  insertDestination,
  updateDestinationRow,
  type DestinationRow,
} from './destinations.repository.ts';

const countryIds = (value: string): number[] =>
  parseJson<unknown[]>(value, []).filter((id): id is number => Number.isInteger(id));

const toDestination = (row: DestinationRow): Destination => ({
  id: row.id_jrn_destination,
  id_jrn_destination: row.id_jrn_destination,
  name: row.name,
  active: toBool(row.active),
  seo_title: row.seo_title,
  seo_description: row.seo_description,
  seo_text: row.seo_text,
  picture: row.id_picture,
  pictureUrl: row.id_picture === null ? null : fileUrls(row.id_picture).url,
  pictureThumbUrl: row.id_picture === null ? null : fileUrls(row.id_picture).thumbUrl,
  countries: countryIds(row.countries),
  journey_count: Number(row.journey_count),
  createdAt: toIso(row.created_at)!,
  updatedAt: toIso(row.updated_at)!,
});

/** GET /journey/destination: search over the name, sort, filter by `active`; `pagination=false` for all. */
export function listDestinations(ctx: DbContext, query: ListQuery) {
  const base = destinationListBase(ctx.db, ctx.dialect, searchWords(query['lit-search']));
  return runList(ctx, DESTINATION_LIST_SPEC, query, base, (rows) => rows.map(toDestination));
}

export async function getDestination(ctx: DbContext, id: number): Promise<Destination> {
  const row = await findDestinationById(ctx.db, id);
  if (!row) throw notFound();
  return toDestination(row);
}

export async function destinationExists(ctx: DbContext, id: number): Promise<boolean> {
  return destinationRowExists(ctx.db, id);
}

/** Each country once, in the order given. */
const uniqueIds = (ids: readonly number[]) => JSON.stringify([...new Set(ids)]);

async function assertPicture(ctx: DbContext, picture: number | null | undefined) {
  if (picture !== undefined && picture !== null && !(await storedFileExists(ctx, picture)))
    throw invalidField('picture', 'error.invalid');
}

/**
 * A picture picked from the image database (`picture_library_item`): the destination shows that item's stored
 * file (the same file, no copy) and the image's history says where it is used.
 */
async function libraryPicture(ctx: DbContext, body: { picture_library_item?: number | null }, actor?: AuthUser) {
  if (body.picture_library_item === undefined || body.picture_library_item === null) return null;
  return pickableLibraryItem(ctx, actor, body.picture_library_item, 'picture_library_item');
}

/** POST /journey/destination: the SEO text is stored sanitised (one allowlist, lib/rich-text.ts). */
export async function createDestination(
  ctx: DbContext,
  body: CreateDestinationBody,
  actor?: AuthUser,
): Promise<Destination> {
  const id = await inTransaction(ctx, async (trx) => {
    const picked = await libraryPicture(trx, body, actor);
    if (!picked) await assertPicture(trx, body.picture);
    const now = nowIso();
    const id = await insertDestination(trx.db, {
      name: body.name,
      active: body.active ?? true,
      seo_title: body.seo_title ?? null,
      seo_description: body.seo_description ?? null,
      seo_text: sanitizeRichText(body.seo_text),
      id_picture: picked ? picked.id_stored_file : (body.picture ?? null),
      countries: uniqueIds(body.countries ?? []),
      sort_name: dinSortKey(body.name),
      created_at: now,
      updated_at: now,
    });
    if (picked)
      await recordImageHistory(trx, [
        { item: picked, action: 'used', detail: `destination ${id}`, userId: actor?.id ?? null },
      ]);
    return id;
  });
  return getDestination(ctx, id);
}

export async function updateDestination(
  ctx: DbContext,
  id: number,
  body: UpdateDestinationBody,
  actor?: AuthUser,
): Promise<Destination> {
  await inTransaction(ctx, async (trx) => {
    await getDestination(trx, id);
    const picked = await libraryPicture(trx, body, actor);
    const picture = picked ? picked.id_stored_file : body.picture;
    if (picked) {
      await recordImageHistory(trx, [
        { item: picked, action: 'used', detail: `destination ${id}`, userId: actor?.id ?? null },
      ]);
    } else await assertPicture(trx, body.picture);
    await updateDestinationRow(trx.db, id, {
      ...(body.name !== undefined ? { name: body.name, sort_name: dinSortKey(body.name) } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
      ...(body.seo_title !== undefined ? { seo_title: body.seo_title } : {}),
      ...(body.seo_description !== undefined ? { seo_description: body.seo_description } : {}),
      ...(body.seo_text !== undefined ? { seo_text: sanitizeRichText(body.seo_text) } : {}),
      ...(picture !== undefined ? { id_picture: picture } : {}),
      ...(body.countries !== undefined ? { countries: uniqueIds(body.countries) } : {}),
      updated_at: nowIso(),
    });
  });
  return getDestination(ctx, id);
}

/** DELETE /journey/destination/{id}: refused (409, error.destinationInUse) while journeys go there. */
export async function deleteDestination(ctx: DbContext, id: number): Promise<Destination> {
  return inTransaction(ctx, async (trx) => {
    const destination = await getDestination(trx, id);
    const journeys = await findJourneysOfDestination(trx.db, id);
    if (journeys.length > 0) throw inUse('error.destinationInUse', { journeys }, { journeys: 'Journeys' });
    await deleteDestinationRow(trx.db, id);
    return destination;
  });
}
