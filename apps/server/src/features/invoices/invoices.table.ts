import type { Generated } from 'kysely';
import type { InvoiceKind } from '@tourdesk/contracts';

/** ★ The last number issued per year and kind; raised in the transaction that issues the document. */
export type InvoiceCounterTable = {
  year: number;
  kind: InvoiceKind;
  last: Generated<number>;
};

/** ★ An issued invoice or credit note. `body` is the frozen document (JSON InvoiceDocument); rows never change. */
export type InvoiceTable = {
  id: Generated<number>;
  number: string;
  kind: InvoiceKind;
  year: number;
  seq: number;
  id_booking: number | null;
  id_organization: number | null;
  id_credited_invoice: number | null;
  total_cents: number;
  language: string;
  brand_host: string | null;
  body: string;
  issued_by: number | null;
  issued_at: Generated<string | Date>;
};
