import { z } from 'zod';
import { emailField, optionalCode, optionalText, optionalZip, passwordField, requiredText } from './fields.ts';

export const passwordsMatch = (body: { password: string; passwordRepeat: string }) =>
  body.password === body.passwordRepeat;
export const passmatchIssue = { message: 'error.passmatch', path: ['passwordRepeat'] };

export const LANGUAGES = ['de', 'en', 'es', 'ru'] as const;
const language = z.enum(LANGUAGES, { error: 'error.invalid' }).optional();

/** The fields of a traveller's registration (also the booking-code registration's, traveller-trips.schema.ts). */
export const REGISTRATION_FIELDS = {
  salutation: optionalCode(2),
  title: optionalCode(3),
  firstname: requiredText({ min: 2, max: 90 }),
  lastname: requiredText({ min: 2, max: 90 }),
  address: optionalText({ max: 120 }),
  zip: optionalZip(),
  city: optionalText({ min: 2, max: 60 }),
  tel: optionalText({ max: 40 }),
  email: emailField(),
  password: passwordField(),
  passwordRepeat: z.string({ error: 'error.empty' }),
  acceptTerms: z.literal(true, { error: 'error.termsRequired' }),
  acceptPrivacy: z.literal(true, { error: 'error.termsRequired' }),
  language,
};

/** POST /registration (spec §3 "Registration"): accepting terms and privacy is required. */
export const ZRegistrationBody = z.object(REGISTRATION_FIELDS).refine(passwordsMatch, passmatchIssue);
export type RegistrationBody = z.infer<typeof ZRegistrationBody>;

/** The verify-e-mail page's answer. */
export const ZVerifiedAccount = z.object({ email: z.string(), kind: z.enum(['staff', 'app']) });

/** POST /password-reset and POST /users-app-delete: only an address; the answer never says whether it is known. */
export const ZEmailOnlyBody = z.object({ email: emailField(), language });
export type EmailOnlyBody = z.infer<typeof ZEmailOnlyBody>;

/** Setting a password from a mailed link (reset, invitation, activation). */
export const ZSetPasswordBody = z
  .object({ password: passwordField(), passwordRepeat: z.string({ error: 'error.empty' }) })
  .refine(passwordsMatch, passmatchIssue);
export type SetPasswordBody = z.infer<typeof ZSetPasswordBody>;

/** Codes arrive in the path; anything that is not a plausible code is refused like a wrong one. */
export const ZCodeParams = z.object({ code: z.string().max(200) });

export const ZAccepted = z.object({ ok: z.literal(true) });
