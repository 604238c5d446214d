import type { Generated } from 'kysely';

/** An IMAP mailbox staff configured (docs/adr/0025). The password is only ever stored encrypted. */
export type MailboxTable = {
  id: Generated<number>;
  name: string;
  address: string;
  host: string;
  port: number;
  secure: number | boolean;
  username: string;
  /** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>` in base64url (mail-inbox-secret.ts) */
  password_secret: string;
  /** the inbox's UIDVALIDITY and highest UID the poller has announced */
  seen_uidvalidity: string | null;
  seen_uid: string | null;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};

/** A message linked to a customer or a booking; `documents` counts the attachments filed with it. */
export type MailLinkTable = {
  id: Generated<number>;
  id_mailbox: number;
  folder_path: string;
  uid: string;
  message_id: string | null;
  mail_from: string | null;
  mail_subject: string | null;
  id_vc_card: number | null;
  id_booking: number | null;
  documents: Generated<number>;
  created_by: number | null;
  created_at: Generated<string | Date>;
};
