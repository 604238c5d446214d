import type { Generated } from 'kysely';

export type RoleTable = {
  id_roles: Generated<number>;
  role: string;
  admin: number | boolean;
  /** JSON: area → action → granted */
  access: Generated<string>;
  search_text: Generated<string>;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};
