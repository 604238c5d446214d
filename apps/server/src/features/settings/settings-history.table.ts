import type { Generated } from 'kysely';

/** Every change of a system setting (issue #18 item 8): who, when, the stored text before and after. */
export type SysSettingsHistoryTable = {
  id: Generated<number>;
  setting_key: string;
  /** null when the setting was created */
  old_value: string | null;
  /** null when the setting was deleted */
  new_value: string | null;
  user_id: number | null;
  user_email: string | null;
  at: Generated<string | Date>;
};
