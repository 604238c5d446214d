/**
 * What explain.ts and variants.ts share: capturing the SQL the server's own list functions send (through a
 * handle that notes them as they run), timing a statement and showing its plan.
 */
import qs from 'qs';
import { CompiledQuery } from 'kysely';
import { ZListQuery } from '@tourdesk/contracts';
import type { Database } from '../../apps/server/src/db/database.ts';
import type { DialectName } from '../../apps/server/src/db/dialect.ts';
import { listBookings } from '../../apps/server/src/features/bookings/bookings.service.ts';
import { listProcesses } from '../../apps/server/src/features/processes/processes.service.ts';
import { listCustomers } from '../../apps/server/src/features/customers/customers.service.ts';
import { listJourneys } from '../../apps/server/src/features/journeys/journeys.service.ts';
import { listUsers } from '../../apps/server/src/features/users/users.service.ts';
import type { Scenario } from './scenarios.ts';

/**
 * A handle on `db` that notes every statement it sends in `sent`, compiled, in the order they ran. Noted where they
 * run, not where they are built: a builder's node is also read when it becomes a subquery of another statement,
 * and the builders derived from one base query share its query id, so neither tells what ran.
 */
function recordingHandle(db: Database, sent: CompiledQuery[]): Database {
  const handle = db.withoutPlugins();
  const executor = handle.getExecutor();
  const executeQuery = executor.executeQuery.bind(executor);
  executor.executeQuery = (compiled, options) => {
    sent.push(compiled);
    return executeQuery(compiled, options);
  };
  return handle;
}

/** The list query of a request path, parsed as the server does (qs, then the list contract). */
export function listQueryOf(path: string) {
  const search = path.includes('?') ? path.slice(path.indexOf('?') + 1) : '';
  return ZListQuery.parse(qs.parse(search, { depth: 2, arrayLimit: 100, parameterLimit: 200 }));
}

/**
 * Runs the server's list function for a scenario's path — listUsers, listJourneys, or listCustomers as staff
 * with the customers right (no agency scope) — without the count cache, so every count runs, and returns every
 * statement it sent, compiled, with how long the whole call took.
 */
export async function captureList(
  db: Database,
  dialect: DialectName,
  scenario: Scenario,
  path: string,
): Promise<{ statements: CompiledQuery[]; ms: number; page: { limit: number; skip: number } | unknown[] }> {
  const statements: CompiledQuery[] = [];
  const ctx = { db: recordingHandle(db, statements), dialect };
  const query = listQueryOf(path);
  const started = performance.now();
  const page: { limit: number; skip: number } | unknown[] =
    scenario.group === 'bookings'
      ? await listBookings(ctx, query, { userId: null, agencyId: null })
      : scenario.group === 'processes'
        ? await listProcesses(ctx, query, { userId: null, agencyId: null })
        : scenario.group === 'customers'
          ? await listCustomers(ctx, query, { kind: 'all' })
          : scenario.group === 'journeys'
            ? await listJourneys(ctx, query)
            : await listUsers(ctx, 'staff', query);
  const ms = performance.now() - started;
  return {
    statements,
    ms,
    page,
  };
}

/** Median wall time of `runs` executions (after one unmeasured run). */
export async function medianMs(db: Database, query: CompiledQuery, runs: number): Promise<number> {
  await db.executeQuery(query);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await db.executeQuery(query);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** EXPLAIN QUERY PLAN (SQLite) or EXPLAIN (ANALYZE, BUFFERS) (PostgreSQL), one line per plan row. */
export async function plan(db: Database, dialect: DialectName, query: CompiledQuery): Promise<string[]> {
  if (dialect === 'postgres') {
    const { rows } = await db.executeQuery<Record<string, string>>(
      CompiledQuery.raw(`explain (analyze, buffers) ${query.sql}`, [...query.parameters]),
    );
    return rows.map((row) => String(Object.values(row)[0]));
  }
  const { rows } = await db.executeQuery<{ id: number; parent: number; detail: string }>(
    CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
  );
  const depth = new Map<number, number>([[0, 0]]);
  return rows.map((row) => {
    const level = (depth.get(row.parent) ?? 0) + 1;
    depth.set(row.id, level);
    return `${'  '.repeat(level - 1)}${row.detail}`;
  });
}
