/**
 * Where the time of one request goes. Builds the real application in this process on the bench database
 * (the same buildApp, plugins and count cache as the server), sends each scenario's requests one after the
 * other with Fastify's inject (no network, no concurrency) and splits every request into the stages of
 * Fastify's lifecycle, with the SQL statements it ran timed on their own (through a Kysely plugin):
 *
 *   auth        routing and the onRequest hooks: JWT check and loading the user
 *   validation  query string parsing and zod validation
 *   handler     the list function: its SQL, and mapping the rows
 *   serialize   zod response serialization to JSON
 *   rest        onSend hooks and inject's own work
 *
 * Run `npm run bench` first (it leaves the database behind), then:
 *
 *   node_modules/.bin/node bench/src/profile.ts [--db sqlite|postgres] [--only customers] [--requests 100]
 */
import { parseArgs } from 'node:util';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { targetFor } from './generate.ts';
import { selectListScenarios, type Account } from './scenarios.ts';

const ACCOUNTS: Record<Account, string> = { admin: 'admin@example.com', office: 'office@example.com' };
const PASSWORD = 'Demo1234!';

/** Times every statement from the moment Kysely hands it over until its result comes back. */
class TimingPlugin implements KyselyPlugin {
  readonly done: Array<{ kind: string; ms: number }> = [];
  private readonly started = new WeakMap<QueryId, { kind: string; at: number }>();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.started.set(args.queryId, { kind: statementKind(args.node), at: performance.now() });
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const start = this.started.get(args.queryId);
    if (start) this.done.push({ kind: start.kind, ms: performance.now() - start.at });
    return args.result;
  }
}

/** A short name for a statement: its kind and first table, and whether it counts. */
function statementKind(node: RootOperationNode): string {
  const text = JSON.stringify(node);
  const table = /"identifier":\{"kind":"IdentifierNode","name":"([^"]+)"/.exec(text)?.[1] ?? '?';
  if (node.kind !== 'SelectQueryNode') return `${node.kind.replace('QueryNode', '').toLowerCase()} ${table}`;
  return `${text.includes('count(') ? 'count' : 'select'} ${table}`;
}

const median = (values: number[]) => {
  if (values.length === 0) return Number.NaN;
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const p95 = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)] ?? Number.NaN;
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'sqlite' },
      only: { type: 'string' },
      requests: { type: 'string', default: '100' },
    },
  });
  const engine = values.db === 'postgres' || values.db === 'pg' ? 'postgres' : 'sqlite';
  const target = targetFor(
    engine,
    process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/tourdesk_bench',
  );
  const requests = Math.max(1, Number(values.requests));
  const config = loadConfig({ ...process.env, DATABASE_URL: target.url, SEED_DEMO: '0', SMTP_URL: '' });
  const database = openDatabase({ url: target.url, countCacheMs: config.countCacheMs });
  const timing = new TimingPlugin();
  const app = await buildApp({
    config,
    database: { ...database, db: database.db.withPlugin(timing) },
    logger: false,
  });

  type Stamps = { preValidation?: number; preHandler?: number; preSerialization?: number; onSend?: number };
  const stamps: Stamps = {};
  app.addHook('preValidation', async () => void (stamps.preValidation = performance.now()));
  app.addHook('preHandler', async () => void (stamps.preHandler = performance.now()));
  app.addHook('preSerialization', async () => void (stamps.preSerialization = performance.now()));
  app.addHook('onSend', async () => void (stamps.onSend = performance.now()));
  await app.ready();

  try {
    console.log(
      `# ${target.label}: ${requests} requests per path, one at a time (count cache ${config.countCacheMs} ms)`,
    );
    // What any request costs: GET /api/v1/health (no authentication, one `select 1`).
    const health: number[] = [];
    for (let round = -5; round < requests; round++) {
      const started = performance.now();
      await app.inject({ method: 'GET', url: '/api/v1/health' });
      if (round >= 0) health.push(performance.now() - started);
    }
    console.log(`\nGET /api/v1/health: median ${median(health).toFixed(2)} ms, p95 ${p95(health).toFixed(2)} ms`);
    const tokens = new Map<Account, string>();
    const scenarios = selectListScenarios((values.only ?? '').split(',').filter(Boolean));
    for (const scenario of scenarios) {
      const account = scenario.account;
      if (account === null) continue;
      if (!tokens.has(account)) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/v1/authentication',
          payload: { strategy: 'local', email: ACCOUNTS[account], password: PASSWORD },
        });
        tokens.set(account, (response.json() as { accessToken: string }).accessToken);
      }
      const headers = { authorization: `Bearer ${tokens.get(account)}` };
      const stages: Record<string, number[]> = {
        total: [],
        auth: [],
        validation: [],
        handler: [],
        serialize: [],
        rest: [],
        sql: [],
      };
      const statements = new Map<string, number[]>();
      let bytes = 0;
      // A few unmeasured rounds first (statement caches, JIT), then the measured ones.
      for (let round = -5; round < requests; round++) {
        const path = scenario.paths[(round + 5) % scenario.paths.length]!;
        for (const key of Object.keys(stamps) as Array<keyof Stamps>) delete stamps[key];
        timing.done.length = 0;
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url: path, headers });
        const ended = performance.now();
        if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
        if (round < 0) continue;
        bytes += response.rawPayload.length;
        const { preValidation = started, preHandler = started, preSerialization = ended, onSend = ended } = stamps;
        stages.total!.push(ended - started);
        stages.auth!.push(preValidation - started);
        stages.validation!.push(preHandler - preValidation);
        stages.handler!.push(preSerialization - preHandler);
        stages.serialize!.push(onSend - preSerialization);
        stages.rest!.push(ended - onSend);
        stages.sql!.push(timing.done.reduce((sum, statement) => sum + statement.ms, 0));
        const seen = new Map<string, number>();
        for (const statement of timing.done) seen.set(statement.kind, (seen.get(statement.kind) ?? 0) + statement.ms);
        for (const [kind, ms] of seen) statements.set(kind, [...(statements.get(kind) ?? []), ms]);
      }
      const cell = (list: number[]) => `${median(list).toFixed(2).padStart(7)} ${p95(list).toFixed(2).padStart(7)}`;
      console.log(`\n## ${scenario.name} (${scenario.paths.length} path(s), ${Math.round(bytes / requests)} bytes)`);
      console.log(`   ${'stage'.padEnd(23)} median     p95   (ms)`);
      for (const [stage, list] of Object.entries(stages)) console.log(`   ${stage.padEnd(23)} ${cell(list)}`);
      for (const [kind, list] of statements) {
        // Statements not run on every request (the count, reused from the count cache) show how often they ran.
        const share = list.length === requests ? '' : `  (in ${list.length} of ${requests} requests)`;
        console.log(`     sql: ${kind.padEnd(18)} ${cell(list)}${share}`);
      }
    }
  } finally {
    await app.close();
    await database.destroy();
  }
}

await main();
