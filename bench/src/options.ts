import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

export type EngineName = 'sqlite' | 'postgres';

export type BenchOptions = {
  engines: EngineName[];
  /** PostgreSQL URL of the bench database (dropped and recreated unless `reuse`). */
  postgresUrl: string;
  /** Staff users to generate (when a users scenario runs). */
  users: number;
  /** Customers to generate (when a customers scenario runs). */
  customers: number;
  /** Journeys to generate, 12 dates each (when a journeys scenario runs). */
  journeys: number;
  /** Departures to plan and participants to book (`--only bookings`, bookings.ts). */
  departures: number;
  participants: number;
  /** Invoices to issue and render per connection count (`--only invoices`, invoices.ts). */
  invoices: number;
  /** Seconds per measured scenario run. */
  duration: number;
  /** Seconds of warm-up before each measured run. */
  warmup: number;
  /** Seconds of every selected scenario's requests on each server before the first scenario (drive.ts `warmUpServers`). */
  warmStart: number;
  /** Rounds the measured seconds are cut into, project and floor taking turns (drive.ts). */
  rounds: number;
  /** Concurrent connections; every scenario runs once per count. */
  connections: number[];
  port: number;
  /** Keep an existing bench database that already holds the generated users. */
  reuse: boolean;
  /** Run only the scenarios whose names contain one of these (all when empty). */
  only: string[];
  /** Entry file of the server under test (another checkout, to compare a change). */
  server: string;
};

export const USAGE = `npm run bench -- [options]

  --db sqlite|postgres|both   databases to run on (default: sqlite, plus postgres when BENCH_DATABASE_URL is set)
  --users N                   staff users to generate (default 200000; only when a users scenario runs)
  --customers N               customers to generate (default 250000; only when a customers scenario runs)
  --journeys N                journeys to generate, 12 dates each, 6 % online (default 5000; only when a
                              journeys scenario runs)
  --departures N              departures to plan for the bookings bench (default 2000; --only bookings)
  --participants N            participants to book on them in bulk (default 1000000; --only bookings)
  --invoices N                invoices to issue and render per connection count (default 400; --only invoices)
  --duration S                seconds per measured scenario (default 10)
  --warmup S                  seconds of warm-up before each scenario (default 3)
  --warm-start S              seconds of every selected scenario's requests on each server before the first
                              scenario, at the highest connection count (default 30; 0: none)
  --rounds N                  rounds the measured seconds of a scenario are cut into, project and floor
                              taking turns (default 5)
  --connections C[,C]         concurrent connections, each count in turn (default 1,10)
  --port P                    port for the API under test (default 3210, the next free one when taken)
  --only NAME[,NAME]          run only the scenarios whose names contain one of these words
                              (users, customers, list, search, …; bookings: the booking bench;
                              invoices: invoice generation)
  --reuse                     keep the bench database when it already holds the generated users
  --server FILE               server entry to start (default apps/server/src/main.ts), e.g. another checkout's
  --help                      this text

Environment: BENCH_DB, BENCH_USERS, BENCH_CUSTOMERS, BENCH_JOURNEYS, BENCH_DEPARTURES, BENCH_PARTICIPANTS, BENCH_INVOICES, BENCH_DURATION, BENCH_WARMUP, BENCH_WARM_START, BENCH_ROUNDS, BENCH_CONNECTIONS,
BENCH_PORT, BENCH_SERVER stand in for the flags; BENCH_DATABASE_URL is the PostgreSQL database to use
(default postgres://postgres@127.0.0.1:5432/tourdesk_bench). It is dropped and recreated on every run.`;

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/tourdesk_bench';

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number ≥ 0 (got "${raw}")`);
  return value;
}

function parseEngines(raw: string | undefined, postgresConfigured: boolean): EngineName[] {
  switch (raw) {
    case undefined:
    case '':
      return postgresConfigured ? ['sqlite', 'postgres'] : ['sqlite'];
    case 'sqlite':
      return ['sqlite'];
    case 'postgres':
    case 'pg':
      return ['postgres'];
    case 'both':
      return ['sqlite', 'postgres'];
    default:
      throw new Error(`--db must be sqlite, postgres or both (got "${raw}")`);
  }
}

/** Reads the flags (winning) and the BENCH_* environment variables; `null` when --help was asked for. */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): BenchOptions | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      db: { type: 'string' },
      users: { type: 'string' },
      customers: { type: 'string' },
      journeys: { type: 'string' },
      departures: { type: 'string' },
      participants: { type: 'string' },
      invoices: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      'warm-start': { type: 'string' },
      rounds: { type: 'string' },
      connections: { type: 'string' },
      port: { type: 'string' },
      only: { type: 'string' },
      reuse: { type: 'boolean' },
      server: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) return null;
  const postgresUrl = env.BENCH_DATABASE_URL || DEFAULT_POSTGRES_URL;
  const options: BenchOptions = {
    engines: parseEngines(values.db ?? env.BENCH_DB, Boolean(env.BENCH_DATABASE_URL)),
    postgresUrl,
    users: positiveInt('--users', values.users ?? env.BENCH_USERS, 200_000),
    customers: positiveInt('--customers', values.customers ?? env.BENCH_CUSTOMERS, 250_000),
    journeys: positiveInt('--journeys', values.journeys ?? env.BENCH_JOURNEYS, 5_000),
    departures: positiveInt('--departures', values.departures ?? env.BENCH_DEPARTURES, 2_000),
    participants: positiveInt('--participants', values.participants ?? env.BENCH_PARTICIPANTS, 1_000_000),
    invoices: positiveInt('--invoices', values.invoices ?? env.BENCH_INVOICES, 400),
    duration: positiveInt('--duration', values.duration ?? env.BENCH_DURATION, 10),
    warmup: positiveInt('--warmup', values.warmup ?? env.BENCH_WARMUP, 3),
    warmStart: positiveInt('--warm-start', values['warm-start'] ?? env.BENCH_WARM_START, 30),
    rounds: Math.max(1, positiveInt('--rounds', values.rounds ?? env.BENCH_ROUNDS, 5)),
    connections: (values.connections ?? env.BENCH_CONNECTIONS ?? '1,10')
      .split(',')
      .map((count) => positiveInt('--connections', count.trim(), 10)),
    port: positiveInt('--port', values.port ?? env.BENCH_PORT, 3210),
    reuse: values.reuse ?? false,
    only: (values.only ?? '')
      .split(',')
      .map((word) => word.trim())
      .filter(Boolean),
    server: resolve(values.server ?? env.BENCH_SERVER ?? resolve(import.meta.dirname, '../../apps/server/src/main.ts')),
  };
  if (options.duration < 1) throw new Error('--duration must be at least 1 second');
  if (options.connections.some((count) => count < 1)) throw new Error('--connections must be at least 1');
  if (!existsSync(options.server)) throw new Error(`--server: no file ${options.server}`);
  if (!/^postgres(ql)?:\/\//.test(postgresUrl)) throw new Error('BENCH_DATABASE_URL must be a postgres:// URL');
  return options;
}
