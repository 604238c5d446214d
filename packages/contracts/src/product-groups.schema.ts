import { z } from 'zod';
import { optionalText, requiredText } from './fields.ts';

/** The VAT rates a German tour operator sells at: 19 % standard, 7 % reduced (food), 0 % exempt (insurances). */
export const PRODUCT_GROUP_VAT_RATES = [19, 7, 0] as const;

const position = () =>
  z.number({ error: 'error.number' }).int('error.number').min(0, 'error.number').max(10_000, 'error.tooLong');

/** A group of extras sold with trips (e.g. excursions, insurances, meals), with the VAT rate and account. */
export const ZProductGroup = z.object({
  id: z.number().int(),
  id_shop_product_group: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  vat_rate: z.number().int(),
  /** the revenue account of the bookkeeping (e.g. 8400) */
  account_code: z.string().nullable(),
  position: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductGroup = z.infer<typeof ZProductGroup>;

/** POST /shop/product-group */
export const ZCreateProductGroupBody = z.object({
  name: requiredText({ min: 2, max: 120 }),
  description: optionalText({ max: 2000 }),
  vat_rate: z
    .number({ error: 'error.invalid' })
    .refine((value) => (PRODUCT_GROUP_VAT_RATES as readonly number[]).includes(value), 'error.invalid')
    .optional(),
  account_code: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string({ error: 'error.invalid' })
      .trim()
      .regex(/^[0-9A-Za-z-]{1,20}$/, 'error.invalid')
      .nullable()
      .optional(),
  ),
  position: position().optional(),
  active: z.boolean({ error: 'error.invalid' }).optional(),
});
export type CreateProductGroupBody = z.infer<typeof ZCreateProductGroupBody>;

/** PATCH /shop/product-group/{id} */
export const ZUpdateProductGroupBody = ZCreateProductGroupBody.partial();
export type UpdateProductGroupBody = z.infer<typeof ZUpdateProductGroupBody>;

/** A group of on-board articles (e.g. drinks, snacks, souvenirs). */
export const ZArticleGroup = z.object({
  id: z.number().int(),
  id_shop_article_group: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  position: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ArticleGroup = z.infer<typeof ZArticleGroup>;

/** POST /shop/article-group */
export const ZCreateArticleGroupBody = z.object({
  name: requiredText({ min: 2, max: 120 }),
  description: optionalText({ max: 2000 }),
  position: position().optional(),
  active: z.boolean({ error: 'error.invalid' }).optional(),
});
export type CreateArticleGroupBody = z.infer<typeof ZCreateArticleGroupBody>;

/** PATCH /shop/article-group/{id} */
export const ZUpdateArticleGroupBody = ZCreateArticleGroupBody.partial();
export type UpdateArticleGroupBody = z.infer<typeof ZUpdateArticleGroupBody>;
