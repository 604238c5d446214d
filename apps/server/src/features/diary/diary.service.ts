import {
  DIARY_MAX_PHOTOS,
  ZDiaryEntryBody,
  ZUpdateDiaryEntryBody,
  type DiaryEntry,
  type DiaryEntryBody,
  type DiaryPhoto,
  type DiaryTrip,
  type UpdateDiaryEntryBody,
} from '@tourdesk/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { inTransaction } from '../../db/transaction.ts';
import { nowIso, parseJson, toIso } from '../../db/dialect.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import type { UploadedFile } from '../../lib/upload.ts';
import type { DbContext } from '../../types.ts';
import { deleteFileBytes, prepareImage, type FileStore } from '../files/files.service.ts';
import { travellerTrips } from '../traveller-trips/traveller-trips.service.ts';
import {
  countDiaryEntries,
  countDiaryPhotos,
  deleteDiaryEntryRow,
  deleteDiaryPhotoRow,
  findDiaryEntries,
  findDiaryEntry,
  findDiaryPhotos,
  findJourneyTitles,
  insertDiaryEntry,
  insertDiaryPhoto,
  updateDiaryEntryRow,
  type DiaryEntryRow,
  type DiaryPhotoRow,
} from './diary.repository.ts';

/**
 * The traveller's diary (issue #13 item 4): entries per booking and day with a title, text and photos. An entry
 * belongs to the traveller who wrote it — another traveller of the same booking gets 404, like a stranger. The
 * booking must be one the traveller sees (traveller-trips); the photos are stored in the file store under
 * server-made keys and delivered only through this feature's routes, never by the public file route.
 */

type Variants = Partial<Record<'thumb' | 'web', { key: string }>>;

const day = (value: string | Date) => (value instanceof Date ? value.toISOString() : String(value)).slice(0, 10);

const photoPath = (bookingId: number, entryId: number, photoId: number) =>
  `/api/v1/users-vorgaenge/${bookingId}/diary/${entryId}/photos/${photoId}`;

const toPhoto = (bookingId: number, row: DiaryPhotoRow): DiaryPhoto => ({
  id: row.id,
  width: row.width,
  height: row.height,
  thumbUrl: `${photoPath(bookingId, row.id_diary_entry, row.id)}/thumb`,
  url: `${photoPath(bookingId, row.id_diary_entry, row.id)}/web`,
});

const toEntry = (row: DiaryEntryRow, photos: DiaryPhotoRow[]): DiaryEntry => ({
  id: row.id,
  bookingId: row.id_booking,
  day: day(row.day),
  title: row.title,
  text: row.text,
  photos: photos.filter((photo) => photo.id_diary_entry === row.id).map((photo) => toPhoto(row.id_booking, photo)),
  createdAt: toIso(row.created_at)!,
  updatedAt: toIso(row.updated_at)!,
});

/** The trip if the traveller sees it (404 otherwise), with its dates. */
async function tripOf(ctx: DbContext, userId: number, bookingId: number) {
  const trip = (await travellerTrips(ctx, userId)).find((candidate) => candidate.bookingId === bookingId);
  if (!trip) throw notFound();
  return trip;
}

async function ownEntry(ctx: DbContext, userId: number, bookingId: number, entryId: number) {
  const row = await findDiaryEntry(ctx.db, userId, bookingId, entryId);
  if (!row) throw notFound();
  return row;
}

async function readEntry(ctx: DbContext, row: DiaryEntryRow): Promise<DiaryEntry> {
  return toEntry(row, await findDiaryPhotos(ctx.db, [row.id]));
}

/** GET /diary/trips: the traveller's trips with how many entries each has (for the diary's start screen). */
export async function listDiaryTrips(ctx: DbContext, userId: number): Promise<DiaryTrip[]> {
  const trips = await travellerTrips(ctx, userId);
  const [counts, titles] = await Promise.all([
    countDiaryEntries(ctx.db, userId),
    findJourneyTitles(ctx.db, [...new Set(trips.map((trip) => trip.journeyId))]),
  ]);
  const entries = new Map(counts.map((row) => [row.id_booking, Number(row.entries)]));
  const title = new Map(titles.map((row) => [row.id_jrn_journey, row.title]));
  return trips.map((trip) => ({
    bookingId: trip.bookingId,
    journeyTitle: title.get(trip.journeyId) ?? '',
    dateFrom: trip.dateFrom,
    dateTill: trip.dateTill,
    entries: entries.get(trip.bookingId) ?? 0,
  }));
}

/** GET /users-vorgaenge/{id}/diary: the traveller's own entries of a booking, by day. */
export async function listDiaryEntries(ctx: DbContext, userId: number, bookingId: number): Promise<DiaryEntry[]> {
  await tripOf(ctx, userId, bookingId);
  const rows = await findDiaryEntries(ctx.db, userId, bookingId);
  const photos = await findDiaryPhotos(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toEntry(row, photos));
}

