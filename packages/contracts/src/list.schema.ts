import { z } from 'zod';

const sortDirection = z.union([z.literal('1'), z.literal('-1'), z.literal(1), z.literal(-1)], {
  error: 'error.invalidSort',
});

/**
 * The list query every list endpoint accepts (ARCHITECTURE "API contract"). Other keys are filters:
 * `field=value` or `field[$in][]=a&field[$in][]=b`; null and 'none' are ignored.
 */
export const ZListQuery = z
  .object({
    $limit: z.coerce
      .number({ error: 'error.invalidQuery' })
      .int('error.invalidQuery')
      .min(-1, 'error.invalidQuery')
      .optional(),
    $skip: z.coerce
      .number({ error: 'error.invalidQuery' })
      .int('error.invalidQuery')
      .min(0, 'error.invalidQuery')
      .optional(),
    $sort: z.record(z.string(), sortDirection, { error: 'error.invalidSort' }).optional(),
    $select: z.union([z.string(), z.array(z.string())], { error: 'error.invalidSelect' }).optional(),
    'lit-search': z.string({ error: 'error.invalidQuery' }).max(200, 'error.tooLong').optional(),
    /** Comma-separated fields, a leading `-` sorts descending: `lastname,-createdAt` */
    'lit-sort': z.string({ error: 'error.invalidSort' }).max(200, 'error.tooLong').optional(),
    pagination: z.enum(['true', 'false'], { error: 'error.invalidQuery' }).optional(),
  })
  .catchall(z.unknown());
export type ListQuery = z.infer<typeof ZListQuery>;

/** `{ total, limit, skip, data }`; with `$select` the rows hold only the chosen fields (and the id). */
export const ZPage = <T extends z.ZodObject>(item: T) =>
  z.object({
    total: z.number().int(),
    limit: z.number().int(),
    skip: z.number().int(),
    data: z.array(item.partial()),
  });

/** The answer of a list endpoint: a page, or the plain array when `pagination=false`. */
export const ZListResponse = <T extends z.ZodObject>(item: T) => z.union([ZPage(item), z.array(item.partial())]);
