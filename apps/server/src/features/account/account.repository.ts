import type { Insertable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ActionCodeTable, ActionPurpose } from './account.table.ts';

export async function insertActionCode(db: Database, values: Insertable<ActionCodeTable>): Promise<void> {
  await db.insertInto('action_code').values(values).execute();
}

/** Earlier codes of the same purpose stop working when a new one is mailed. */
export async function retireCodes(db: Database, userId: number, purpose: ActionPurpose, now: string): Promise<void> {
  await db
    .updateTable('action_code')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

export const findActionCode = (db: Database, codeHash: string) =>
  db
    .selectFrom('action_code')
    .select(['id', 'user_id', 'purpose', 'expires_at', 'used_at'])
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();

/** Uses a code up; only one caller can win, so a code works exactly once. */
export async function useActionCode(db: Database, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('action_code')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
