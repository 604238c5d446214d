import type { Database } from '../db/database.ts';

/** SQL of the idempotency_key table (lib/idempotency.ts). */

export const findIdempotencyKey = (db: Database, scopeKey: string, since: string) =>
  db
    .selectFrom('idempotency_key')
    .select(['scope_key', 'request_hash', 'status_code', 'response'])
    .where('scope_key', '=', scopeKey)
    .where('created_at', '>=', since)
    .executeTakeFirst();

/** Claims a key; a second claim of the same key fails with a unique violation (and waits for the first on PostgreSQL). */
export async function insertIdempotencyKey(
  db: Database,
  row: { scope_key: string; request_hash: string; created_at: string },
): Promise<void> {
  await db
    .insertInto('idempotency_key')
    .values({ ...row, status_code: 0, response: '' })
    .execute();
}

export async function storeIdempotentAnswer(
  db: Database,
  scopeKey: string,
  answer: { status_code: number; response: string },
): Promise<void> {
  await db.updateTable('idempotency_key').set(answer).where('scope_key', '=', scopeKey).execute();
}

/** Removes entries older than `before` (one key, or all of them). */
export async function deleteIdempotencyKeysBefore(db: Database, before: string, scopeKey?: string): Promise<number> {
  let query = db.deleteFrom('idempotency_key').where('created_at', '<', before);
  if (scopeKey !== undefined) query = query.where('scope_key', '=', scopeKey);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
