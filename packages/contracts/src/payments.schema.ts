import { z } from 'zod';
import { dateField, idField, optionalText } from './fields.ts';
import { ZListQuery } from './list.schema.ts';

/**
 * Payments of a booking (issue #11, docs/adr/0017): the schedule (deposit, balance), the payments received,
 * what is open and overdue, and the reminder level (Mahnstufe). Amounts in euro, stored as cents.
 */

export const PAYMENT_DUE_KINDS = ['deposit', 'balance'] as const;
export type PaymentDueKind = (typeof PAYMENT_DUE_KINDS)[number];

export const PAYMENT_METHODS = ['transfer', 'cash', 'card', 'directDebit', 'paypal', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The highest reminder level; after it the booking is a case for the office (no more automatic mails). */
export const MAX_DUNNING_LEVEL = 3;

/** A euro amount > 0 with at most two decimals (refused, not rounded: money is never changed silently). */
export const paymentAmountField = () =>
  z
    .number({ error: 'error.float' })
    .positive('error.float')
    .max(10_000_000, 'error.tooLong')
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'error.float');

/** POST /ratio_vorgang/{id}/payments: record a payment received (409 error.paymentExceedsOpen above the open amount). */
export const ZPaymentBody = z.object({
  amount: paymentAmountField(),
  paid_on: dateField(),
  method: z.enum(PAYMENT_METHODS, { error: 'error.invalid' }),
  reference: optionalText({ max: 140 }),
});
export type PaymentBody = z.infer<typeof ZPaymentBody>;

export const ZPayment = z.object({
  id: z.number().int(),
  vorgangnr: z.number().int(),
  amount: z.number(),
  paid_on: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof ZPayment>;

/** One instalment of the schedule, with how much of it the payments so far cover (oldest instalment first). */
export const ZPaymentDue = z.object({
  kind: z.enum(PAYMENT_DUE_KINDS),
  amount: z.number(),
  due_date: z.string(),
  covered: z.number(),
  open: z.number(),
  overdue: z.boolean(),
});
export type PaymentDue = z.infer<typeof ZPaymentDue>;

/** GET /ratio_vorgang/{id}/payments: the booking's account. */
export const ZBookingAccount = z.object({
  vorgangnr: z.number().int(),
  total: z.number(),
  paid: z.number(),
  /** total − paid; negative is a credit in the booker's favour */
  open: z.number(),
  dunningLevel: z.number().int(),
  dunnedAt: z.string().nullable(),
  schedule: z.array(ZPaymentDue),
  payments: z.array(ZPayment),
});
export type BookingAccount = z.infer<typeof ZBookingAccount>;

export const ZPaymentParams = z.object({
  id: idField(),
  paymentId: idField(),
});

/**
 * A row of `GET /open-items` (open items; `overdue=true` for the overdue list): a holding booking with money
 * open, its next instalment and reminder level.
 */
export const ZOpenItem = z.object({
  id: z.number().int(),
  vorgangnr: z.number().int(),
  bookerName: z.string().nullable(),
  journeyTitle: z.string(),
  termincode: z.string(),
  date_from: z.string(),
  status: z.string(),
  total: z.number(),
  paid: z.number(),
  open: z.number(),
  /** the earliest instalment not fully covered */
  nextDueDate: z.string().nullable(),
  overdue: z.boolean(),
  dunningLevel: z.number().int(),
  agencyId: z.number().int().nullable(),
});
export type OpenItem = z.infer<typeof ZOpenItem>;

/** GET /open-items: the list query, `overdue=true` for the overdue list (`false`: nothing overdue yet). */
export const ZOpenItemsQuery = ZListQuery.extend({
  overdue: z
    .enum(['true', 'false'], { error: 'error.invalidFilter' })
    .transform((value) => value === 'true')
    .optional(),
});
export type OpenItemsQuery = z.infer<typeof ZOpenItemsQuery>;
