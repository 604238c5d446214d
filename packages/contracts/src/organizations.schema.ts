import { z } from 'zod';
import { ZVcField, ZPhoneRowInput, ZEmailRowInput } from './contacts.schema.ts';
import { optionalText, optionalZip, requiredText } from './fields.ts';

/** Organization type 1: a travel agency (spec §3). */
export const AGENCY_TYPE = 1;

export const ZOrganization = z.object({
  id: z.number().int(),
  name: z.string(),
  note: z.string().nullable(),
  type: z.number().int(),
  id_vc_card: z.number().int().nullable(),
  address: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  phones: z.array(ZVcField),
  emails: z.array(ZVcField),
  userCount: z.number().int(),
  customerCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Organization = z.infer<typeof ZOrganization>;

const organizationFields = {
  name: requiredText({ min: 2, max: 120 }),
  note: optionalText({ max: 2000 }),
  type: z
    .number({ error: 'error.invalid' })
    .int('error.invalid')
    .min(1, 'error.invalid')
    .max(9, 'error.invalid')
    .optional(),
  address: optionalText({ max: 120 }),
  zip: optionalZip(),
  city: optionalText({ min: 2, max: 60 }),
  country: optionalText({ max: 60 }),
  phones: z.array(ZPhoneRowInput).max(20, 'error.tooLong').optional(),
  emails: z.array(ZEmailRowInput).max(20, 'error.tooLong').optional(),
};

export const ZCreateOrganizationBody = z.object(organizationFields);
export type CreateOrganizationBody = z.infer<typeof ZCreateOrganizationBody>;
export const ZUpdateOrganizationBody = z.object({ ...organizationFields, name: organizationFields.name.optional() });
export type UpdateOrganizationBody = z.infer<typeof ZUpdateOrganizationBody>;

export const ZOrganizationRef = z.object({ id: z.number().int(), name: z.string(), type: z.number().int() });
export type OrganizationRef = z.infer<typeof ZOrganizationRef>;

export const ZOrganizationFindQuery = z.object({
  q: z.string().max(100, 'error.tooLong').optional(),
  type: z.coerce.number({ error: 'error.invalid' }).int('error.invalid').optional(),
});
export const ZOrganizationAllQuery = z.object({
  type: z.coerce.number({ error: 'error.invalid' }).int('error.invalid').optional(),
});
