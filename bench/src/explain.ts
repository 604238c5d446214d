/**
 * Shows the SQL the list engine runs for each benchmark scenario, how long each statement takes on the
 * bench database and its plan (EXPLAIN QUERY PLAN on SQLite, EXPLAIN (ANALYZE, BUFFERS) on PostgreSQL).
 * The queries are captured from the server's own listUsers through a Kysely plugin, so they are exactly
 * those the API sends. Run `npm run bench` first (it leaves the database behind), then:
 *
 *   node_modules/.bin/node bench/src/explain.ts [--db sqlite|postgres] [--only search] [--all-paths]
 */
import { parseArgs } from 'node:util';
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
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database.ts';
import { listUsers } from '../../apps/server/src/features/users/users.service.ts';
import { targetFor } from './generate.ts';
import { SCENARIOS } from './scenarios.ts';

/** Remembers every query the server code builds (and lets it run unchanged). */
class CapturePlugin implements KyselyPlugin {
  readonly captured: Array<{ node: RootOperationNode; queryId: QueryId }> = [];
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.captured.push({ node: args.node, queryId: args.queryId });
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

async function medianMs(handle: DatabaseHandle, query: CompiledQuery, runs: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await handle.db.executeQuery(query);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

async function plan(handle: DatabaseHandle, query: CompiledQuery): Promise<string[]> {
  if (handle.dialect === 'postgres') {
    const { rows } = await handle.db.executeQuery<Record<string, string>>(
      CompiledQuery.raw(`explain (analyze, buffers) ${query.sql}`, [...query.parameters]),
    );
    return rows.map((row) => String(Object.values(row)[0]));
  }
  const { rows } = await handle.db.executeQuery<{ id: number; parent: number; detail: string }>(
    CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
  );
  const depth = new Map<number, number>([[0, 0]]);
  return rows.map((row) => {
    const level = (depth.get(row.parent) ?? 0) + 1;
    depth.set(row.id, level);
    return `${'  '.repeat(level - 1)}${row.detail}`;
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'sqlite' },
      only: { type: 'string' },
      'all-paths': { type: 'boolean', default: false },
      runs: { type: 'string', default: '5' },
    },
  });
  const engine = values.db === 'postgres' || values.db === 'pg' ? 'postgres' : 'sqlite';
  const target = targetFor(
    engine,
    process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/tourdesk_bench',
  );
  const handle = openDatabase({ url: target.url });
  const runs = Math.max(1, Number(values.runs));
  try {
    console.log(`# ${target.label}`);
    const words = (values.only ?? '').split(',').filter(Boolean);
    for (const scenario of SCENARIOS) {
      if (words.length > 0 && !words.some((word) => scenario.name.includes(word))) continue;
      for (const path of values['all-paths'] ? scenario.paths : scenario.paths.slice(0, 1)) {
        const search = path.includes('?') ? path.slice(path.indexOf('?') + 1) : '';
        const query = ZListQuery.parse(qs.parse(search, { depth: 2, arrayLimit: 100, parameterLimit: 200 }));
        const capture = new CapturePlugin();
        const started = performance.now();
        await listUsers({ db: handle.db.withPlugin(capture), dialect: handle.dialect }, 'staff', query);
        console.log(
          `\n## ${scenario.name}: GET ${decodeURIComponent(path)} — listUsers ${(performance.now() - started).toFixed(1)} ms`,
        );
        for (const { node, queryId } of capture.captured) {
          const compiled = handle.db.getExecutor().compileQuery(node, queryId);
          const ms = await medianMs(handle, compiled, runs);
          console.log(`\n-- ${ms.toFixed(2)} ms (median of ${runs})`);
          console.log(compiled.sql);
          console.log(`-- parameters: ${JSON.stringify(compiled.parameters)}`);
          for (const line of await plan(handle, compiled)) console.log(`   ${line}`);
        }
      }
    }
  } finally {
    await handle.destroy();
  }
}

await main();
