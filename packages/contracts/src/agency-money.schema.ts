import { z } from 'zod';
import { dateField, MAX_ID } from './fields.ts';

/**
 * The agency portal's money (issue #12, docs/adr/0019): commission rates, commission statements and collective
 * invoices (Sammelrechnungen). Amounts in euro with two decimals, stored as cents; rates in percent with two
 * decimals, stored as basis points.
 */

const idField = () =>
  z.coerce
    .number({ error: 'error.invalid' })
    .int('error.invalid')
    .positive('error.invalid')
    .max(MAX_ID, 'error.invalid');

/** A percentage 0–100 with at most two decimals (refused, not rounded). */
export const percentField = () =>
  z
    .number({ error: 'error.float' })
    .min(0, 'error.float')
    .max(100, 'error.invalid')
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'error.float');

/** One commission rate of an agency: its default (`categoryId` null) or the rate for a journey category. */
export const ZCommissionRate = z.object({
  categoryId: z.number().int().min(0).max(MAX_ID).nullable(),
  percent: percentField(),
});
export type CommissionRate = z.infer<typeof ZCommissionRate>;

/** GET /organization/{id}/commission-rates (staff; an agency user only its own) — the rates as stored. */
export const ZCommissionRates = z.object({
  agencyId: z.number().int(),
  rates: z.array(ZCommissionRate.extend({ categoryName: z.string().nullable() })),
});
export type CommissionRates = z.infer<typeof ZCommissionRates>;

/**
 * PUT /organization/{id}/commission-rates (admin): replaces all rates of the agency. At most one default and one
 * rate per category (400 `error.rateDuplicate` on `rates.{i}.categoryId` otherwise). New bookings take the rate of
 * their journey's category, else the default, else 0 %; existing bookings keep the rate they were booked with.
 */
export const ZCommissionRatesBody = z.object({
  rates: z.array(ZCommissionRate).max(100, 'error.tooLong'),
});
export type CommissionRatesBody = z.infer<typeof ZCommissionRatesBody>;

/**
 * GET /agency-commission (+ `/agency-commission.pdf`, `/agency-commission.csv`): an agency's commission statement
 * for the bookings whose departure lies in [from, to]. Staff name the agency; an agency user gets its own (an
 * `agencyId` of another agency is answered 404).
 */
export const ZCommissionQuery = z.object({
  agencyId: idField().optional(),
  from: dateField(),
  to: dateField(),
});
export type CommissionQuery = z.infer<typeof ZCommissionQuery>;

/** One booking of a statement. `travelPrice` is what commission is earned on (every price line but insurance). */
export const ZCommissionLine = z.object({
  vorgangnr: z.number().int(),
  status: z.string(),
  journeyTitle: z.string(),
  termincode: z.string().nullable(),
  /** yyyy-MM-dd: the departure */
  dateFrom: z.string(),
  booker: z.string().nullable(),
  participants: z.number().int(),
  travelPrice: z.number(),
  /** percent, as frozen on the booking */
  rate: z.number(),
  commission: z.number(),
  /** the collective invoice that settled this booking, if any */
  collectiveInvoiceNumber: z.string().nullable(),
});
export type CommissionLine = z.infer<typeof ZCommissionLine>;

export const ZCommissionStatement = z.object({
  agencyId: z.number().int(),
  agencyName: z.string(),
  from: z.string(),
  to: z.string(),
  lines: z.array(ZCommissionLine),
  travelTotal: z.number(),
  commissionTotal: z.number(),
});
export type CommissionStatement = z.infer<typeof ZCommissionStatement>;

/**
 * POST /ratio/api/bulk-invoices (staff, `vorgang-create`): one collective invoice for the agency over its firm (or
 * fee-bearing cancelled) bookings departing in [from, to] that no collective invoice covers yet. 409
 * `error.nothingToInvoice` when there is none.
 */
export const ZCollectiveInvoiceBody = z.object({
  agencyId: idField(),
  from: dateField(),
  to: dateField(),
});
export type CollectiveInvoiceBody = z.infer<typeof ZCollectiveInvoiceBody>;

/** A collective invoice as lists show it; its document renders through GET /invoices/{id}/{format}. */
export const ZCollectiveInvoice = z.object({
  id: z.number().int(),
  /** the Sammelrechnung number, SR-2026-00001 */
  number: z.string(),
  agencyId: z.number().int(),
  agencyName: z.string(),
  from: z.string(),
  to: z.string(),
  bookings: z.number().int(),
  travelTotal: z.number(),
  commissionTotal: z.number(),
  /** what the agency owes: travelTotal − commissionTotal */
  total: z.number(),
  issuedAt: z.string(),
  issuedBy: z.number().int().nullable(),
});
export type CollectiveInvoice = z.infer<typeof ZCollectiveInvoice>;

/** ?getBySammelRechnungNr=: one collective invoice with the bookings it covers. */
export const ZCollectiveInvoiceDetail = ZCollectiveInvoice.extend({
  lines: z.array(ZCommissionLine),
});
export type CollectiveInvoiceDetail = z.infer<typeof ZCollectiveInvoiceDetail>;

/**
 * GET /ratio/api/bulk-invoices/ (spec §7): `getByAgency={id}` lists an agency's collective invoices (newest
 * first), `getBySammelRechnungNr={number}` answers one with its bookings. Exactly one of the two; agency users
 * only reach their own (another agency's is 404).
 */
export const ZBulkInvoicesQuery = z
  .object({
    getByAgency: idField().optional(),
    getBySammelRechnungNr: z
      .string({ error: 'error.invalid' })
      .min(1, 'error.empty')
      .max(30, 'error.tooLong')
      .optional(),
  })
  .refine((query) => (query.getByAgency === undefined) !== (query.getBySammelRechnungNr === undefined), {
    message: 'error.invalid',
    path: ['getByAgency'],
  });
export type BulkInvoicesQuery = z.infer<typeof ZBulkInvoicesQuery>;
