import { z } from 'zod';
import { emailField, idField, MAX_ID, optionalText, requiredText } from './fields.ts';
import { ZListQuery } from './list.schema.ts';

/** Newsletter contacts, contact lists, import, double opt-in and the spec's Mailjet calls (issue #14, docs/adr/0021). */

export const NEWSLETTER_SUBSCRIPTIONS = ['pending', 'subscribed', 'unsubscribed'] as const;
export type NewsletterSubscriptionState = (typeof NEWSLETTER_SUBSCRIPTIONS)[number];

/** The languages a contact can be written to (the mail texts speak these). */
export const NEWSLETTER_LANGUAGES = ['de', 'en', 'es', 'ru'] as const;

const optionalLanguage = () => z.enum(NEWSLETTER_LANGUAGES, { error: 'error.invalid' }).optional();

/** A contact (spec §3 "Contact"): integrated = linked to the customer card with the same address. */
export const ZNewsletterContact = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  salutation: z.string().nullable(),
  title: z.string().nullable(),
  language: z.string(),
  subscription: z.enum(NEWSLETTER_SUBSCRIPTIONS),
  active: z.boolean(),
  integrated: z.boolean(),
  id_vc_card: z.number().int().nullable(),
  /** the linked customer's card name ("Surname, First name") */
  customerName: z.string().nullable(),
  /** GDPR proof of consent: when, from where (import file, website, customer card …), from which address */
  consentAt: z.string().nullable(),
  consentSource: z.string().nullable(),
  consentIp: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
  hardBouncedAt: z.string().nullable(),
  /** the lists the contact is a member of */
  listIds: z.array(z.number().int()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NewsletterContact = z.infer<typeof ZNewsletterContact>;

const contactFields = {
  email: emailField(),
  firstName: optionalText({ max: 100 }),
  lastName: optionalText({ max: 100 }),
  salutation: optionalText({ max: 30 }),
  title: optionalText({ max: 50 }),
  language: optionalLanguage(),
  subscription: z.enum(NEWSLETTER_SUBSCRIPTIONS, { error: 'error.invalid' }).optional(),
  active: z.boolean({ error: 'error.invalid' }).optional(),
  /** the lists the contact belongs to (replaces its memberships when given) */
  listIds: z
    .array(z.number({ error: 'error.invalid' }).int('error.invalid').positive('error.invalid').max(MAX_ID), {
      error: 'error.invalid',
    })
    .max(200, 'error.tooLong')
    .optional(),
};

/** POST /newsletter/contacts */
export const ZCreateNewsletterContactBody = z.object(contactFields);
export type CreateNewsletterContactBody = z.infer<typeof ZCreateNewsletterContactBody>;

/** PATCH /newsletter/contacts/{id} */
export const ZUpdateNewsletterContactBody = z.object(contactFields).partial();
export type UpdateNewsletterContactBody = z.infer<typeof ZUpdateNewsletterContactBody>;

const booleanQuery = z.enum(['true', 'false', '1', '0'], { error: 'error.invalidQuery' }).optional();

/** GET /newsletter/contacts: the list contract plus `integrated` and `listId` (membership). */
export const ZNewsletterContactsQuery = ZListQuery.extend({
  integrated: booleanQuery,
  listId: z.coerce.number({ error: 'error.invalidQuery' }).int('error.invalidQuery').positive().max(MAX_ID).optional(),
});

/** The five statements of a list's certification (spec §5). */
export const CERTIFICATION_STATEMENTS = [
  'consent',
  'notThirdParty',
  'unsubscribeLink',
  'lawfulContent',
  'guidelines',
] as const;
export type CertificationStatement = (typeof CERTIFICATION_STATEMENTS)[number];

/** A contact list (spec §3 "Mail contact list": name, id, status, contact count). */
export const ZNewsletterList = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  contactCount: z.number().int(),
  certified: z.boolean(),
  certifiedAt: z.string().nullable(),
  certifiedBy: z.number().int().nullable(),
  certifiedByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NewsletterList = z.infer<typeof ZNewsletterList>;

/** POST /newsletter/lists */
export const ZCreateNewsletterListBody = z.object({
  name: requiredText({ min: 2, max: 120 }),
  active: z.boolean({ error: 'error.invalid' }).optional(),
});
export type CreateNewsletterListBody = z.infer<typeof ZCreateNewsletterListBody>;
export const ZUpdateNewsletterListBody = ZCreateNewsletterListBody.partial();
export type UpdateNewsletterListBody = z.infer<typeof ZUpdateNewsletterListBody>;

/** POST /newsletter/lists/{id}/certification: every statement must be confirmed (error.certifyAll). */
export const ZCertifyListBody = z.object(
  Object.fromEntries(
    CERTIFICATION_STATEMENTS.map((key) => [key, z.literal(true, { error: 'error.certifyAll' })]),
  ) as Record<CertificationStatement, z.ZodLiteral<true>>,
);
export type CertifyListBody = z.infer<typeof ZCertifyListBody>;

/** POST /newsletter/lists/{id}/members: one contact by hand, by address (made a contact when new) or by id. */
export const ZAddListMemberBody = z.object({
  email: emailField(),
  firstName: optionalText({ max: 100 }),
  lastName: optionalText({ max: 100 }),
});
export type AddListMemberBody = z.infer<typeof ZAddListMemberBody>;

/** POST /newsletter/lists/{id}/members/from-customers: every customer who matches the filter and has an e-mail. */
export const ZCustomerFilterBody = z
  .object({
    /** customers who travelled on a journey of this category */
    categoryId: z
      .number({ error: 'error.invalid' })
      .int('error.invalid')
      .min(0, 'error.invalid')
      .max(MAX_ID)
      .optional(),
    /** customers of this agency */
    agencyId: z
      .number({ error: 'error.invalid' })
      .int('error.invalid')
      .positive('error.invalid')
      .max(MAX_ID)
      .optional(),
    /** customers whose card carries the newsletter flag */
    newsletterFlag: z.boolean({ error: 'error.invalid' }).optional(),
  })
  .refine((body) => body.categoryId !== undefined || body.agencyId !== undefined || body.newsletterFlag === true, {
    error: 'error.empty',
    path: ['categoryId'],
  });
export type CustomerFilterBody = z.infer<typeof ZCustomerFilterBody>;

export const ZAddedMembers = z.object({ added: z.number().int(), created: z.number().int(), total: z.number().int() });

export const ZListMemberParams = z.object({
  id: idField(),
  contactId: idField(),
});

/** The fields a column of an import file can be mapped to. */
export const IMPORT_FIELDS = ['email', 'firstName', 'lastName', 'salutation', 'title', 'language'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Column mapping: import field → index of the file's column (email required). */
export const ZImportMapping = z
  .object(
    Object.fromEntries(
      IMPORT_FIELDS.map((field) => [
        field,
        z
          .number({ error: 'error.invalid' })
          .int('error.invalid')
          .min(0, 'error.invalid')
          .max(500)
          .nullable()
          .optional(),
      ]),
    ) as Record<ImportField, z.ZodOptional<z.ZodNullable<z.ZodNumber>>>,
  )
  .refine((mapping) => typeof mapping.email === 'number', { error: 'error.empty', path: ['email'] });
export type ImportMapping = z.infer<typeof ZImportMapping>;

export const IMPORT_ROW_STATES = ['new', 'existing', 'duplicateInFile', 'invalidEmail', 'unsubscribed'] as const;
export type ImportRowState = (typeof IMPORT_ROW_STATES)[number];

/** The answer of an upload: the file's columns, the mapping guessed from their names, the first rows. */
export const ZImportUpload = z.object({
  id: z.number().int(),
  fileName: z.string(),
  columns: z.array(z.string()),
  mapping: z.record(z.string(), z.number().int().nullable()),
  rows: z.number().int(),
  sample: z.array(z.array(z.string())),
});
export type ImportUpload = z.infer<typeof ZImportUpload>;

/** POST /newsletter/contacts/import/{id}/check: the first rows with their state under a mapping, and the counts. */
export const ZImportCheck = z.object({
  preview: z.array(
    z.object({
      row: z.number().int(),
      email: z.string(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      state: z.enum(IMPORT_ROW_STATES),
    }),
  ),
  counts: z.record(z.enum(IMPORT_ROW_STATES), z.number().int()),
});
export type ImportCheck = z.infer<typeof ZImportCheck>;

export const ZImportStartBody = z.object({
  mapping: ZImportMapping,
  listId: z
    .number({ error: 'error.invalid' })
    .int('error.invalid')
    .positive('error.invalid')
    .max(MAX_ID)
    .nullable()
    .optional(),
});
export type ImportStartBody = z.infer<typeof ZImportStartBody>;

export const ZImportProgress = z.object({
  id: z.number().int(),
  status: z.enum(['uploaded', 'running', 'done']),
  processed: z.number().int(),
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  skippedRows: z.array(z.object({ row: z.number().int(), email: z.string(), reason: z.enum(IMPORT_ROW_STATES) })),
});
export type ImportProgress = z.infer<typeof ZImportProgress>;

/** POST /newsletter/subscribe (public, the operator's website): double opt-in. */
export const ZSubscribeBody = z.object({
  email: emailField(),
  firstName: optionalText({ max: 100 }),
  lastName: optionalText({ max: 100 }),
  language: optionalLanguage(),
  listId: z.number({ error: 'error.invalid' }).int('error.invalid').positive('error.invalid').max(MAX_ID).optional(),
});
export type SubscribeBody = z.infer<typeof ZSubscribeBody>;

export const ZConfirmSubscriptionBody = z.object({
  code: z.string({ error: 'error.empty' }).min(1, 'error.empty').max(200),
});

export const ZSubscriptionConfirmed = z.object({ ok: z.literal(true), email: z.string() });

/** A contact the way Mailjet's API answers it (spec §7 GET /mailjet/contact…). */
export const ZMailjetContact = z.object({
  ID: z.number().int(),
  Email: z.string(),
  Name: z.string(),
  IsExcludedFromCampaigns: z.boolean(),
  IsOptInPending: z.boolean(),
  IsSpamComplaining: z.boolean(),
  CreatedAt: z.string(),
  LastUpdateAt: z.string(),
  DeliveredCount: z.number().int(),
  ExclusionFromCampaignsUpdatedAt: z.string(),
  LastActivityAt: z.string(),
});
export type MailjetContact = z.infer<typeof ZMailjetContact>;

export const ZMailjetContactsQuery = z.object({
  limit: z.coerce
    .number({ error: 'error.invalid' })
    .int('error.invalid')
    .min(1, 'error.invalid')
    .max(1000, 'error.invalid')
    .default(1000),
  offset: z.coerce.number({ error: 'error.invalid' }).int('error.invalid').min(0, 'error.invalid').default(0),
  ContactsList: z.coerce
    .number({ error: 'error.invalid' })
    .int('error.invalid')
    .positive('error.invalid')
    .max(MAX_ID)
    .optional(),
});
export const ZMailjetContactParams = z.object({ query: z.string().min(1, 'error.empty').max(254, 'error.tooLong') });

export const ZMailjetContacts = z.object({
  Count: z.number().int(),
  Total: z.number().int(),
  Data: z.array(ZMailjetContact),
});
