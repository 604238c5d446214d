import { z } from 'zod';

export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;

/** A mail in the outbox as /email/debug lists it. */
export const ZMail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  language: z.string(),
  brandHost: z.string().nullable(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Mail = z.infer<typeof ZMail>;

/** One mail with its rendered message and every delivery attempt. */
export const ZMailDetail = ZMail.extend({
  html: z.string(),
  text: z.string(),
  messageId: z.string().nullable(),
  attemptLog: z.array(z.object({ at: z.string(), ok: z.boolean(), detail: z.string().nullable() })),
});
export type MailDetail = z.infer<typeof ZMailDetail>;
