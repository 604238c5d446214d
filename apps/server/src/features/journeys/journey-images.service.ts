import {
  hasPermission,
  ZCreateJourneyImageFields,
  type JourneyImage,
  type JourneyImagesFromLibraryBody,
  type UpdateJourneyImageBody,
} from '@tourdesk/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { inTransaction } from '../../db/transaction.ts';
import { forbidden, invalidField, notFound } from '../../lib/errors.ts';
import { parseFields, type Upload } from '../../lib/upload.ts';
import type { AuthUser, DbContext } from '../../types.ts';
import { recordImageHistory } from '../images/image-library.service.ts';
import { pickableItems } from '../images/images.service.ts';
import {
  checkFileName,
  deleteFileBytes,
  fileUrls,
  prepareImage,
  releaseUnusedFiles,
  saveImage,
  type FileStore,
} from '../files/files.service.ts';
import {
  accommodationOfJourney,
  deleteJourneyImageRow,
  findJourneyImage,
  findJourneyImageOrder,
  findJourneyImages,
  insertJourneyImage,
  journeyExists,
  setJourneyImagePositions,
  touchJourney,
  updateJourneyImageRow,
  type JourneyImageRow,
} from './journey-images.repository.ts';

export const toJourneyImage = (row: JourneyImageRow): JourneyImage => {
  const { url, thumbUrl } = fileUrls(row.id_stored_file);
  return {
    id: row.id,
    url,
    thumbUrl,
    original_name: row.original_name,
    width: row.width,
    height: row.height,
    position: row.position,
    caption: row.caption,
    copyright: row.copyright,
    id_jrn_accommodation: row.id_jrn_accommodation,
  };
};

/** The images of several journeys at once (for the journey answer and the website feed), by journey id. */
export async function listImagesOfJourneys(
  ctx: DbContext,
  journeyIds: readonly number[],
): Promise<Map<number, JourneyImage[]>> {
  const byJourney = new Map<number, JourneyImage[]>(journeyIds.map((id) => [id, []]));
  for (const row of await findJourneyImages(ctx.db, journeyIds))
    byJourney.get(row.id_jrn_journey)?.push(toJourneyImage(row));
  return byJourney;
}

/** GET /journey/files?journey={id}: a journey's images in their order; an unknown journey is a 404. */
export async function listJourneyImages(ctx: DbContext, journeyId: number): Promise<JourneyImage[]> {
  if (!(await journeyExists(ctx.db, journeyId))) throw notFound();
  return (await listImagesOfJourneys(ctx, [journeyId])).get(journeyId) ?? [];
}

/**
 * POST /journey/files: an image for a journey (after its others). The file's name, the text fields, the journey
 * and the image itself are checked before anything is written; then the file, its sizes, its `stored_file` row
 * and the journey image row are stored together (see `saveImage`).
 */
export async function createJourneyImage(
  ctx: DbContext,
  store: FileStore,
  upload: Upload,
  createdBy: number,
): Promise<JourneyImage> {
  if (!upload.file) throw invalidField('file', 'error.empty');
  checkFileName(upload.file.filename);
  const fields = parseFields(ZCreateJourneyImageFields, upload.fields);
  if (!(await journeyExists(ctx.db, fields.journey))) throw invalidField('journey', 'error.notFound');
  const image = await prepareImage(upload.file);
  const id = await saveImage(ctx, store, image, createdBy, async (trx, fileId) => {
    await touchJourney(trx.db, fields.journey);
    return insertJourneyImage(trx.db, {
      id_jrn_journey: fields.journey,
      id_stored_file: fileId,
      caption: fields.caption ?? null,
      copyright: fields.copyright ?? null,
    });
  });
  return toJourneyImage((await findJourneyImage(ctx.db, id))!);
}

