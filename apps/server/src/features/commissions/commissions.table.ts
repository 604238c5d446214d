import type { Generated } from 'kysely';

/** An agency's commission rate: its default (`id_jrn_category` null) or the rate for one journey category. */
export type AgencyCommissionRateTable = {
  id: Generated<number>;
  id_organization: number;
  id_jrn_category: number | null;
  /** basis points: 1050 = 10.50 % */
  rate_bp: number;
};
