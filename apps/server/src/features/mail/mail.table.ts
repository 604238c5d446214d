import type { Generated } from 'kysely';

export type MailStatus = 'queued' | 'sending' | 'sent' | 'failed';

export type MailOutboxTable = {
  id: Generated<number>;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  template: string;
  language: string;
  brand_host: string | null;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  next_attempt_at: Generated<string | Date>;
  locked_until: string | Date | null;
  last_error: string | null;
  message_id: string | null;
  sent_at: string | Date | null;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
  /** the record the mail belongs to, e.g. `booking:123` (its detail page lists the mails sent) */
  ref: string | null;
  /** a mail staff wrote in the inbox (docs/adr/0025): its sender, copies and threading headers (JSON) */
  from_address?: string | null;
  cc_address?: string | null;
  bcc_address?: string | null;
  extra_headers?: string | null;
};

/** A file sent with a mail (a booking confirmation, an invoice …), stored with it in the outbox. */
export type MailAttachmentTable = {
  id: Generated<number>;
  id_mail: number;
  filename: string;
  content_type: string;
  content: Buffer | Uint8Array;
};

export type MailAttemptTable = {
  id: Generated<number>;
  id_mail: number;
  at: Generated<string | Date>;
  ok: number | boolean;
  detail: string | null;
};
