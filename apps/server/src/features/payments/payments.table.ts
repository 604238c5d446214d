import type { Generated } from 'kysely';
import type { PaymentDueKind, PaymentMethod } from '@tourdesk/contracts';

/** One instalment of a booking's payment schedule (deposit or balance), rewritten when the total changes. */
export type PaymentDueTable = {
  id: Generated<number>;
  id_booking: number;
  kind: PaymentDueKind;
  amount_cents: number;
  due_date: string | Date;
};

/** A payment received for a booking (docs/adr/0017). */
export type PaymentTable = {
  id: Generated<number>;
  id_booking: number;
  amount_cents: number;
  paid_on: string | Date;
  method: PaymentMethod;
  reference: string | null;
  created_by: number | null;
  created_at: Generated<string | Date>;
};
