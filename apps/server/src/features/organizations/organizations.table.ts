import type { Generated } from 'kysely';

export type OrganizationTable = {
  id: Generated<number>;
  name: string;
  note: string | null;
  /** 1 = agency */
  type: Generated<number>;
  id_vc_card: number | null;
  search_text: Generated<string>;
  /** DIN 5007 key of `name` (list sorting). */
  sort_name: Generated<string>;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};
