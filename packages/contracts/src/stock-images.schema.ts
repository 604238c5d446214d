import { z } from 'zod';

/**
 * Stock images (issue #15 point 9): Adobe Stock's images searched through Tourdesk's adapter, and the operator's
 * licensed ones. 64 a page (spec §9); the filters default to orientation all, people all, type photo (spec §4).
 */
export const STOCK_PAGE_SIZE = 64;
export const STOCK_ZOOMS = ['110', '160', '220', '240', '500', '1000'] as const;
export const STOCK_ORIENTATIONS = ['all', 'horizontal', 'vertical', 'square', 'panoramic'] as const;
export const STOCK_PEOPLE = ['all', 'with', 'without'] as const;
export const STOCK_TYPES = ['all', 'photo', 'illustration', 'vector', 'video', 'template', '3d'] as const;
export const STOCK_LICENCE_STATES = ['none', 'processing', 'standard', 'error'] as const;

const intParam = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: 'error.invalidQuery' })
    .int('error.invalidQuery')
    .min(min, 'error.invalidQuery')
    .max(max, 'error.invalidQuery')
    .default(fallback);

const words = z.string({ error: 'error.invalidQuery' }).trim().max(200, 'error.tooLong').optional();

export const ZStockSearchQuery = z.object({
  search: words,
  page: intParam(1, 10_000, 1),
  itemsPerPage: intParam(1, STOCK_PAGE_SIZE, STOCK_PAGE_SIZE),
  /** thumbnail size in pixels (Adobe's thumbnail_size) */
  zoom: z.enum(STOCK_ZOOMS, { error: 'error.invalidQuery' }).default('240'),
  /** further keywords, added to the search words */
  text: words,
  /** a colour the images contain, hex with or without # */
  color: z
    .string({ error: 'error.invalidQuery' })
    .regex(/^#?[0-9a-fA-F]{6}$/, 'error.invalidQuery')
    .optional(),
  orientation: z.enum(STOCK_ORIENTATIONS, { error: 'error.invalidQuery' }).default('all'),
  people: z.enum(STOCK_PEOPLE, { error: 'error.invalidQuery' }).default('all'),
  type: z.enum(STOCK_TYPES, { error: 'error.invalidQuery' }).default('photo'),
});
export type StockSearchQuery = z.infer<typeof ZStockSearchQuery>;

export const ZStockCustomerQuery = z.object({
  page: intParam(1, 10_000, 1),
  itemsPerPage: intParam(1, STOCK_PAGE_SIZE, STOCK_PAGE_SIZE),
  zoom: z.enum(STOCK_ZOOMS, { error: 'error.invalidQuery' }).default('240'),
});
export type StockCustomerQuery = z.infer<typeof ZStockCustomerQuery>;

export const ZStockIdParams = z.object({
  id: z.string({ error: 'error.invalid' }).regex(/^\d{1,18}$/, 'error.invalid'),
});

/** A stock image (spec §3: id, is_licensed, database (link, thumbnail), stocktype, id_img_customer). */
export const ZStockImage = z.object({
  id: z.string(),
  title: z.string(),
  creator_name: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** Adobe's licence of the operator for this image: Standard, Extended, … or '' */
  is_licensed: z.string(),
  /** Adobe's page of the image and its preview */
  database: z.object({ link: z.string().nullable(), thumbnail: z.string().nullable() }),
  stocktype: z.string(),
  /** the image it became in the image database, once licensed through Tourdesk */
  id_img_customer: z.number().nullable(),
  licence_state: z.enum(STOCK_LICENCE_STATES),
  licensed_at: z.string().nullable(),
});
export type StockImage = z.infer<typeof ZStockImage>;

export const ZStockPage = z.object({
  total: z.number().int(),
  page: z.number().int(),
  itemsPerPage: z.number().int(),
  data: z.array(ZStockImage),
});
export type StockPage = z.infer<typeof ZStockPage>;

export const ZStockLicenceBody = z.object({
  id: z
    .union([z.string(), z.number()], { error: 'error.invalid' })
    .transform((value) => String(value))
    .pipe(z.string().regex(/^\d{1,18}$/, 'error.invalid')),
});
export type StockLicenceBody = z.infer<typeof ZStockLicenceBody>;

/** The answer to a licence request: its state and what was recorded. */
export const ZStockLicenceResponse = z.object({
  status: z.enum(['processing', 'standard', 'error']),
  data: z.object({
    id: z.string(),
    adobe_state: z.string().nullable(),
    id_img_customer: z.number().nullable(),
    licensed_at: z.string().nullable(),
    credits_used: z.number().int(),
    quota: z.number().int().nullable(),
  }),
});
export type StockLicenceResponse = z.infer<typeof ZStockLicenceResponse>;

/** The operator's remaining Adobe Stock credits (Member/Profile available_entitlement.quota). */
export const ZStockQuota = z.object({ quota: z.number().int().nullable(), credits_used: z.number().int() });
export type StockQuota = z.infer<typeof ZStockQuota>;

/** Whether the adapter is on (an API key is configured) and licensing possible (an access token too). */
export const ZStockStatus = z.object({ enabled: z.boolean(), licensing: z.boolean() });
export type StockStatus = z.infer<typeof ZStockStatus>;
