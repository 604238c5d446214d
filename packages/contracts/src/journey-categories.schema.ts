import { z } from 'zod';
import { MAX_ID, requiredText } from './fields.ts';

/** A trip category (spec §3 "Journey category"; ids 0–30 are the spec's 31 categories). */
export const ZJourneyCategory = z.object({
  id: z.number().int(),
  id_jrn_category: z.number().int(),
  name: z.string(),
  /** inactive = blocked (spec §9: journeys of a blocked category are created offline) */
  active: z.boolean(),
  journey_count: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JourneyCategory = z.infer<typeof ZJourneyCategory>;

/** POST /journey/category */
export const ZCreateJourneyCategoryBody = z.object({
  name: requiredText({ min: 2, max: 80 }),
  active: z.boolean({ error: 'error.invalid' }).optional(),
});
export type CreateJourneyCategoryBody = z.infer<typeof ZCreateJourneyCategoryBody>;

/** PATCH /journey/category/{id} */
export const ZUpdateJourneyCategoryBody = ZCreateJourneyCategoryBody.partial();
export type UpdateJourneyCategoryBody = z.infer<typeof ZUpdateJourneyCategoryBody>;

/** `{id}` of a category: the seeded ones start at 0 (Adventsreise), so 0 is a valid id here. */
export const ZJourneyCategoryIdParams = z.object({
  id: z.coerce
    .number({ error: 'error.invalid' })
    .int('error.invalid')
    .min(0, 'error.invalid')
    .max(MAX_ID, 'error.invalid'),
});
