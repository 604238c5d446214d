import type { Insertable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { AuditLogTable } from './auth.table.ts';

export async function insertAuditEntry(db: Database, entry: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(entry).execute();
}

export async function findAuditEntries(db: Database, filter: { action?: string; email?: string }) {
  let query = db
    .selectFrom('audit_log')
    .select(['id', 'at', 'action', 'user_id', 'email', 'ip', 'method', 'url', 'detail'])
    .orderBy('id', 'desc')
    .limit(100);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.email) query = query.where('email', '=', filter.email);
  return query.execute();
}

export async function findThrottle(db: Database, key: string) {
  return db
    .selectFrom('auth_throttle')
    .select(['key', 'failures', 'window_start'])
    .where('key', '=', key)
    .executeTakeFirst();
}

export async function upsertThrottle(db: Database, key: string, failures: number, windowStart: string): Promise<void> {
  await db
    .insertInto('auth_throttle')
    .values({ key, failures, window_start: windowStart })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ failures, window_start: windowStart }))
    .execute();
}

export async function deleteThrottle(db: Database, key: string): Promise<void> {
  await db.deleteFrom('auth_throttle').where('key', '=', key).execute();
}

export async function findSecret(db: Database, name: string) {
  return db.selectFrom('app_secret').select('value').where('name', '=', name).executeTakeFirst();
}

export async function insertSecretIfMissing(db: Database, name: string, value: string): Promise<void> {
  await db
    .insertInto('app_secret')
    .values({ name, value })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
}