/** The day must lie within the trip (a day either side allowed, for the evening before and the way home). */
function checkDay(trip: { dateFrom: string; dateTill: string }, value: string) {
  const shift = (date: string, days: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  if (value < shift(trip.dateFrom, -1) || value > shift(trip.dateTill, 1)) throw invalidField('day', 'error.invalid');
}

export async function createDiaryEntry(
  ctx: DbContext,
  userId: number,
  bookingId: number,
  body: DiaryEntryBody,
): Promise<DiaryEntry> {
  const data = ZDiaryEntryBody.parse(body);
  checkDay(await tripOf(ctx, userId, bookingId), data.day);
  const id = await insertDiaryEntry(ctx.db, {
    id_user: userId,
    id_booking: bookingId,
    day: data.day,
    title: data.title,
    text: data.text ?? null,
  });
  return readEntry(ctx, (await findDiaryEntry(ctx.db, userId, bookingId, id))!);
}

export async function updateDiaryEntry(
  ctx: DbContext,
  userId: number,
  bookingId: number,
  entryId: number,
  body: UpdateDiaryEntryBody,
): Promise<DiaryEntry> {
  const data = ZUpdateDiaryEntryBody.parse(body);
  const trip = await tripOf(ctx, userId, bookingId);
  await ownEntry(ctx, userId, bookingId, entryId);
  if (data.day !== undefined) checkDay(trip, data.day);
  await updateDiaryEntryRow(ctx.db, entryId, {
    ...(data.day !== undefined ? { day: data.day } : {}),
    ...(data.title !== undefined ? { title: data.title } : {}),
    ...(data.text !== undefined ? { text: data.text ?? null } : {}),
    updated_at: nowIso(),
  });
  return readEntry(ctx, (await findDiaryEntry(ctx.db, userId, bookingId, entryId))!);
}

const keysOf = (photo: { storage_key: string; variants: string }) => [
  photo.storage_key,
  ...Object.values(parseJson<Variants>(photo.variants, {})).flatMap((variant) => (variant ? [variant.key] : [])),
];

/** Deletes an entry and its photos (rows, then their bytes). */
export async function deleteDiaryEntry(
  ctx: DbContext,
  store: FileStore,
  userId: number,
  bookingId: number,
  entryId: number,
  log?: FastifyBaseLogger,
): Promise<DiaryEntry> {
  await tripOf(ctx, userId, bookingId);
  const row = await ownEntry(ctx, userId, bookingId, entryId);
  const photos = await findDiaryPhotos(ctx.db, [entryId]);
  await deleteDiaryEntryRow(ctx.db, entryId);
  await deleteFileBytes(store, photos.flatMap(keysOf), log);
  return toEntry(row, photos);
}

/**
 * POST /users-vorgaenge/{id}/diary/{entryId}/photos: a photo for an entry (at most `DIARY_MAX_PHOTOS`). The bytes
 * must be an image (`error.uploadType`); it is stored upright, without metadata (GPS!), with its sizes.
 */
export async function addDiaryPhoto(
  ctx: DbContext,
  store: FileStore,
  userId: number,
  bookingId: number,
  entryId: number,
  file: UploadedFile | null,
): Promise<DiaryEntry> {
  await tripOf(ctx, userId, bookingId);
  const row = await ownEntry(ctx, userId, bookingId, entryId);
  if (!file) throw invalidField('file', 'error.empty');
  if ((await countDiaryPhotos(ctx.db, entryId)) >= DIARY_MAX_PHOTOS) throw invalidField('file', 'error.tooLong');
  const image = await prepareImage(file);
  const keys = image.files.map((part) => part.key);
  try {
    await Promise.all(image.files.map((part) => store.put(part.key, part.body, part.contentType)));
    await inTransaction(ctx, (trx) =>
      insertDiaryPhoto(trx.db, {
        id_diary_entry: entryId,
        storage_key: image.storageKey,
        variants: JSON.stringify(image.variants),
        mime_type: image.mime,
        size: image.size,
        width: image.width,
        height: image.height,
      }),
    );
  } catch (error) {
    await store.delete(keys).catch(() => undefined);
    throw error;
  }
  return readEntry(ctx, row);
}

export async function deleteDiaryPhoto(
  ctx: DbContext,
  store: FileStore,
  userId: number,
  params: { bookingId: number; entryId: number; photoId: number },
  log?: FastifyBaseLogger,
): Promise<DiaryEntry> {
  await tripOf(ctx, userId, params.bookingId);
  const row = await ownEntry(ctx, userId, params.bookingId, params.entryId);
  const photo = (await findDiaryPhotos(ctx.db, [params.entryId])).find((candidate) => candidate.id === params.photoId);
  if (!photo) throw notFound();
  await deleteDiaryPhotoRow(ctx.db, photo.id);
  await deleteFileBytes(store, keysOf(photo), log);
  return readEntry(ctx, row);
}

/** GET …/photos/{photoId}/{variant}: the stored file of the traveller's own photo (404 for anyone else). */
export async function findDiaryPhotoFile(
  ctx: DbContext,
  userId: number,
  params: { bookingId: number; entryId: number; photoId: number; variant: 'thumb' | 'web' | 'original' },
): Promise<{ key: string; contentType: string }> {
  await tripOf(ctx, userId, params.bookingId);
  await ownEntry(ctx, userId, params.bookingId, params.entryId);
  const photo = (await findDiaryPhotos(ctx.db, [params.entryId])).find((candidate) => candidate.id === params.photoId);
  if (!photo) throw notFound();
  if (params.variant === 'original') return { key: photo.storage_key, contentType: photo.mime_type };
  const variant = parseJson<Variants>(photo.variants, {})[params.variant];
  return variant
    ? { key: variant.key, contentType: 'image/webp' }
    : { key: photo.storage_key, contentType: photo.mime_type };
}
