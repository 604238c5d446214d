import { z } from 'zod';
import { customerFields, ZCustomer } from './customers.schema.ts';

/** POST /registration-driver: a driver is a customer flagged as driver with a login of role driver. */
export const ZRegisterDriverBody = z.object({
  ...customerFields,
  loginEmail: z
    .string({ error: 'error.empty' })
    .trim()
    .min(1, 'error.empty')
    .pipe(z.email('error.email'))
    .transform((value) => value.toLowerCase()),
});
export type RegisterDriverBody = z.infer<typeof ZRegisterDriverBody>;

export const ZDriverRegistration = z.object({ customer: ZCustomer, userId: z.number().int() });

/**
 * Where a driver's invitation stands: `accepted` once the driver has chosen a password, `pending` while the
 * mailed link works, `expired` when it no longer does, `none` when no invitation was ever sent.
 */
export const DRIVER_INVITATION_STATES = ['accepted', 'pending', 'expired', 'none'] as const;
export type DriverInvitationState = (typeof DRIVER_INVITATION_STATES)[number];

/** GET /drivers/{id}/login: the traveller-app login of a driver's card and its invitation. */
export const ZDriverLogin = z.object({
  userId: z.number().int(),
  email: z.string(),
  isActive: z.boolean(),
  lastLogin: z.string().nullable(),
  invitation: z.enum(DRIVER_INVITATION_STATES),
  invitedAt: z.string().nullable(),
  invitationExpiresAt: z.string().nullable(),
});
export type DriverLogin = z.infer<typeof ZDriverLogin>;
