import { describe, expect, it } from 'vitest';
import type { Invoice } from '@tourdesk/contracts';
import { invoiceState } from './invoice-state.ts';

const invoice = (
  id: number,
  kind: Invoice['kind'],
  total: number,
  creditedInvoiceId: number | null = null,
): Invoice => ({
  id,
  number: `X-${id}`,
  kind,
  vorgangnr: 1,
  agencyId: null,
  creditedInvoiceId,
  total,
  language: 'de',
  issuedAt: '2027-01-01T10:00:00Z',
  issuedBy: null,
});

describe('invoiceState', () => {
  it('is none without an invoice', () => {
    expect(invoiceState([], 1299)).toBe('none');
  });

  it('is current while the latest invoice claims the booking total', () => {
    expect(invoiceState([invoice(1, 'invoice', 1299)], 1299)).toBe('current');
  });

  it('is outdated when the booking changed, and current again after the corrected invoice', () => {
    expect(invoiceState([invoice(1, 'invoice', 1299)], 1499.5)).toBe('outdated');
    const corrected = [invoice(1, 'invoice', 1299), invoice(2, 'creditNote', 1299, 1), invoice(3, 'invoice', 1499.5)];
    expect(invoiceState(corrected, 1499.5)).toBe('current');
  });

  it('counts a credit note against the invoice it corrects', () => {
    expect(invoiceState([invoice(1, 'invoice', 1299), invoice(2, 'creditNote', 1299, 1)], 1299)).toBe('outdated');
  });
});
