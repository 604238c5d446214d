import type { DbContext } from '../types.ts';
import { groupCommitterOf } from './group-commit.ts';

/**
 * Runs `work` in one transaction (BEGIN IMMEDIATE on SQLite): everything it writes lands together or
 * not at all. Nested calls reuse the outer transaction. On SQLite, write transactions that wait for the writer
 * share one COMMIT, each in its own savepoint (db/group-commit.ts, docs/adr/0016).
 */
export async function inTransaction<T>(ctx: DbContext, work: (trx: DbContext) => Promise<T>): Promise<T> {
  if (ctx.db.isTransaction) return work(ctx);
  const group = groupCommitterOf(ctx.db);
  if (group) return group.run((trx) => work({ db: trx, dialect: ctx.dialect }));
  return ctx.db.transaction().execute((trx) => work({ db: trx, dialect: ctx.dialect }));
}

/** True when `error` is a unique-constraint violation (PostgreSQL 23505, SQLite "UNIQUE constraint failed"). */
export function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: string; message?: string } | null;
  return candidate?.code === '23505' || /UNIQUE constraint failed/i.test(candidate?.message ?? '');
}
