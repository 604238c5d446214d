import { z } from 'zod';

/**
 * A device's push subscription (docs/adr/0023): `POST /fcm` registers it for the logged-in traveller (the spec's
 * call; a Web Push subscription as `PushSubscription.toJSON()` gives it, or the FCM token of a native wrapper),
 * `DELETE /fcm` forgets it (logout, notifications switched off). `GET /push/public-key` gives the VAPID key the
 * browser subscribes with.
 */
const endpoint = z
  .string({ error: 'error.empty' })
  .trim()
  .max(2048, 'error.tooLong')
  .refine((value) => /^https:\/\/[^\s]+$/.test(value), 'error.invalid');
const base64url = (max: number) =>
  z
    .string({ error: 'error.empty' })
    .trim()
    .min(1, 'error.empty')
    .max(max, 'error.tooLong')
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'error.invalid');

const keys = z.object({ p256dh: base64url(200), auth: base64url(100) }, { error: 'error.empty' });
const token = z.string({ error: 'error.empty' }).trim().min(1, 'error.empty').max(2048, 'error.tooLong');

/**
 * POST /fcm: either a Web Push subscription (`endpoint` + `keys`, as `PushSubscription.toJSON()` gives it) or
 * `{ token }` from a native wrapper. One object rather than a union, so a missing part is named in the error.
 */
export const ZPushSubscribeBody = z
  .object({
    endpoint: endpoint.optional(),
    expirationTime: z.number().nullable().optional(),
    keys: keys.optional(),
    token: token.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.token !== undefined) return;
    if (body.endpoint === undefined) ctx.addIssue({ code: 'custom', path: ['endpoint'], message: 'error.empty' });
    if (body.keys === undefined) ctx.addIssue({ code: 'custom', path: ['keys'], message: 'error.empty' });
  });
export type PushSubscribeBody = z.infer<typeof ZPushSubscribeBody>;

/** DELETE /fcm */
export const ZPushUnsubscribeBody = z.object({
  endpoint: z.string({ error: 'error.empty' }).trim().min(1, 'error.empty').max(2048, 'error.tooLong'),
});

export const ZPushSubscription = z.object({
  id: z.number().int(),
  kind: z.enum(['webpush', 'fcm']),
  createdAt: z.string(),
});
export type PushSubscriptionInfo = z.infer<typeof ZPushSubscription>;

/** GET /push/public-key */
export const ZPushPublicKey = z.object({ publicKey: z.string() });
