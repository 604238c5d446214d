import { z } from 'zod';
import {
  ZCancellationTerms,
  ZDunningTerms,
  ZInsuranceProduct,
  ZInvoiceSeller,
  ZPaymentTerms,
} from './booking-terms.schema.ts';

/**
 * The kinds of value a known system setting holds (issue #18 item 8): the settings screen picks its editor by
 * this, and the server refuses a value that does not fit (400, field `value`). Keys not listed here stay free JSON.
 */
export type SettingType = 'number' | 'flag' | 'ids' | 'text' | 'json';

export type SettingDescriptor = { type: SettingType; min?: number; max?: number; schema: z.ZodType<unknown> };

const number = (min: number, max: number): SettingDescriptor => ({
  type: 'number',
  min,
  max,
  schema: z.number('error.number').int('error.number').min(min, 'error.invalid').max(max, 'error.invalid'),
});
const flag: SettingDescriptor = { type: 'flag', schema: z.union([z.literal(0), z.literal(1)], 'error.invalid') };
const ids: SettingDescriptor = {
  type: 'ids',
  schema: z.array(z.number().int().min(0), 'error.invalid').max(1000, 'error.tooLong'),
};
const json = (schema: z.ZodType<unknown>): SettingDescriptor => ({ type: 'json', schema });

export const SETTING_DESCRIPTORS: Record<string, SettingDescriptor> = {
  version: number(1, 1_000_000),
  countries: ids,
  blogTypes: ids,
  selectOptions: json(z.record(z.string(), z.array(z.number().int().min(0)))),
  BOOKING_SYSTEM: flag,
  QR_TICKETS: flag,
  IMPORT: flag,
  KUSCHICK: number(0, 1_000_000),
  BOOKING_EMAIL_ACTIVE: flag,
  CUSTOMER_CONFIRMATION: flag,
  OPTION_DAYS: number(1, 365),
  OPTION_REMINDER_HOURS: number(1, 720),
  WAITLIST_OFFER_HOURS: number(1, 720),
  CANCELLATION_TERMS: json(ZCancellationTerms),
  PAYMENT_TERMS: json(ZPaymentTerms),
  DUNNING_TERMS: json(ZDunningTerms),
  INSURANCE_PRODUCTS: json(z.array(ZInsuranceProduct)),
  INVOICE_SELLER: json(ZInvoiceSeller),
  NEWSLETTER_RATE_PER_MINUTE: number(0, 100_000),
  mapTileUrl: { type: 'text', schema: z.string().max(500, 'error.tooLong') },
};

/** The descriptor of a key, without the schema (what the screen needs), or null for a free setting. */
export const settingTypeOf = (key: string): SettingType | null => SETTING_DESCRIPTORS[key]?.type ?? null;

export const ZSettingHistoryEntry = z.object({
  id: z.number().int(),
  key: z.string(),
  at: z.string(),
  userId: z.number().int().nullable(),
  userEmail: z.string().nullable(),
  /** The value before (null: the setting was created) and after (null: it was deleted) */
  oldValue: z.unknown(),
  newValue: z.unknown(),
});
export type SettingHistoryEntry = z.infer<typeof ZSettingHistoryEntry>;
export const ZSettingHistory = z.object({ data: z.array(ZSettingHistoryEntry) });
export type SettingHistory = z.infer<typeof ZSettingHistory>;
