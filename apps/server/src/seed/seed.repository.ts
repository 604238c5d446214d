import type { Database } from '../db/database.ts';

/** True once any login exists: demo data and the initial admin are only written into an empty installation. */
export async function hasAnyAccount(db: Database): Promise<boolean> {
  const row = await db.selectFrom('user_account').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}
