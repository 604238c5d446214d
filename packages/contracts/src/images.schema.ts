import { z } from 'zod';
import { MAX_ID, optionalText, requiredText, ZIdParams } from './fields.ts';
import { FILE_VARIANTS } from './files.schema.ts';

/**
 * The image database (issue #15, spec §3 "Image", §4 "Image trash"; ADR 0022): libraries (folders) of images,
 * each image a stored file with what the image database knows about it.
 */

export const IMAGE_LIBRARY_TYPES = ['personal', 'shared', 'library', 'trip'] as const;
export type ImageLibraryType = (typeof IMAGE_LIBRARY_TYPES)[number];

export const IMAGE_LICENCE_STATES = ['none', 'processing', 'standard', 'error'] as const;
export type ImageLicenceState = (typeof IMAGE_LICENCE_STATES)[number];

export const IMAGE_HISTORY_ACTIONS = [
  'uploaded',
  'updated',
  'used',
  'licensed',
  'licence_failed',
  'trashed',
  'restored',
  'deleted',
] as const;
export type ImageHistoryAction = (typeof IMAGE_HISTORY_ACTIONS)[number];

/**
 * The aspect ratio of an image as `w:h`: reduced by their greatest common divisor when both terms stay at most
 * 50 (`3:2`, `16:9`, `1:1`), otherwise the width per unit of height with two decimals (`1.78:1`).
 */
export function imageRatio(width: number, height: number): string {
  if (width <= 0 || height <= 0) return '';
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const divisor = gcd(width, height);
  const w = width / divisor;
  const h = height / divisor;
  if (w <= 50 && h <= 50) return `${w}:${h}`;
  return `${(width / height).toFixed(2)}:1`;
}

/**
 * An image of a library. `thumbUrl` and `url` (and `originalUrl`) point at the staff route
 * `/img/library-item/{id}/file/{variant}`, which needs a login with `imagedb-read`: library images are not public
 * until something public uses them (ADR 0022).
 */
