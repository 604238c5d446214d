import { z } from 'zod';
import { idField, MAX_ID } from './fields.ts';

/**
 * Invoices and credit notes (issue #11, docs/adr/0017). An issued document is frozen: its `body` is stored as
 * issued and every rendering (PDF, XRechnung CII and UBL, Factur-X) is made from it. Numbers are gap-free per
 * year and kind: `RE-2026-00001` for invoices, `GS-2026-00001` for credit notes, `SR-2026-00001` for agencies'
 * collective invoices.
 */
export const INVOICE_KINDS = ['invoice', 'creditNote', 'collective'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
/** `collective`: an agency's collective invoice (Sammelrechnung) over several bookings (docs/adr/0019). */
export const INVOICE_PREFIX: Record<InvoiceKind, string> = { invoice: 'RE', creditNote: 'GS', collective: 'SR' };
export const invoiceNumber = (kind: InvoiceKind, year: number, seq: number) =>
  `${INVOICE_PREFIX[kind]}-${year}-${String(seq).padStart(5, '0')}`;

/** The renderings of an issued document. */
export const INVOICE_FORMATS = ['pdf', 'xrechnung-cii', 'xrechnung-ubl', 'facturx'] as const;
export type InvoiceFormat = (typeof INVOICE_FORMATS)[number];

/**
 * How a line is taxed: `margin` is the margin scheme for travel services (§ 25 UStG: category E, 0 %,
 * VATEX-EU-D, "Sonderregelung für Reisebüros", no VAT amount); `standard` is 19 %, `reduced` 7 %.
 */
export const VAT_TREATMENTS = ['margin', 'standard', 'reduced'] as const;
export type VatTreatment = (typeof VAT_TREATMENTS)[number];

const ZParty = z.object({
  name: z.string(),
  street: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  /** ISO 3166-1 alpha-2 */
  country: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  vatId: z.string().nullable(),
  taxNumber: z.string().nullable(),
  /** the buyer's customer number (kennziffer) */
  customerNumber: z.string().nullable(),
});
export type InvoiceParty = z.infer<typeof ZParty>;

export const ZInvoiceLine = z.object({
  position: z.number().int(),
  description: z.string(),
  /** the participant the line belongs to, by name (null: the whole booking) */
  participant: z.string().nullable(),
  quantity: z.number(),
  /** euro, per unit; negative for discounts and credits */
  unitPrice: z.number(),
  /** euro */
  amount: z.number(),
  vat: z.enum(VAT_TREATMENTS),
});
export type InvoiceLine = z.infer<typeof ZInvoiceLine>;

/** The frozen document (`invoice.body`): everything every rendering needs, as it was at issue. */
export const ZInvoiceDocument = z.object({
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  /** yyyy-MM-dd */
  issueDate: z.string(),
  /** the service period: the trip's dates */
  deliveryDate: z.string(),
  periodEnd: z.string().nullable(),
  language: z.string(),
  currency: z.literal('EUR'),
  vorgangnr: z.number().int().nullable(),
  journeyTitle: z.string().nullable(),
  termincode: z.string().nullable(),
  /** the invoice a credit note corrects */
  creditedNumber: z.string().nullable(),
  seller: ZParty.extend({
    iban: z.string().nullable(),
    bic: z.string().nullable(),
    bankName: z.string().nullable(),
    brandName: z.string(),
    web: z.string().nullable(),
    court: z.string().nullable(),
    registrationNumber: z.string().nullable(),
  }),
  buyer: ZParty,
  buyerReference: z.string(),
  lines: z.array(ZInvoiceLine),
  /** euro: Σ lines (for a credit note the credited amount, positive) */
  total: z.number(),
  /** euro: VAT of standard and reduced lines (0 under the margin scheme) */
  vatTotal: z.number(),
  /** euro: already paid at issue */
  prepaid: z.number(),
  /** euro: total − prepaid */
  due: z.number(),
  /** yyyy-MM-dd, null when nothing is due */
  dueDate: z.string().nullable(),
  paymentTerms: z.string(),
  notes: z.array(z.string()),
});
export type InvoiceDocument = z.infer<typeof ZInvoiceDocument>;

/** An issued invoice or credit note as the lists and the booking detail show it. */
export const ZInvoice = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  vorgangnr: z.number().int().nullable(),
  agencyId: z.number().int().nullable(),
  creditedInvoiceId: z.number().int().nullable(),
  total: z.number(),
  language: z.string(),
  issuedAt: z.string(),
  issuedBy: z.number().int().nullable(),
});
export type Invoice = z.infer<typeof ZInvoice>;

export const ZInvoiceFileParams = z.object({
  id: idField(),
  format: z.enum(INVOICE_FORMATS, { error: 'error.invalid' }),
});

/** GET /ratio/api/templates/?getInvoice={invoice number or vorgangnr}: the invoice document (PDF unless `format`). */
export const ZTemplatesQuery = z.object({
  getInvoice: z.string({ error: 'error.invalid' }).min(1, 'error.empty').max(30, 'error.tooLong'),
  format: z.enum(INVOICE_FORMATS, { error: 'error.invalid' }).optional(),
});

/** The documents of a booking that can be downloaded and mailed. */
export const BOOKING_DOCUMENTS = ['confirmation', 'invoice', 'creditNote'] as const;
export type BookingDocumentKind = (typeof BOOKING_DOCUMENTS)[number];

/** POST /ratio_vorgang/{id}/documents/mail: mail documents to the booker (409 error.bookingNoEmail without address). */
export const ZMailDocumentsBody = z.object({
  confirmation: z.boolean().optional(),
  /** invoice or credit-note ids of this booking */
  invoices: z.array(z.number().int().positive().max(MAX_ID)).max(20, 'error.tooLong').optional(),
  /** also attach the XRechnung (CII) of each invoice */
  eInvoice: z.boolean().optional(),
});
export type MailDocumentsBody = z.infer<typeof ZMailDocumentsBody>;
