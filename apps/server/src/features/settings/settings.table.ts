import type { Generated } from 'kysely';

export type SysSettingsTable = {
  id_sys_settings: Generated<number>;
  key: string;
  /** JSON text when the value is structured, otherwise the plain string */
  value: Generated<string>;
  search_text: Generated<string>;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};
