import { z } from 'zod';
import { ZBookingMail } from './bookings.schema.ts';
import { MANIFEST_KINDS } from './manifests.schema.ts';

/**
 * The documents query (issue #17, docs/adr/0029): every document Tourdesk wrote or received — booking
 * confirmations, invoices and credit notes, manifests, mail attachments and documents that came in by mail — with
 * the customer, booking, journey and date it belongs to.
 */
export const DOCUMENT_TYPES = [
  'confirmation',
  'invoice',
  'creditNote',
  'manifest',
  'mailAttachment',
  'received',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const ZDocumentSummary = z.object({
  id: z.number().int(),
  type: z.enum(DOCUMENT_TYPES),
  /** The invoice number, the file's name, or the manifest with its departure. */
  title: z.string(),
  /** A manifest's kind (boarding list, seat manifest, participant or rooming list); null for other documents. */
  manifestKind: z.enum(MANIFEST_KINDS).nullable(),
  filename: z.string(),
  contentType: z.string(),
  date: z.string(),
  /** The booking (vorgangnr), its customer (the booker's card), journey and departure; null when none. */
  id_booking: z.number().int().nullable(),
  id_vc_card: z.number().int().nullable(),
  customerName: z.string().nullable(),
  id_jrn_journey: z.number().int().nullable(),
  journeyTitle: z.string().nullable(),
  id_jrn_date: z.number().int().nullable(),
  agencyId: z.number().int().nullable(),
});
export type DocumentSummary = z.infer<typeof ZDocumentSummary>;

export const ZDocumentDetail = ZDocumentSummary.extend({
  /** Where the file is downloaded (under /api/v1). */
  downloadPath: z.string(),
  /** The mails this document was sent with, newest first. */
  mails: z.array(ZBookingMail),
  /** A received document: the mail it came with. */
  receivedFrom: z.string().nullable(),
  receivedSubject: z.string().nullable(),
});
export type DocumentDetail = z.infer<typeof ZDocumentDetail>;
