import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

/**
 * PostgreSQL: sends each payload, in the array's order, to every session listening on `channel` (lib/realtime.ts),
 * at the commit of the caller's transaction — one statement for all of them.
 */
export async function notify(db: Database, channel: string, payloads: readonly string[]): Promise<void> {
  await sql`select pg_notify(${channel}, payload) from unnest(${payloads}::text[]) as payload`.execute(db);
}
