import type { Generated } from 'kysely';
import type { StaffNotificationKind } from '@tourdesk/contracts';

/** One entry of a staff user's bell (docs/adr/0024). */
export type StaffNotificationTable = {
  id: Generated<number>;
  id_user: number;
  kind: StaffNotificationKind;
  text: string;
  link: string | null;
  /** Unique per user: the same event (a to-do falling due, an option lapsing) rings once. */
  dedupe_key: string | null;
  created_at: Generated<string | Date>;
  read_at: string | Date | null;
};
