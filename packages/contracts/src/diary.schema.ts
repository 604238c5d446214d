import { z } from 'zod';
import { MAX_ID, dateField, optionalText, requiredText } from './fields.ts';

/** The traveller's diary (issue #13 item 4): entries per booking and day, private to the one who wrote them. */
export const DIARY_MAX_PHOTOS = 6;
/** Largest photo accepted, in bytes (a phone camera's JPEG is 2–6 MB). */
export const DIARY_MAX_PHOTO_BYTES = 12 * 1024 * 1024;
export const DIARY_PHOTO_VARIANTS = ['thumb', 'web', 'original'] as const;

const id = () =>
  z.coerce
    .number({ error: 'error.invalid' })
    .int('error.invalid')
    .positive('error.invalid')
    .max(MAX_ID, 'error.invalid');

export const ZDiaryPhoto = z.object({
  id: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** API paths (bearer token needed): the 400 px thumbnail and the 1600 px size */
  thumbUrl: z.string(),
  url: z.string(),
});
export type DiaryPhoto = z.infer<typeof ZDiaryPhoto>;

export const ZDiaryEntry = z.object({
  id: z.number(),
  bookingId: z.number(),
  /** YYYY-MM-DD */
  day: z.string(),
  title: z.string(),
  text: z.string().nullable(),
  photos: z.array(ZDiaryPhoto),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DiaryEntry = z.infer<typeof ZDiaryEntry>;

export const ZDiaryEntryBody = z.object({
  day: dateField(),
  title: requiredText({ max: 200 }),
  text: optionalText({ max: 10_000 }),
});
export type DiaryEntryBody = z.input<typeof ZDiaryEntryBody>;
export const ZUpdateDiaryEntryBody = ZDiaryEntryBody.partial();
export type UpdateDiaryEntryBody = z.input<typeof ZUpdateDiaryEntryBody>;

/** The traveller's journeys with their diary: dates for the timeline and how many entries each has. */
export const ZDiaryTrip = z.object({
  bookingId: z.number(),
  journeyTitle: z.string(),
  dateFrom: z.string(),
  dateTill: z.string(),
  entries: z.number(),
});
export type DiaryTrip = z.infer<typeof ZDiaryTrip>;

export const ZDiaryParams = z.object({ id: id() });
export const ZDiaryEntryParams = z.object({ id: id(), entryId: id() });
export const ZDiaryPhotoParams = z.object({ id: id(), entryId: id(), photoId: id() });
export const ZDiaryPhotoFileParams = ZDiaryPhotoParams.extend({
  variant: z.enum(DIARY_PHOTO_VARIANTS, { error: 'error.invalid' }),
});
