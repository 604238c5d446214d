/**
 * What explain.ts and variants.ts share: capturing the SQL the server's own list functions send (through a
 * Kysely plugin), timing a statement and showing its plan.
 */
import qs from 'qs';
import {
  CompiledQuery,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { ZListQuery } from '@tourdesk/contracts';
import type { Database } from '../../apps/server/src/db/database.ts';
import type { DialectName } from '../../apps/server/src/db/dialect.ts';
import { listBookings } from '../../apps/server/src/features/bookings/bookings.service.ts';
import { listProcesses } from '../../apps/server/src/features/processes/processes.service.ts';
import { listCustomers } from '../../apps/server/src/features/customers/customers.service.ts';
import { listJourneys } from '../../apps/server/src/features/journeys/journeys.service.ts';
import { listUsers } from '../../apps/server/src/features/users/users.service.ts';
import type { Scenario } from './scenarios.ts';

/** Remembers every query the server code builds (and lets it run unchanged). */
class CapturePlugin implements KyselyPlugin {
  readonly seen: Array<{ node: RootOperationNode; queryId: QueryId }> = [];
  readonly ran = new Set<QueryId>();
  /** The statements that ran, in order (a builder's node read without running it is left out). */
  get captured() {
    return this.seen.filter(({ queryId }) => this.ran.has(queryId));
  }
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.seen.push({ node: args.node, queryId: args.queryId });
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.ran.add(args.queryId);
    return args.result;
  }
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
  const capture = new CapturePlugin();
  const ctx = { db: db.withPlugin(capture), dialect };
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
  const executor = db.getExecutor();
  return {
    statements: capture.captured.map(({ node, queryId }) => executor.compileQuery(node, queryId)),
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
