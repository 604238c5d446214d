import { z } from 'zod';
import { requiredText } from './fields.ts';

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
