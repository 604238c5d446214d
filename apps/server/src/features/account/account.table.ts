import type { Generated } from 'kysely';

/** What a mailed code lets its holder do. */
export type ActionPurpose = 'verify' | 'reset' | 'activate' | 'invite' | 'disable' | 'delete';

export type ActionCodeTable = {
  id: Generated<number>;
  /** sha256 of the code: the code itself is only in the mail. */
  code_hash: string;
  purpose: ActionPurpose;
  user_id: number;
  expires_at: string | Date;
  used_at: string | Date | null;
  created_at: Generated<string | Date>;
};
