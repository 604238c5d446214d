import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DialectName } from '../../db/dialect.ts';

export async function databaseFacts(
  db: Database,
  dialect: DialectName,
): Promise<{ serverVersion: string | null; sizeBytes: number | null }> {
  if (dialect === 'postgres') {
    const row = (
      await sql<{ version: string; size: string | number }>`
        select current_setting('server_version') as version, pg_database_size(current_database()) as size`.execute(db)
    ).rows[0];
    return { serverVersion: row?.version ?? null, sizeBytes: row ? Number(row.size) : null };
  }
  const version = (await sql<{ version: string }>`select sqlite_version() as version`.execute(db)).rows[0];
  const pages = (await sql<{ page_count: number }>`pragma page_count`.execute(db)).rows[0];
  const pageSize = (await sql<{ page_size: number }>`pragma page_size`.execute(db)).rows[0];
  return {
    serverVersion: version?.version ?? null,
    sizeBytes: pages && pageSize ? Number(pages.page_count) * Number(pageSize.page_size) : null,
  };
}

/** The migrations Kysely recorded as applied (its own bookkeeping table). */
export async function appliedMigrations(db: Database): Promise<Array<{ name: string; timestamp: string | Date }>> {
  return (
    await sql<{
      name: string;
      timestamp: string | Date;
    }>`select name, timestamp from kysely_migration order by name`.execute(db)
  ).rows;
}

export const mailCounts = (db: Database) =>
  db
    .selectFrom('mail_outbox')
    .select(['status', (eb) => eb.fn.countAll<string | number>().as('count')])
    .groupBy('status')
    .execute();

export const dueMailCount = (db: Database, now: string) =>
  db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('status', '=', 'queued')
    .where('next_attempt_at', '<=', now)
    .executeTakeFirstOrThrow();

export const scheduledJobs = (db: Database) => db.selectFrom('scheduled_job').selectAll().orderBy('name').execute();

export type AuditFilter = {
  action?: string;
  userId?: number;
  email?: string;
  from?: string;
  to?: string;
};

function filtered(db: Database, filter: AuditFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.email) {
    query = query.where((eb) => eb(eb.fn('lower', ['email']), 'like', `%${filter.email!.toLowerCase()}%`));
  }
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<', filter.to);
  return query;
}

export const auditEntries = (db: Database, filter: AuditFilter, limit: number, offset: number) =>
  filtered(db, filter)
    .select(['id', 'at', 'action', 'user_id', 'email', 'ip', 'method', 'url', 'detail'])
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();

export const auditCount = (db: Database, filter: AuditFilter) =>
  filtered(db, filter)
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();

export const auditActions = (db: Database) =>
  db.selectFrom('audit_log').select('action').distinct().orderBy('action').execute();
