import type { Generated } from 'kysely';

/**
 * A document that came in — a mail's attachment filed to a customer or booking (docs/adr/0024). The documents query
 * lists these beside the confirmations, invoices and manifests Tourdesk writes itself.
 */
export type ReceivedDocumentTable = {
  id: Generated<number>;
  id_stored_file: number;
  filename: string;
  content_type: string;
  size: number;
  source: 'mail';
  id_mailbox: number | null;
  mail_message_id: string | null;
  mail_from: string | null;
  mail_subject: string | null;
  id_vc_card: number | null;
  id_booking: number | null;
  received_at: string | Date;
  created_by: number | null;
  created_at: Generated<string | Date>;
};
