import { z } from 'zod';
import { optionalText, optionalZip, requiredText } from './fields.ts';

/** A boarding point (Zustieg, spec §3 "Boarding stop") with name, coordinates and notes for drivers. */
export const ZBoardingPoint = z.object({
  id: z.number().int(),
  id_zus_zustiege: z.number().int(),
  name: z.string(),
  street: z.string().nullable(),
  number: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  /** ISO 3166-1 alpha-2 */
  country: z.string(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BoardingPoint = z.infer<typeof ZBoardingPoint>;

const boardingPointFields = {
  name: requiredText({ min: 2, max: 120 }),
  street: optionalText({ max: 120 }),
  number: optionalText({ max: 20 }),
  zip: optionalZip(),
  city: optionalText({ min: 2, max: 60 }),
  country: z
    .string({ error: 'error.invalid' })
    .regex(/^[A-Z]{2}$/, 'error.invalid')
    .optional(),
  lat: z.number({ error: 'error.invalid' }).min(-90, 'error.invalid').max(90, 'error.invalid').nullable().optional(),
  lon: z.number({ error: 'error.invalid' }).min(-180, 'error.invalid').max(180, 'error.invalid').nullable().optional(),
  notes: optionalText({ max: 2000 }),
};

/** POST /zustiege-lit */
export const ZCreateBoardingPointBody = z.object(boardingPointFields);
export type CreateBoardingPointBody = z.infer<typeof ZCreateBoardingPointBody>;

/** PATCH /zustiege-lit/{id} */
export const ZUpdateBoardingPointBody = z.object({ ...boardingPointFields, name: boardingPointFields.name.optional() });
export type UpdateBoardingPointBody = z.infer<typeof ZUpdateBoardingPointBody>;

/** A member of a stop group, in the group's order. */
export const ZStopGroupMember = z.object({
  id_zus_zustiege: z.number().int(),
  name: z.string(),
  city: z.string().nullable(),
  position: z.number().int(),
});

/** A stop group (spec §3 "Stop group"): a name and an ordered list of boarding points. */
export const ZStopGroup = z.object({
  id: z.number().int(),
  id_zus_gruppen: z.number().int(),
  name: z.string(),
  zustiege: z.array(ZStopGroupMember),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StopGroup = z.infer<typeof ZStopGroup>;

const stopGroupFields = {
  name: requiredText({ min: 2, max: 120 }),
  /** boarding point ids in the group's order */
  zustiege: z
    .array(z.number({ error: 'error.invalid' }).int('error.invalid').positive('error.invalid'), {
      error: 'error.invalid',
    })
    .max(500, 'error.tooLong'),
};

/** POST /zustiege-gruppen-lit */
export const ZCreateStopGroupBody = z.object({ ...stopGroupFields, zustiege: stopGroupFields.zustiege.optional() });
export type CreateStopGroupBody = z.infer<typeof ZCreateStopGroupBody>;

/** PATCH /zustiege-gruppen-lit/{id} */
export const ZUpdateStopGroupBody = ZCreateStopGroupBody.partial();
export type UpdateStopGroupBody = z.infer<typeof ZUpdateStopGroupBody>;

/** Where a boarding point is still used (the answer of a refused delete lists it). */
export const ZBoardingPointUsage = z.object({
  journeys: z.array(z.object({ id: z.number().int(), title: z.string() })),
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type BoardingPointUsage = z.infer<typeof ZBoardingPointUsage>;
