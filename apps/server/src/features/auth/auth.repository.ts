import { sql, type Insertable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DbContext } from '../../types.ts';
import type { AuditLogTable } from './auth.table.ts';

export async function insertAuditEntry(db: Database, entry: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(entry).execute();
}

/** Forgets which e-mail a deleted account's entries were written under (the entries themselves stay). */
export async function clearAuditEmail(db: Database, userId: number): Promise<void> {
  await db.updateTable('audit_log').set({ email: null }).where('user_id', '=', userId).execute();
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

/** Forgets a counter that has been quiet since `before` (its last allowed time). */
export async function deleteQuietThrottle(db: Database, key: string, before: string): Promise<void> {
  await db.deleteFrom('auth_throttle').where('key', '=', key).where('window_start', '<', before).execute();
}

/**
 * Counts one attempt for `key` in a single statement, unless the key is still waiting: answers the attempt's
 * number, or undefined when refused. `window_start` holds the time the next attempt is allowed, which
 * `nextAllowedAt` (the n-th time of the schedule for the n-th attempt, the last one for all later) sets.
 * Concurrent attempts are serialised by the row, so none is counted twice or missed.
 */
export async function claimThrottleAttempt(
  ctx: DbContext,
  key: string,
  now: string,
  nextAllowedAt: readonly string[],
): Promise<number | undefined> {
  const timestamp = (value: string) =>
    ctx.dialect === 'postgres' ? sql<string>`cast(${value} as timestamptz)` : sql<string>`${value}`;
  const schedule = sql<string>`case ${sql.join(
    nextAllowedAt
      .slice(0, -1)
      .map((at, index) => sql`when auth_throttle.failures + 1 = ${index + 1} then ${timestamp(at)}`),
    sql` `,
  )} else ${timestamp(nextAllowedAt.at(-1)!)} end`;
  const row = await ctx.db
    .insertInto('auth_throttle')
    .values({ key, failures: 1, window_start: nextAllowedAt[0]! })
    .onConflict((conflict) =>
      conflict
        .column('key')
        .doUpdateSet({ failures: sql<number>`auth_throttle.failures + 1`, window_start: schedule })
        .where('auth_throttle.window_start', '<=', now),
    )
    .returning('failures')
    .executeTakeFirst();
  return row?.failures;
}

/** When a waiting key may try again (its `window_start`). */
export async function findNextAllowedAt(db: Database, key: string): Promise<string | Date | undefined> {
  const row = await db.selectFrom('auth_throttle').select('window_start').where('key', '=', key).executeTakeFirst();
  return row?.window_start;
}

export async function deleteThrottle(db: Database, key: string): Promise<void> {
  await db.deleteFrom('auth_throttle').where('key', '=', key).execute();
}

/**
 * Remembers that an address logged in to an account (a row `known:<e-mail>:<address>` beside the counters, by
 * primary key, so the check stays one index lookup however long the audit log grows).
 */
export async function rememberLoginAddress(db: Database, key: string, now: string): Promise<void> {
  await db
    .insertInto('auth_throttle')
    .values({ key, failures: 0, window_start: now })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ window_start: now }))
    .execute();
}

/** Whether `key` was written at or after `since` (a known address the owner logged in from lately). */
export async function throttleKeyWrittenSince(db: Database, key: string, since: string): Promise<boolean> {
  const row = await db
    .selectFrom('auth_throttle')
    .select('key')
    .where('key', '=', key)
    .where('window_start', '>=', since)
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes known addresses last used before `knownBefore` and counters last allowed before `countersBefore`. */
export async function pruneThrottle(
  db: Database,
  cutoffs: { knownPrefix: string; knownBefore: string; countersBefore: string },
): Promise<void> {
  await db
    .deleteFrom('auth_throttle')
    .where((eb) =>
      eb.or([
        eb.and([eb('key', 'like', `${cutoffs.knownPrefix}%`), eb('window_start', '<', cutoffs.knownBefore)]),
        eb.and([eb('key', 'not like', `${cutoffs.knownPrefix}%`), eb('window_start', '<', cutoffs.countersBefore)]),
      ]),
    )
    .execute();
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

/** Gives one counted attempt back (a successful login), never below zero; the waiting time already set stays. */
export async function refundThrottleAttempt(db: Database, key: string): Promise<void> {
  await db
    .updateTable('auth_throttle')
    .set({ failures: sql<number>`case when failures > 0 then failures - 1 else 0 end` })
    .where('key', '=', key)
    .execute();
}
