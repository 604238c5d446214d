import { z } from 'zod';
import { ZAccessMap } from './access.schema.ts';
import { ZEmailEntry, ZEmailEntryInput, ZPhoneEntry, ZPhoneEntryInput } from './contacts.schema.ts';
import {
  emailField,
  optionalCode,
  optionalDate,
  optionalText,
  optionalZip,
  passwordField,
  requiredText,
} from './fields.ts';

/** The card a user or customer is filed under; `agencyId` links agency users to their agency. */
export const ZCardRef = z.object({
  id_vc_card: z.number().int().nullable(),
  name: z.string(),
  agencyId: z.number().int().nullable(),
});

export const ZUser = z.object({
  id: z.number().int(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  street: z.string().nullable(),
  number: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  nationality: z.string().nullable(),
  state: z.string().nullable(),
  sex: z.number().int().nullable(),
  birthday: z.string().nullable(),
  placeofbirth: z.string().nullable(),
  maritalstatus: z.number().int().nullable(),
  role: z.number().int().nullable(),
  roleName: z.string().nullable(),
  status: z.string().nullable(),
  username: z.string().nullable(),
  isDriver: z.boolean(),
  ratio_id: z.string().nullable(),
  kuschick_id: z.string().nullable(),
  isActive: z.boolean(),
  phones: z.array(ZPhoneEntry),
  emails: z.array(ZEmailEntry),
  avatar: z.string().nullable(),
  agencyId: z.number().int().nullable(),
  vc_card: ZCardRef,
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof ZUser>;

/** Sortable, selectable and filterable fields of the user lists. */
export const USER_LIST_FIELDS = [
  'id',
  'email',
  'firstname',
  'lastname',
  'city',
  'zip',
  'role',
  'status',
  'username',
  'isDriver',
  'isActive',
  'ratio_id',
  'agencyId',
  'createdAt',
  'updatedAt',
] as const;

const userFields = {
  firstname: requiredText({ min: 2, max: 100 }),
  lastname: requiredText({ min: 2, max: 100 }),
  street: optionalText({ max: 120 }),
  number: optionalText({ max: 20 }),
  zip: optionalZip(),
  city: optionalText({ max: 100 }),
  country: optionalText({ max: 100 }),
  nationality: optionalText({ max: 100 }),
  state: optionalText({ max: 100 }),
  sex: optionalCode(3),
  birthday: optionalDate(),
  placeofbirth: optionalText({ max: 100 }),
  maritalstatus: optionalCode(3),
  role: z.number({ error: 'error.empty' }).int('error.invalid').positive('error.invalid'),
  status: optionalText({ max: 50 }),
  username: optionalText({ min: 2, max: 100 }),
  isDriver: z.boolean({ error: 'error.invalid' }).optional(),
  ratio_id: optionalText({ max: 50 }),
  kuschick_id: optionalText({ max: 50 }),
  isActive: z.boolean({ error: 'error.invalid' }).optional(),
  phones: z.array(ZPhoneEntryInput, { error: 'error.invalid' }).max(20, 'error.tooLong').optional(),
  emails: z.array(ZEmailEntryInput, { error: 'error.invalid' }).max(20, 'error.tooLong').optional(),
  agencyId: z.number({ error: 'error.invalid' }).int('error.invalid').positive('error.invalid').nullable().optional(),
};

const passwordsMatch = (body: { password?: string | null; passwordRepeat?: string | null }) =>
  !body.password || body.password === body.passwordRepeat;
const passmatchIssue = { message: 'error.passmatch', path: ['passwordRepeat'] };

/** POST /users-lit and /users-app: password and repeat must match (error.passmatch). */
export const ZCreateUserBody = z
  .object({
    email: emailField(),
    password: passwordField(),
    passwordRepeat: z.string({ error: 'error.empty' }),
    ...userFields,
  })
  .refine(passwordsMatch, passmatchIssue);
export type CreateUserBody = z.infer<typeof ZCreateUserBody>;

/** PATCH /users-lit/{id}, /users-app/{id}, /users/{id}: every field optional; a new password needs its repeat. */
export const ZUpdateUserBody = z
  .object({
    email: emailField().optional(),
    password: passwordField().optional(),
    passwordRepeat: z.string().optional(),
    /** Required when users change their own password (error.currentPasswordWrong when it does not match). */
    currentPassword: z.string({ error: 'error.invalid' }).max(128, 'error.tooLong').optional(),
    ...userFields,
    firstname: userFields.firstname.optional(),
    lastname: userFields.lastname.optional(),
    role: userFields.role.optional(),
    avatar: optionalText({ max: 500 }),
  })
  .refine(passwordsMatch, passmatchIssue);
export type UpdateUserBody = z.infer<typeof ZUpdateUserBody>;

/**
 * The answer of a PATCH on a user: the user, and after changing one's own password a fresh token for this
 * session (every other session of the account has ended).
 */
export const ZUpdatedUser = ZUser.extend({ accessToken: z.string().optional() });
export type UpdatedUser = z.infer<typeof ZUpdatedUser>;

/** The logged-in user as GET /userdata answers it. */
export const ZUserData = ZUser.extend({
  permissions: z.object({ admin: z.boolean(), role: z.string(), access: ZAccessMap }),
  /** Derived permission strings, for convenience (the rule itself works on `permissions`). */
  permissionNames: z.array(z.string()),
  kind: z.enum(['staff', 'app']),
});
export type UserData = z.infer<typeof ZUserData>;
