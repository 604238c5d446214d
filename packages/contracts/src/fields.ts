import { z } from 'zod';

/**
 * Field builders carrying the message keys of spec §5, so that every form and every endpoint
 * reports the same key for the same rule.
 */
export const MIN_LENGTH_KEYS = {
  2: 'error.min2',
  4: 'error.min4',
  5: 'error.min5',
  6: 'error.min6',
  8: 'error.min8',
} as const;
export type MinLength = keyof typeof MIN_LENGTH_KEYS;

/** A required text (error.empty), optionally with a minimum length (error.minN). */
export const requiredText = (options: { min?: MinLength; max?: number } = {}) => {
  let schema = z.string({ error: 'error.empty' }).trim().min(1, 'error.empty');
  if (options.min) schema = schema.min(options.min, MIN_LENGTH_KEYS[options.min]);
  return schema.max(options.max ?? 255, 'error.tooLong');
};

/** An optional text: empty strings become null. */
export const optionalText = (options: { min?: MinLength; max?: number } = {}) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    (() => {
      let schema = z.string({ error: 'error.invalid' }).trim();
      if (options.min) schema = schema.min(options.min, MIN_LENGTH_KEYS[options.min]);
      return schema.max(options.max ?? 255, 'error.tooLong');
    })()
      .nullable()
      .optional(),
  );

/** E-mail pattern {email} (error.email), stored lower case. */
export const emailField = () =>
  z
    .string({ error: 'error.empty' })
    .trim()
    .min(1, 'error.empty')
    .max(254, 'error.tooLong')
    .pipe(z.email('error.email'))
    .transform((value) => value.toLowerCase());

/** Zip: five digits, or five digits, a dash and four digits (error.zip). */
export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;
export const zipField = () => z.string({ error: 'error.empty' }).trim().regex(ZIP_PATTERN, 'error.zip');
export const optionalZip = () =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    zipField().nullable().optional(),
  );

/** A password of at least eight characters (error.min8); at most 128 so hashing stays bounded. */
export const passwordField = () =>
  z.string({ error: 'error.empty' }).min(1, 'error.empty').min(8, 'error.min8').max(128, 'error.tooLong');

/** Dates travel as YYYY-MM-DD. */
export const dateField = () => z.iso.date('error.invalid');
export const optionalDate = () =>
  z.preprocess((value) => (value === '' ? null : value), dateField().nullable().optional());

/** A small code from a select list (e.g. sex 0–3). */
export const optionalCode = (max: number) =>
  z.preprocess(
    (value) => (value === '' ? null : value),
    z
      .number({ error: 'error.invalid' })
      .int('error.invalid')
      .min(0, 'error.invalid')
      .max(max, 'error.invalid')
      .nullable()
      .optional(),
  );

/** The largest id an integer column holds (PostgreSQL `integer`); a larger one is a 400, not a database error. */
export const MAX_ID = 2_147_483_647;

/** A positive integer id in a path or a query string (`error.invalid` for anything else). */
export const idField = () =>
  z.coerce
    .number({ error: 'error.invalid' })
    .int('error.invalid')
    .positive('error.invalid')
    .max(MAX_ID, 'error.invalid');

/** A positive integer id in a path. */
export const ZIdParams = z.object({ id: idField() });
export type IdParams = z.infer<typeof ZIdParams>;

export const ZOk = z.object({ ok: z.literal(true) });

/** A euro amount ≥ 0 (spec §5 "float": a number with a point in the API; error.float), rounded to cents. */
export const moneyField = () =>
  z
    .number({ error: 'error.float' })
    .min(0, 'error.float')
    .max(10_000_000, 'error.tooLong')
    .transform((value) => Math.round(value * 100) / 100);

/** A whole number ≥ 0 (spec §5 "number"; error.number). */
export const countField = (max = 1_000_000) =>
  z.number({ error: 'error.number' }).int('error.number').min(0, 'error.number').max(max, 'error.tooLong');

/** An optional id of another record (null clears it). */
export const optionalRef = () =>
  z
    .number({ error: 'error.invalid' })
    .int('error.invalid')
    .min(0, 'error.invalid')
    .max(MAX_ID, 'error.invalid')
    .nullable()
    .optional();
