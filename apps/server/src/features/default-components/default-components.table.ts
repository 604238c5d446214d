import type { Generated } from 'kysely';

/** The default component's one table (migration 2026_12_02_0600_create_default_component). */
export type DefaultComponentTable = {
  id: Generated<number>;
  name: string;
  /** DIN 5007 key of `name`: list sorting and `lit-search` */
  sort_name: string;
  description: string | null;
  active: Generated<number | boolean>;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};
