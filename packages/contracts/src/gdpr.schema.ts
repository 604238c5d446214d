import { z } from 'zod';

/**
 * GDPR tools for one customer (issue #18 item 7, docs/adr/0034):
 * - `GET /customers/{id}/gdpr-export` answers a ZIP of JSON files (one per kind of data) and the customer's stored
 *   documents (Art. 15 and 20 GDPR);
 * - `POST /customers/{id}/anonymise` replaces the customer's personal data while the bookings and invoices the law
 *   requires keep their numbers and amounts (Art. 17 (3) b GDPR, § 147 AO).
 */

/** The name an anonymised customer carries instead of theirs: "Anonymisiert 12345" (the card id). */
export const ANONYMISED_PREFIX = 'Anonymisiert';
export const anonymisedName = (cardId: number) => `${ANONYMISED_PREFIX} ${cardId}`;

/** The anonymisation needs an explicit confirmation; without it the answer is 400 `error.confirmRequired`. */
export const ZAnonymiseCustomerBody = z.object({
  confirm: z.literal(true, { error: 'error.confirmRequired' }),
});
export type AnonymiseCustomerBody = z.infer<typeof ZAnonymiseCustomerBody>;

/** What an anonymisation removed, by kind (all zero when the customer was anonymised before). */
export const ZAnonymiseCounts = z.object({
  contactRows: z.number().int(),
  participants: z.number().int(),
  newsletterContacts: z.number().int(),
  appAccounts: z.number().int(),
  pushSubscriptions: z.number().int(),
  inboxEntries: z.number().int(),
  diaryEntries: z.number().int(),
  suitcases: z.number().int(),
  surveyResponses: z.number().int(),
  mailLinks: z.number().int(),
  documents: z.number().int(),
  files: z.number().int(),
});
export type AnonymiseCounts = z.infer<typeof ZAnonymiseCounts>;

export const ZAnonymiseResult = z.object({
  id: z.number().int(),
  name: z.string(),
  /** when the customer was anonymised (ISO 8601) */
  anonymisedAt: z.string(),
  /** true when this call found the customer anonymised already (nothing changed) */
  alreadyAnonymised: z.boolean(),
  removed: ZAnonymiseCounts,
});
export type AnonymiseResult = z.infer<typeof ZAnonymiseResult>;

/** The JSON files of the export, in the order they are written (the documents follow under `documents/`). */
export const GDPR_EXPORT_FILES = [
  'README.txt',
  'card.json',
  'person.json',
  'addresses.json',
  'contacts.json',
  'ratio-address.json',
  'bookings.json',
  'participants.json',
  'invoices.json',
  'payments.json',
  'newsletter-contacts.json',
  'newsletter-events.json',
  'app-accounts.json',
  'push-subscriptions.json',
  'push-inbox.json',
  'topics.json',
  'traveller-trips.json',
  'suitcases.json',
  'diary-entries.json',
  'survey-answers.json',
  'mail-links.json',
  'received-documents.json',
  'chat-messages.json',
  'audit-log.json',
] as const;
export type GdprExportFile = (typeof GDPR_EXPORT_FILES)[number];
