import { z } from 'zod';
import { MAX_ID } from './fields.ts';
import { ZCancellationTerm } from './booking-terms.schema.ts';

/**
 * The two-step cancellation of spec §4 (issue #11, docs/adr/0017):
 * `GET /ratio/api/cancellation?getProcessCancellation=true&processId=N` answers the fee quote,
 * `GET /ratio/api/cancellation?initProcessCancellation=true&processId=N` cancels. `participants` (comma list
 * of participant numbers) cancels only those; without it the whole booking is cancelled.
 */
const flag = z.enum(['true', 'false', '1', '0'], { error: 'error.invalidQuery' }).optional();
const participantList = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
          .map(Number)
      : Array.isArray(value)
        ? value.map(Number)
        : value,
  z.array(z.number().int('error.invalidQuery').positive('error.invalidQuery').max(MAX_ID)).max(99).optional(),
);

export const ZCancellationQuery = z
  .object({
    getProcessCancellation: flag,
    initProcessCancellation: flag,
    processId: z.coerce
      .number({ error: 'error.invalidQuery' })
      .int('error.invalidQuery')
      .positive('error.invalidQuery')
      .max(MAX_ID),
    participants: participantList,
  })
  .superRefine((query, context) => {
    const on = (value: string | undefined) => value === 'true' || value === '1';
    if (on(query.getProcessCancellation) === on(query.initProcessCancellation))
      context.addIssue({ code: 'custom', path: ['getProcessCancellation'], message: 'error.invalidQuery' });
  });
export type CancellationQuery = z.infer<typeof ZCancellationQuery>;
export const isCancellationInit = (query: CancellationQuery) =>
  query.initProcessCancellation === 'true' || query.initProcessCancellation === '1';

/** The quote: what cancelling costs today under the journey's terms. */
export const ZCancellationQuote = z.object({
  processId: z.number().int(),
  /** whole booking or the named participants */
  scope: z.enum(['booking', 'participants']),
  participants: z.array(z.object({ nr: z.number().int(), name: z.string(), price: z.number(), fee: z.number() })),
  departure: z.string(),
  daysBefore: z.number().int(),
  percent: z.number(),
  terms: z.array(ZCancellationTerm),
  /** euro: the price of what is cancelled */
  cancelledPrice: z.number(),
  /** euro: the fee (percent of cancelledPrice, rounded to cents) */
  fee: z.number(),
  /** euro: the booking's total after cancelling (remaining price + fee) */
  newTotal: z.number(),
  paid: z.number(),
  /** euro: paid − newTotal when positive (to be refunded) */
  refund: z.number(),
});
export type CancellationQuote = z.infer<typeof ZCancellationQuote>;

/** The answer of `initProcessCancellation`: the quote applied, and the credit note when an invoice had been issued. */
export const ZCancellationResult = z.object({
  processId: z.number().int(),
  status: z.string(),
  quote: ZCancellationQuote,
  creditNote: z.object({ id: z.number().int(), number: z.string(), total: z.number() }).nullable(),
});
export type CancellationResult = z.infer<typeof ZCancellationResult>;
