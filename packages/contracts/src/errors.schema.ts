import { z } from 'zod';
import type { ErrorBody, FieldError } from './errors.ts';

export const ZFieldError = z.object({
  field: z.string(),
  key: z.string(),
  message: z.string(),
}) satisfies z.ZodType<FieldError>;

/** The error body in OpenAPI: `{ statusCode, error, message, key, errors?, usage? }`. */
export const ZErrorBody = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  key: z.string(),
  errors: z.array(ZFieldError).optional(),
  /** a refused delete (409): what still uses the record */
  usage: z
    .record(
      z.string(),
      z.array(z.object({ id: z.number().int(), name: z.string().optional(), title: z.string().optional() })),
    )
    .optional(),
}) satisfies z.ZodType<ErrorBody>;