export const ZLibraryItem = z.object({
  id: z.number().int(),
  id_img_library_item: z.number().int(),
  id_img_library: z.number().int(),
  /** the stored file: the same one a journey image or destination picture uses when picked from here */
  id_stored_file: z.number().int(),
  name: z.string(),
  original_name: z.string(),
  description: z.string().nullable(),
  copyright: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  /** `3:2`, `16:9`, or `1.78:1` (see `imageRatio`) */
  ratio: z.string(),
  licence_state: z.enum(IMAGE_LICENCE_STATES),
  stock_id: z.string().nullable(),
  /** set while the image is in the trash */
  deleted_at: z.string().nullable(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  thumbUrl: z.string(),
  url: z.string(),
  originalUrl: z.string(),
});
export type LibraryItem = z.infer<typeof ZLibraryItem>;

/** A library (a folder of the image database); `item_count` counts its images outside the trash. */
export const ZImageLibrary = z.object({
  id: z.number().int(),
  id_img_library: z.number().int(),
  name: z.string(),
  /** the owner of a personal library (null for the others) */
  user_id: z.number().int().nullable(),
  type: z.enum(IMAGE_LIBRARY_TYPES),
  item_count: z.number().int(),
  trash_count: z.number().int(),
});
export type ImageLibrary = z.infer<typeof ZImageLibrary>;

/** POST /img/library; a personal library belongs to whoever creates it. */
export const ZCreateImageLibraryBody = z.object({
  name: requiredText({ min: 2, max: 120 }),
  type: z.enum(IMAGE_LIBRARY_TYPES, { error: 'error.invalid' }),
});
export type CreateImageLibraryBody = z.infer<typeof ZCreateImageLibraryBody>;

/** PATCH/PUT /img/library/{id}: the name (the type and owner stay). */
export const ZUpdateImageLibraryBody = z.object({ name: requiredText({ min: 2, max: 120 }) });
export type UpdateImageLibraryBody = z.infer<typeof ZUpdateImageLibraryBody>;

/** PATCH/PUT /img/library-item/{id}: what can be edited after the upload. */
export const ZUpdateLibraryItemBody = z.object({
  name: requiredText({ max: 200 }).optional(),
  description: optionalText({ max: 2000 }),
  copyright: optionalText({ max: 300 }),
});
export type UpdateLibraryItemBody = z.infer<typeof ZUpdateLibraryItemBody>;

const idField = ZIdParams.shape.id;

/** The text fields of POST /img/library-item (multipart, next to the file). */
export const ZUploadLibraryItemFields = z.object({
  id_img_library: z.coerce
    .number({ error: 'error.empty' })
    .int('error.invalid')
    .positive('error.invalid')
    .max(MAX_ID, 'error.invalid'),
  description: optionalText({ max: 2000 }),
  copyright: optionalText({ max: 300 }),
});
export type UploadLibraryItemFields = z.infer<typeof ZUploadLibraryItemFields>;

/** GET /img/library-item/{id}/file/{variant} */
export const ZLibraryItemFileParams = ZIdParams.extend({ variant: z.enum(FILE_VARIANTS, { error: 'error.invalid' }) });

/** DELETE /img/library-item/{id}?permanent=true: for good (the row, and its file once nothing else uses it). */
export const ZDeleteLibraryItemQuery = z.object({
  permanent: z.enum(['true', 'false'], { error: 'error.invalidQuery' }).optional(),
  /** delete anyway although the image is still used (see the service for when that is allowed) */
  force: z.enum(['true', 'false'], { error: 'error.invalidQuery' }).optional(),
});

/** DELETE /img/library/{id}/trash: empties a library's trash (images still used somewhere stay). */
export const ZEmptyTrashResult = z.object({
  deleted: z.number().int(),
  /** images left in the trash because something still uses them */
  kept: z.number().int(),
});
export type EmptyTrashResult = z.infer<typeof ZEmptyTrashResult>;

/** Where an image is used (a 409 answer lists these under `usage` by kind: journeys, destinations, templates…). */
export const ZImageUsage = z.object({ kind: z.string(), id: z.number().int(), label: z.string() });
export type ImageUsage = z.infer<typeof ZImageUsage>;

/** GET /img/library-item/{id}/usage */
export const ZLibraryItemUsage = z.array(ZImageUsage);

/** A history row: who did what to which image, when. */
export const ZImageHistoryEntry = z.object({
  id: z.number().int(),
  id_img_library_item: z.number().int().nullable(),
  item_name: z.string(),
  action: z.enum(IMAGE_HISTORY_ACTIONS),
  detail: z.string().nullable(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  created_at: z.string(),
});
export type ImageHistoryEntry = z.infer<typeof ZImageHistoryEntry>;

/** POST /journey/files/from-library: library images become images of a journey (the same stored files). */
export const ZJourneyImagesFromLibraryBody = z.object({
  journey: idField,
  items: z.array(idField, { error: 'error.invalid' }).min(1, 'error.nonEmptyList').max(50, 'error.invalid'),
});
export type JourneyImagesFromLibraryBody = z.infer<typeof ZJourneyImagesFromLibraryBody>;

const optionalDay = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.iso.date('error.invalidFilter').optional(),
);

/** GET /img/history: paged, newest first; narrowed by action, user and days (`to` inclusive). */
export const ZImageHistoryQuery = z.object({
  $limit: z.coerce
    .number({ error: 'error.invalidQuery' })
    .int('error.invalidQuery')
    .min(1, 'error.invalidQuery')
    .max(1000, 'error.invalidQuery')
    .optional(),
  $skip: z.coerce
    .number({ error: 'error.invalidQuery' })
    .int('error.invalidQuery')
    .min(0, 'error.invalidQuery')
    .optional(),
  action: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(IMAGE_HISTORY_ACTIONS, { error: 'error.invalidFilter' }).optional(),
  ),
  user_id: z.preprocess((value) => (value === '' ? undefined : value), idField.optional()),
  from: optionalDay,
  to: optionalDay,
});
export type ImageHistoryQuery = z.infer<typeof ZImageHistoryQuery>;

/** The answer of GET /img/history. */
export const ZImageHistoryPage = z.object({
  total: z.number().int(),
  limit: z.number().int(),
  skip: z.number().int(),
  data: z.array(ZImageHistoryEntry),
});
