import { z } from 'zod';
import { ZEmailRowInput, ZPhoneRowInput, ZVcField } from './contacts.schema.ts';
import { optionalCode, optionalDate, optionalText, optionalZip, requiredText } from './fields.ts';
import { CUSTOMER_TYPES } from './customer-types.ts';

export const ZAddress = z.object({
  street: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  state: z.string().nullable(),
  external_id: z.string().nullable(),
});
export type Address = z.infer<typeof ZAddress>;

export { CUSTOMER_TYPES, type CustomerType } from './customer-types.ts';

/**
 * A customer (spec §3 "Person/customer" on a "Card"): the person's fields flat (as lists show them),
 * the address, and the phone and e-mail rows. `phone` and `email` are the first non-empty rows.
 */
export const ZCustomer = z.object({
  id: z.number().int(),
  id_vc_card: z.number().int(),
  id_vc_person: z.number().int(),
  name: z.string(),
  salutation: z.number().int().nullable(),
  title: z.number().int().nullable(),
  firstName: z.string().nullable(),
  surname: z.string().nullable(),
  birthday: z.string().nullable(),
  passportValidUntil: z.string().nullable(),
  address: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  state: z.string().nullable(),
  external_id: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  phones: z.array(ZVcField),
  emails: z.array(ZVcField),
  customerType: z.enum(CUSTOMER_TYPES),
  isDriver: z.boolean(),
  /** wants the newsletter (spec §3 address field `newsletter`); kept in step with the newsletter contact */
  newsletter: z.boolean(),
  agencyId: z.number().int().nullable(),
  agencyName: z.string().nullable(),
  kuschick_id: z.string().nullable(),
  ratio_id: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Customer = z.infer<typeof ZCustomer>;

export const customerFields = {
  salutation: optionalCode(2),
  title: optionalCode(3),
  firstName: requiredText({ min: 2, max: 90 }),
  surname: requiredText({ min: 2, max: 90 }),
  birthday: optionalDate(),
  passportValidUntil: optionalDate(),
  address: optionalText({ max: 120 }),
  zip: optionalZip(),
  city: optionalText({ min: 2, max: 60 }),
  country: optionalText({ max: 60 }),
  state: optionalText({ max: 60 }),
  external_id: optionalText({ max: 50 }),
  customerType: z.enum(CUSTOMER_TYPES, { error: 'error.invalid' }).optional(),
  newsletter: z.boolean({ error: 'error.invalid' }).optional(),
  agencyId: z.number({ error: 'error.invalid' }).int('error.invalid').positive('error.invalid').nullable().optional(),
  kuschick_id: optionalText({ max: 50 }),
  ratio_id: optionalText({ max: 50 }),
  phones: z.array(ZPhoneRowInput, { error: 'error.invalid' }).max(20, 'error.tooLong').optional(),
  emails: z.array(ZEmailRowInput, { error: 'error.invalid' }).max(20, 'error.tooLong').optional(),
};

/** POST /customers */
export const ZCreateCustomerBody = z.object(customerFields);
export type CreateCustomerBody = z.infer<typeof ZCreateCustomerBody>;

/** PATCH /customers/{id}: any field; contact rows with an id are updated, without one added, with `drop` removed. */
export const ZUpdateCustomerBody = z.object({
  ...customerFields,
  firstName: customerFields.firstName.optional(),
  surname: customerFields.surname.optional(),
});
export type UpdateCustomerBody = z.infer<typeof ZUpdateCustomerBody>;

/** PATCH /vc_card/{id}: the card itself (name and external numbers). */
export const ZUpdateCardBody = z.object({
  name: requiredText({ min: 2, max: 180 }).optional(),
  kuschick_id: optionalText({ max: 50 }),
  ratio_id: optionalText({ max: 50 }),
});
export type UpdateCardBody = z.infer<typeof ZUpdateCardBody>;

export const ZVcCard = z.object({
  id_vc_card: z.number().int(),
  name: z.string(),
  kuschick_id: z.string().nullable(),
  ratio_id: z.string().nullable(),
  agencyId: z.number().int().nullable(),
});

/** An agency's customer as the ratio agency call answers it (spec §3 "Agency customer"). */
export const ZAgencyCustomer = z.object({
  id: z.number().int(),
  kennziffer: z.string(),
  name: z.string(),
  anrede: z.string().nullable(),
  vorname: z.string().nullable(),
  nachname: z.string().nullable(),
  strasse: z.string().nullable(),
  plz: z.string().nullable(),
  ort: z.string().nullable(),
  telefon: z.string().nullable(),
  email: z.string().nullable(),
  geburtstag: z.string().nullable(),
  bearbeitet: z.string(),
  erfasst_am: z.string(),
  pass_gueltig_bis: z.string().nullable(),
});
export type AgencyCustomer = z.infer<typeof ZAgencyCustomer>;

export const ZAgencyCustomersQuery = z.object({
  getCustomersFor: z.coerce.number({ error: 'error.invalid' }).int('error.invalid').positive('error.invalid'),
  limit: z.coerce
    .number({ error: 'error.invalid' })
    .int('error.invalid')
    .min(1, 'error.invalid')
    .max(1000, 'error.invalid')
    .default(150),
  offset: z.coerce.number({ error: 'error.invalid' }).int('error.invalid').min(0, 'error.invalid').default(0),
  search: z.string().max(200, 'error.tooLong').optional(),
});
export type AgencyCustomersQuery = z.infer<typeof ZAgencyCustomersQuery>;

export const ZAgencyCustomersResponse = z.object({
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  data: z.array(ZAgencyCustomer),
});