/**
 * POST /journey/files/from-library: images of the image database become the journey's images, after its others,
 * in the order given. Each uses the library image's stored file itself (no copy; being a journey image makes it
 * public, ADR 0022), takes its description as caption and its copyright, and writes a `used` history row.
 * Needs `imagedb-read` besides the journey right (403), items the user sees outside the trash (400 at `items`).
 */
export async function addJourneyImagesFromLibrary(
  ctx: DbContext,
  actor: AuthUser,
  body: JourneyImagesFromLibraryBody,
): Promise<JourneyImage[]> {
  if (!hasPermission(actor, 'imagedb-read')) throw forbidden();
  return inTransaction(ctx, async (trx) => {
    if (!(await journeyExists(trx.db, body.journey))) throw invalidField('journey', 'error.notFound');
    const items = await pickableItems(trx, actor, body.items, 'items');
    const ids: number[] = [];
    for (const item of items) {
      ids.push(
        await insertJourneyImage(trx.db, {
          id_jrn_journey: body.journey,
          id_stored_file: item.id_stored_file,
          caption: item.description?.slice(0, 300) ?? null,
          copyright: item.copyright?.slice(0, 200) ?? null,
        }),
      );
    }
    await recordImageHistory(
      trx,
      items.map((item) => ({ item, action: 'used' as const, detail: `journey ${body.journey}`, userId: actor.id })),
    );
    await touchJourney(trx.db, body.journey);
    const images = await findJourneyImages(trx.db, [body.journey]);
    return ids.map((id) => toJourneyImage(images.find((image) => image.id === id)!));
  });
}

/**
 * PATCH /journey/files/{id}: caption, copyright, the hotel it shows (one of the same journey's), and its place:
 * `position` moves it there (0 is first; past the end is last) and renumbers the others.
 */
export async function updateJourneyImage(
  ctx: DbContext,
  id: number,
  body: UpdateJourneyImageBody,
): Promise<JourneyImage> {
  return inTransaction(ctx, async (trx) => {
    const row = await findJourneyImage(trx.db, id);
    if (!row) throw notFound();
    const accommodation = body.id_jrn_accommodation;
    if (accommodation && !(await accommodationOfJourney(trx.db, accommodation, row.id_jrn_journey))) {
      throw invalidField('id_jrn_accommodation', 'error.notFound');
    }
    const values = {
      ...(body.caption !== undefined ? { caption: body.caption } : {}),
      ...(body.copyright !== undefined ? { copyright: body.copyright } : {}),
      ...(accommodation !== undefined ? { id_jrn_accommodation: accommodation || null } : {}),
    };
    if (Object.keys(values).length > 0) await updateJourneyImageRow(trx.db, id, values);
    if (body.position !== undefined) {
      const order = (await findJourneyImageOrder(trx.db, row.id_jrn_journey)).filter((other) => other !== id);
      order.splice(Math.min(body.position, order.length), 0, id);
      await setJourneyImagePositions(trx.db, order);
    }
    await touchJourney(trx.db, row.id_jrn_journey);
    return toJourneyImage((await findJourneyImage(trx.db, id))!);
  });
}

/**
 * DELETE /journey/files/{id} (spec §7): removes the image from its journey and closes the gap in the order. The
 * stored file and its sizes go too unless another row still uses them (copied journeys share their files).
 */
export async function deleteJourneyImage(
  ctx: DbContext,
  store: FileStore,
  id: number,
  log?: FastifyBaseLogger,
): Promise<JourneyImage> {
  const { image, keys } = await inTransaction(ctx, async (trx) => {
    const row = await findJourneyImage(trx.db, id);
    if (!row) throw notFound();
    await deleteJourneyImageRow(trx.db, id);
    const order = await findJourneyImageOrder(trx.db, row.id_jrn_journey);
    await setJourneyImagePositions(trx.db, order);
    await touchJourney(trx.db, row.id_jrn_journey);
    return { image: toJourneyImage(row), keys: await releaseUnusedFiles(trx, [row.id_stored_file]) };
  });
  await deleteFileBytes(store, keys, log);
  return image;
}
