import { z } from 'zod';
import { optionalText, requiredText } from './fields.ts';

export const ZLegalLinks = z.object({
  imprint: z.string().nullable().optional(),
  privacy: z.string().nullable().optional(),
  terms: z.string().nullable().optional(),
});

/**
 * Links shown to visitors use https:, http: or mailto: only; `javascript:` and `data:` would run or forge
 * content. No whitespace or control characters, which browsers strip before reading the scheme.
 */
const WEB_LINK = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
const MAIL_LINK = /^mailto:[^\s]+$/i;
const noControls = (value: string) => !/\p{Cc}/u.test(value);
const isWebLink = (value: string) => WEB_LINK.test(value) && noControls(value);
const isSafeLink = (value: string) => (WEB_LINK.test(value) || MAIL_LINK.test(value)) && noControls(value);

/** An optional link that `accept` allows (error.invalid otherwise). */
const linkField = (max: number, accept: (value: string) => boolean) =>
  optionalText({ max }).refine((value) => value === null || value === undefined || accept(value), {
    message: 'error.invalid',
  });

/** Legal links as a brand form sends them: https:, http: or mailto:. */
const ZLegalLinksBody = z.object({
  imprint: linkField(500, isSafeLink),
  privacy: linkField(500, isSafeLink),
  terms: linkField(500, isSafeLink),
});

/** A brand (spec §1), chosen by the host name the app is served from. */
export const ZBrand = z.object({
  id: z.number().int(),
  host: z.string(),
  isDevelopment: z.boolean(),
  name: z.string(),
  logo: z.string().nullable(),
  company: z.string().nullable(),
  street: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  tel: z.string().nullable(),
  fax: z.string().nullable(),
  email: z.string().nullable(),
  web: z.string().nullable(),
  court: z.string().nullable(),
  RegistrationNumber: z.string().nullable(),
  companyId: z.string().nullable(),
  pushChannel: z.string().nullable(),
  primaryColor: z.string().nullable(),
  legalLinks: ZLegalLinks,
});
export type Brand = z.infer<typeof ZBrand>;

export const BRAND_LIST_FIELDS = ['id', 'host', 'name', 'company', 'isDevelopment'] as const;

const hexColor = z.preprocess(
  (value) => (value === '' ? null : value),
  z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'error.invalid')
    .nullable()
    .optional(),
);

const brandFields = {
  host: requiredText({ max: 253 }).regex(/^[a-z0-9.-]+(:\d+)?$/i, 'error.invalid'),
  isDevelopment: z.boolean({ error: 'error.invalid' }).optional(),
  name: requiredText({ max: 100 }),
  logo: optionalText({ max: 500 }),
  company: optionalText({ max: 200 }),
  street: optionalText({ max: 200 }),
  zip: optionalText({ max: 20 }),
  city: optionalText({ max: 100 }),
  tel: optionalText({ max: 50 }),
  fax: optionalText({ max: 50 }),
  email: optionalText({ max: 254 }).pipe(z.email('error.email').nullable().optional()),
  /** The operator's website: https: or http: only. */
  web: linkField(200, isWebLink),
  court: optionalText({ max: 200 }),
  RegistrationNumber: optionalText({ max: 100 }),
  companyId: optionalText({ max: 100 }),
  pushChannel: optionalText({ max: 100 }),
  primaryColor: hexColor,
  legalLinks: ZLegalLinksBody.optional(),
};

export const ZCreateBrandBody = z.object(brandFields);
export type CreateBrandBody = z.infer<typeof ZCreateBrandBody>;
export const ZUpdateBrandBody = z.object(brandFields).partial();
export type UpdateBrandBody = z.infer<typeof ZUpdateBrandBody>;
