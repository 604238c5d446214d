import { z } from 'zod';
import type { ErrorBody, FieldError } from './errors.ts';

export const ZFieldError = z.object({
  field: z.string(),
  key: z.string(),
  message: z.string(),
}) satisfies z.ZodType<FieldError>;

/** The error body in OpenAPI: `{ statusCode, error, message, key, errors? }`. */
export const ZErrorBody = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  key: z.string(),
  errors: z.array(ZFieldError).optional(),
}) satisfies z.ZodType<ErrorBody>;
