import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

/** PostgreSQL: sends `payload` to every session listening on `channel` (lib/realtime.ts), at the commit of the caller's transaction. */
export async function notify(db: Database, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}
