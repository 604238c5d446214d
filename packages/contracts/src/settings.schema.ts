import { z } from 'zod';
import {
  DEFAULT_CANCELLATION_TERMS,
  DEFAULT_DUNNING_TERMS,
  DEFAULT_INSURANCE_PRODUCTS,
  DEFAULT_INVOICE_SELLER,
  DEFAULT_PAYMENT_TERMS,
} from './booking-terms.schema.ts';
import { requiredText } from './fields.ts';

/** A JSON value as stored in a setting. */
export const ZJsonValue: z.ZodType<unknown> = z.unknown();

export const ZSetting = z.object({
  id_sys_settings: z.number().int(),
  key: z.string(),
  /** Parsed JSON when the stored text is JSON, otherwise the text itself. */
  value: ZJsonValue,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Setting = z.infer<typeof ZSetting>;

/**
 * The settings every visitor of the web app may read (GET /settings-public): what forms and screens show.
 * Everything else is read and changed only by those who manage settings (GET /sys_settings: superadmins).
 */
export const PUBLIC_SETTING_KEYS = [
  'version',
  'countries',
  'blogTypes',
  'selectOptions',
  'mapTileUrl',
  // the customer card's import button calls Kuschick when it is a non-zero number, else ratio (spec §7)
  'KUSCHICK',
] as const;
export type PublicSettingKey = (typeof PUBLIC_SETTING_KEYS)[number];
export const ZPublicSettings = z.partialRecord(z.enum(PUBLIC_SETTING_KEYS), ZJsonValue);
export type PublicSettings = z.infer<typeof ZPublicSettings>;

export const SETTING_LIST_FIELDS = ['id_sys_settings', 'key', 'createdAt', 'updatedAt'] as const;

export const ZCreateSettingBody = z.object({
  key: requiredText({ max: 100 }).regex(/^[A-Za-z0-9_.-]+$/, 'error.invalid'),
  value: ZJsonValue,
});
export type CreateSettingBody = z.infer<typeof ZCreateSettingBody>;

export const ZUpdateSettingBody = z.object({
  key: requiredText({ max: 100 })
    .regex(/^[A-Za-z0-9_.-]+$/, 'error.invalid')
    .optional(),
  value: ZJsonValue.optional(),
});
export type UpdateSettingBody = z.infer<typeof ZUpdateSettingBody>;

/** The defaults of spec §9, seeded into an empty database. */
export const DEFAULT_SETTINGS: Record<string, unknown> = {
  version: 1,
  countries: [32, 44, 65, 129, 144, 169, 191],
  blogTypes: [2, 3, 4],
  selectOptions: {
    salutation: [0, 1, 2],
    sex: [0, 1, 2, 3],
    marital: [0, 1, 2, 3],
    title: [0, 1, 2, 3],
    phone: [0, 1, 2, 3],
    email: [0, 1],
  },
  BOOKING_SYSTEM: 0,
  QR_TICKETS: 0,
  IMPORT: 0,
  KUSCHICK: 0,
  BOOKING_EMAIL_ACTIVE: 1,
  CUSTOMER_CONFIRMATION: 1,
  // bookings (issue #11, docs/adr/0017)
  /** days an option holds when no end is given */
  OPTION_DAYS: 7,
  /** hours before an option lapses that its reminder mail goes out */
  OPTION_REMINDER_HOURS: 48,
  /** hours a waiting-list offer holds as an option */
  WAITLIST_OFFER_HOURS: 48,
  CANCELLATION_TERMS: DEFAULT_CANCELLATION_TERMS,
  PAYMENT_TERMS: DEFAULT_PAYMENT_TERMS,
  DUNNING_TERMS: DEFAULT_DUNNING_TERMS,
  INSURANCE_PRODUCTS: DEFAULT_INSURANCE_PRODUCTS,
  INVOICE_SELLER: DEFAULT_INVOICE_SELLER,
  // newsletter (issue #14, docs/adr/0021)
  /** newsletter mails sent per minute at most (0: no limit) */
  NEWSLETTER_RATE_PER_MINUTE: 600,
};
