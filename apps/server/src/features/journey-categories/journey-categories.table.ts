import type { Generated } from 'kysely';

/** A trip category (spec §3 "Journey category"); ids 0–30 are the spec's 31 categories, seeded everywhere. */
export type JrnCategoryTable = {
  id_jrn_category: Generated<number>;
  name: string;
  active: Generated<number | boolean>;
  /** DIN 5007 key of `name` */
  sort_name: Generated<string>;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};
