import { z } from 'zod';
import { optionalRef, optionalText, requiredText } from './fields.ts';

/** A destination (spec §3): name, status, SEO content, picture, countries, and how many journeys go there. */
export const ZDestination = z.object({
  id: z.number().int(),
  id_jrn_destination: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  /** sanitised rich text */
  seo_text: z.string().nullable(),
  /** id of the stored picture file, and its URLs */
  picture: z.number().int().nullable(),
  pictureUrl: z.string().nullable(),
  pictureThumbUrl: z.string().nullable(),
  /** loc_country ids */
  countries: z.array(z.number().int()),
  journey_count: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Destination = z.infer<typeof ZDestination>;

const destinationFields = {
  name: requiredText({ min: 2, max: 120 }),
  active: z.boolean({ error: 'error.invalid' }).optional(),
  seo_title: optionalText({ max: 120 }),
  seo_description: optionalText({ max: 320 }),
  seo_text: optionalText({ max: 100_000 }),
  picture: optionalRef(),
  /** a picture picked from the image database: its library item (the picture becomes that item's stored file) */
  picture_library_item: optionalRef(),
  countries: z
    .array(z.number({ error: 'error.invalid' }).int('error.invalid').positive('error.invalid'), {
      error: 'error.invalid',
    })
    .max(50, 'error.tooLong')
    .optional(),
};

/** POST /journey/destination */
export const ZCreateDestinationBody = z.object(destinationFields);
export type CreateDestinationBody = z.infer<typeof ZCreateDestinationBody>;

/** PATCH /journey/destination/{id} */
export const ZUpdateDestinationBody = z.object({ ...destinationFields, name: destinationFields.name.optional() });
export type UpdateDestinationBody = z.infer<typeof ZUpdateDestinationBody>;
