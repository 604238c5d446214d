import { z } from 'zod';

/**
 * The commercial terms of a journey (docs/adr/0017): cancellation fees by days before departure, the payment
 * schedule, reminder levels and travel-insurance products. Each journey may carry its own cancellation and
 * payment terms; otherwise the settings of the same name (DEFAULT_SETTINGS) apply.
 */

/** Cancelling `daysBefore` or more days before departure costs `percent` of the cancelled price. */
export const ZCancellationTerm = z.object({
  daysBefore: z.number({ error: 'error.number' }).int('error.number').min(0, 'error.number').max(999, 'error.tooLong'),
  percent: z.number({ error: 'error.number' }).min(0, 'error.number').max(100, 'error.invalid'),
});
export type CancellationTerm = z.infer<typeof ZCancellationTerm>;
export const ZCancellationTerms = z.array(ZCancellationTerm).max(20, 'error.tooLong');

/** The usual German coach-tour terms (ARB): the further away, the cheaper. */
export const DEFAULT_CANCELLATION_TERMS: CancellationTerm[] = [
  { daysBefore: 45, percent: 10 },
  { daysBefore: 30, percent: 25 },
  { daysBefore: 15, percent: 50 },
  { daysBefore: 7, percent: 75 },
  { daysBefore: 0, percent: 90 },
];

/**
 * The fee percentage for cancelling `daysBefore` days before departure: the term with the largest
 * `daysBefore` not above it (45 days before with the default terms: 10 %, 44 days: 25 %). Closer to the
 * departure than every term, the nearest term applies; with no terms at all the whole price is due.
 */
export function cancellationPercent(terms: readonly CancellationTerm[], daysBefore: number): number {
  const sorted = [...terms].sort((a, b) => b.daysBefore - a.daysBefore);
  for (const term of sorted) if (daysBefore >= term.daysBefore) return term.percent;
  return sorted.at(-1)?.percent ?? 100;
}

/** Deposit `depositPercent` % due `depositDays` days after confirmation; the rest `balanceDaysBefore` days before departure. */
export const ZPaymentTerms = z.object({
  depositPercent: z.number({ error: 'error.number' }).min(0, 'error.number').max(100, 'error.invalid'),
  depositDays: z.number({ error: 'error.number' }).int('error.number').min(0, 'error.number').max(365),
  balanceDaysBefore: z.number({ error: 'error.number' }).int('error.number').min(0, 'error.number').max(365),
});
export type PaymentTerms = z.infer<typeof ZPaymentTerms>;
export const DEFAULT_PAYMENT_TERMS: PaymentTerms = { depositPercent: 20, depositDays: 14, balanceDaysBefore: 30 };

/** Reminder level n (Mahnstufe) is due `afterDays[n-1]` days after an instalment fell due and stayed open. */
export const ZDunningTerms = z.object({
  afterDays: z.array(z.number().int().min(0).max(365)).min(1).max(3),
});
export type DunningTerms = z.infer<typeof ZDunningTerms>;
export const DEFAULT_DUNNING_TERMS: DunningTerms = { afterDays: [7, 21, 35] };

/**
 * A travel-insurance product (the ERGO-style offer of `GET /insurances/ergo`): premiums by trip price band
 * (per person, up to `upToPrice` euro), with an age surcharge from `ageFrom` years.
 */
export const ZInsuranceProduct = z.object({
  code: z.string().min(1).max(40),
  name: z.record(z.string(), z.string()),
  /** ascending bands: the first whose `upToPrice` is ≥ the participant's trip price */
  bands: z.array(z.object({ upToPrice: z.number().min(0), premium: z.number().min(0) })).min(1),
  /** premium factor from this age on (e.g. 1.5 from 65) */
  ageFrom: z.number().int().min(0).max(130).nullable().optional(),
  ageFactor: z.number().min(1).max(10).nullable().optional(),
});
export type InsuranceProduct = z.infer<typeof ZInsuranceProduct>;

export const DEFAULT_INSURANCE_PRODUCTS: InsuranceProduct[] = [
  {
    code: 'RRV',
    name: {
      de: 'Reiserücktrittsversicherung',
      en: 'Trip cancellation insurance',
      es: 'Seguro de cancelación',
      ru: 'Страховка от отмены поездки',
    },
    bands: [
      { upToPrice: 500, premium: 19 },
      { upToPrice: 1000, premium: 35 },
      { upToPrice: 2000, premium: 59 },
      { upToPrice: 5000, premium: 119 },
    ],
    ageFrom: 65,
    ageFactor: 1.5,
  },
  {
    code: 'RSS',
    name: {
      de: 'RundumSorglos-Schutz (Rücktritt, Abbruch, Krankheit, Gepäck)',
      en: 'All-round protection (cancellation, curtailment, medical, luggage)',
      es: 'Protección completa (cancelación, interrupción, salud, equipaje)',
      ru: 'Полная защита (отмена, прерывание, болезнь, багаж)',
    },
    bands: [
      { upToPrice: 500, premium: 32 },
      { upToPrice: 1000, premium: 55 },
      { upToPrice: 2000, premium: 89 },
      { upToPrice: 5000, premium: 169 },
    ],
    ageFrom: 65,
    ageFactor: 1.5,
  },
];

/** The issuing company's tax and bank data for invoices and e-invoices (setting INVOICE_SELLER). */
export const ZInvoiceSeller = z.object({
  vatId: z.string().max(30).nullable().optional(),
  taxNumber: z.string().max(30).nullable().optional(),
  iban: z.string().max(34).nullable().optional(),
  bic: z.string().max(11).nullable().optional(),
  bankName: z.string().max(100).nullable().optional(),
  /** the leitweg-id or buyer reference XRechnung asks for when the buyer gives none */
  defaultBuyerReference: z.string().max(100).nullable().optional(),
});
export type InvoiceSeller = z.infer<typeof ZInvoiceSeller>;
export const DEFAULT_INVOICE_SELLER: InvoiceSeller = {
  vatId: 'DE123456789',
  taxNumber: null,
  iban: 'DE02120300000000202051',
  bic: 'BYLADEM1001',
  bankName: 'Deutsche Kreditbank',
  defaultBuyerReference: null,
};
