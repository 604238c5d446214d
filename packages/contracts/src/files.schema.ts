import { z } from 'zod';
import { MAX_ID, optionalText, ZIdParams } from './fields.ts';

/** The sizes a stored image is delivered in: a 400 px thumbnail, a 1600 px web size (both WebP), the original. */
export const FILE_VARIANTS = ['thumb', 'web', 'original'] as const;
export type FileVariant = (typeof FILE_VARIANTS)[number];

/** GET /files/{id}/{variant}: a stored file in one of its sizes. */
export const ZFileParams = ZIdParams.extend({ variant: z.enum(FILE_VARIANTS, { error: 'error.invalid' }) });
export type FileParams = z.infer<typeof ZFileParams>;

/** A stored image as POST /files/images answers it; the id is what a form saves (e.g. a destination's `picture`). */
export const ZStoredImage = z.object({
  id: z.number().int(),
  original_name: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  url: z.string(),
  thumbUrl: z.string(),
  originalUrl: z.string(),
});
export type StoredImage = z.infer<typeof ZStoredImage>;

/** The text fields of POST /journey/files (multipart, next to the file). */
export const ZCreateJourneyImageFields = z.object({
  journey: z.coerce
    .number({ error: 'error.empty' })
    .int('error.invalid')
    .positive('error.invalid')
    .max(MAX_ID, 'error.invalid'),
  caption: optionalText({ max: 300 }),
  copyright: optionalText({ max: 200 }),
});
export type CreateJourneyImageFields = z.infer<typeof ZCreateJourneyImageFields>;

/** GET /journey/files?journey={id}: the images of one journey, in their order. */
export const ZJourneyImagesQuery = z.object({ journey: ZIdParams.shape.id });
