import { z } from 'zod';
import { MAX_ID } from './fields.ts';

/**
 * `GET /insurances/ergo` (spec §7, issue #11): travel-insurance offers with premiums by trip price and age,
 * from the setting INSURANCE_PRODUCTS (an outside insurer would be an adapter behind the same call).
 * Ask for a stored booking (`vorgangnr`) or, in the wizard before saving, for travellers given as
 * `traveller=<price per person>` or `traveller=<price>|<yyyy-MM-dd birthday>` (repeatable) on a date (`termin`).
 */
export const ZInsuranceQuery = z
  .object({
    vorgangnr: z.coerce.number({ error: 'error.invalidQuery' }).int().positive().max(MAX_ID).optional(),
    termin: z.coerce.number({ error: 'error.invalidQuery' }).int().positive().max(MAX_ID).optional(),
    traveller: z
      .union([z.string(), z.array(z.string())])
      .transform((value) => (Array.isArray(value) ? value : [value]))
      .pipe(
        z
          .array(z.string().regex(/^\d{1,7}(\.\d{1,2})?(\|\d{4}-\d{2}-\d{2})?$/, 'error.invalidQuery'))
          .max(99, 'error.tooLong'),
      )
      .optional(),
    lang: z.string().max(5).optional(),
  })
  .superRefine((query, context) => {
    if (!query.vorgangnr && !query.traveller?.length)
      context.addIssue({ code: 'custom', path: ['vorgangnr'], message: 'error.empty' });
  });
export type InsuranceQuery = z.infer<typeof ZInsuranceQuery>;

export const ZInsuranceOffer = z.object({
  code: z.string(),
  name: z.string(),
  insurer: z.string(),
  /** one premium per traveller, in the order asked (or the booking's participants) */
  premiums: z.array(
    z.object({
      teilnehmerNr: z.number().int().nullable(),
      price: z.number(),
      age: z.number().int().nullable(),
      premium: z.number(),
    }),
  ),
  total: z.number(),
});
export type InsuranceOffer = z.infer<typeof ZInsuranceOffer>;
export const ZInsuranceAnswer = z.object({ status: z.literal('ok'), data: z.array(ZInsuranceOffer) });
export type InsuranceAnswer = z.infer<typeof ZInsuranceAnswer>;
