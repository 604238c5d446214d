import type { Invoice } from '@tourdesk/contracts';

const cents = (euro: number) => Math.round(euro * 100);

/**
 * Where the booking's invoicing stands, by the server's rule (invoices.service `issueInvoiceIn`): `none` — no
 * invoice yet; `current` — the latest invoice, less its credit notes, claims the booking's total (issuing again
 * would be refused); `outdated` — the booking changed since, a new invoice replaces the old one.
 */
export function invoiceState(invoices: readonly Invoice[], bookingPrice: number): 'none' | 'current' | 'outdated' {
  const latest = invoices.filter((invoice) => invoice.kind === 'invoice').at(-1);
  if (!latest) return 'none';
  const credited = invoices
    .filter((invoice) => invoice.kind === 'creditNote' && invoice.creditedInvoiceId === latest.id)
    .reduce((sum, note) => sum + cents(Math.abs(note.total)), 0);
  return cents(latest.total) - credited === cents(bookingPrice) ? 'current' : 'outdated';
}
