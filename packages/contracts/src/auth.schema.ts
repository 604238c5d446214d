import { z } from 'zod';
import { ZUserData } from './users.schema.ts';

export const ZLoginBody = z.object({
  strategy: z.literal('local', { error: 'error.invalid' }).default('local'),
  email: z
    .string({ error: 'error.empty' })
    .trim()
    .min(1, 'error.empty')
    .max(254, 'error.tooLong')
    .transform((v) => v.toLowerCase()),
  password: z.string({ error: 'error.empty' }).min(1, 'error.empty').max(128, 'error.tooLong'),
  /** Which account to enter when the e-mail holds several (selection login). */
  kind: z.enum(['staff', 'app'], { error: 'error.invalid' }).optional(),
});
export type LoginBody = z.infer<typeof ZLoginBody>;

export const ZLoginResponse = z.object({
  accessToken: z.string(),
  user: ZUserData,
});
export type LoginResponse = z.infer<typeof ZLoginResponse>;

/**
 * When one e-mail and password open several kinds of account (back office, agency, traveller app), the login
 * answers this instead of a token and the user chooses (selection login); the client then logs in with `kind`.
 */
export const ZLoginSelection = z.object({
  selection: z.array(z.object({ kind: z.enum(['staff', 'app']), area: z.enum(['backoffice', 'agency', 'app']) })),
});
export type LoginSelection = z.infer<typeof ZLoginSelection>;

export const ZHealth = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['sqlite', 'postgres']),
});
