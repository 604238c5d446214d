/**
 * `npm run bench`: generates staff users at volume, starts the real server on that database and drives
 * GET /users-lit (pages, sorting, lit-search) over loopback with autocannon. See bench/README.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database.ts';
import type { DriveSpec, ScenarioResult } from './drive.ts';
import { BENCH_DIR, countGenerated, generateUsers, migrateAndSeed, recreateDatabase, targetFor } from './generate.ts';
import { parseOptions, USAGE, type BenchOptions, type EngineName } from './options.ts';
import { cpuSnapshot, otherWork } from './cpu.ts';
import { formatTable, meetsTarget } from './report.ts';
import { P95_TARGET_MS, SCENARIOS } from './scenarios.ts';
import { freePort, hasTaskset, login, pinned, startServer, type RunningServer } from './server.ts';

const DEFAULT_SERVER = resolve(import.meta.dirname, '../../apps/server/src/main.ts');
const ADMIN = { email: 'admin@example.com', password: 'Demo1234!' };
const DATA_DIR = resolve(BENCH_DIR, '.data');
const RESULTS_DIR = resolve(BENCH_DIR, 'results');

const log = (line: string) => process.stdout.write(`${line}\n`);
const seconds = (since: number) => (performance.now() - since) / 1000;

/** What has to be stopped on the way out (errors, Ctrl-C). */
const running: { server: RunningServer | null; driver: ChildProcess | null } = { server: null, driver: null };

async function engineVersion(handle: DatabaseHandle): Promise<string> {
  const query =
    handle.dialect === 'postgres'
      ? sql<{ v: string }>`select current_setting('server_version') as v`
      : sql<{ v: string }>`select sqlite_version() as v`;
  const { rows } = await query.execute(handle.db);
  return `${handle.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} ${rows[0]?.v ?? '?'}`;
}

type Preparation = { engineVersion: string; reused: boolean; migrateSeedSeconds: number; generateSeconds: number };

async function prepare(engine: EngineName, options: BenchOptions): Promise<Preparation> {
  const target = targetFor(engine, options.postgresUrl);
  if (options.reuse) {
    const existing = openDatabase({ url: target.url });
    try {
      if ((await countGenerated(existing)) === options.users) {
        log(`reusing ${target.label} with ${options.users.toLocaleString('en')} generated users`);
        return {
          engineVersion: await engineVersion(existing),
          reused: true,
          migrateSeedSeconds: 0,
          generateSeconds: 0,
        };
      }
    } catch {
      // not there yet: create it below
    } finally {
      await existing.destroy();
    }
  }

  log(`preparing ${target.label}`);
  let started = performance.now();
  await recreateDatabase(target);
  const handle = openDatabase({ url: target.url });
  try {
    await migrateAndSeed(handle);
    const migrateSeedSeconds = seconds(started);
    log(`  migrated and seeded the demo data in ${migrateSeedSeconds.toFixed(1)} s`);
    log(`generating ${options.users.toLocaleString('en')} staff users`);
    started = performance.now();
    await generateUsers(handle, options.users, log);
    const generateSeconds = seconds(started);
    log(
      `  generated ${options.users.toLocaleString('en')} users in ${generateSeconds.toFixed(1)} s ` +
        `(${Math.round(options.users / Math.max(generateSeconds, 0.001)).toLocaleString('en')} users/s, statistics included)`,
    );
    return { engineVersion: await engineVersion(handle), reused: false, migrateSeedSeconds, generateSeconds };
  } finally {
    await handle.destroy();
  }
}

/** Runs drive.ts as a child pinned to core 1 and reads its results. */
async function drive(spec: DriveSpec): Promise<ScenarioResult[]> {
  const [command, args] = pinned('1', process.execPath, [resolve(BENCH_DIR, 'src/drive.ts')]);
  const child = spawn(command, args, {
    env: { ...process.env, BENCH_DRIVE_SPEC: JSON.stringify(spec) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  running.driver = child;
  const code = await new Promise<number | null>((done) => child.once('exit', (exitCode) => done(exitCode)));
  running.driver = null;
  if (code !== 0) throw new Error(`the load generator failed (exit code ${code})`);
  return JSON.parse(readFileSync(spec.output, 'utf8')) as ScenarioResult[];
}

type EngineReport = {
  engine: EngineName;
  failed: boolean;
};

async function benchEngine(engine: EngineName, options: BenchOptions): Promise<EngineReport> {
  const target = targetFor(engine, options.postgresUrl);
  log(`\n=== ${engine} ===`);
  const preparation = await prepare(engine, options);

  // Other work on the machine skews the figures: measure how much CPU it took meanwhile.
  const loadBefore = loadavg()[0]!;
  const cpuBefore = cpuSnapshot(engine === 'postgres');
  const port = await freePort(options.port);
  const server = await startServer(options.server, target.url, port, resolve(DATA_DIR, `server-${engine}.log`));
  running.server = server;
  let results: ScenarioResult[];
  try {
    if (options.server !== DEFAULT_SERVER) log(`server under test: ${options.server}`);
    log(
      `server pid ${server.pid} on ${server.baseUrl}${hasTaskset ? ' (core 0; load generator on core 1)' : ' (taskset not found: not pinned)'}`,
    );
    const token = await login(server.baseUrl, ADMIN.email, ADMIN.password);
    const scenarios = SCENARIOS.filter(
      (scenario) => options.only.length === 0 || options.only.some((word) => scenario.name.includes(word)),
    );
    if (scenarios.length === 0) throw new Error(`--only ${options.only.join(',')} matches no scenario`);
    log(`${options.connections} connections, ${options.warmup} s warm-up + ${options.duration} s per scenario`);
    const scratch = mkdtempSync(resolve(tmpdir(), 'tourdesk-bench-'));
    const output = resolve(scratch, 'results.json');
    results = await drive({
      baseUrl: server.baseUrl,
      token,
      connections: options.connections,
      duration: options.duration,
      warmup: options.warmup,
      scenarios,
      output,
    }).finally(() => rmSync(scratch, { recursive: true, force: true }));
  } finally {
    await server.stop();
    running.server = null;
  }

  const loadAfter = loadavg()[0]!;
  const otherCpu = otherWork(cpuBefore, cpuSnapshot(engine === 'postgres'));
  log(
    `\n${preparation.engineVersion} — ${options.users.toLocaleString('en')} generated users, ` +
      `${options.connections} connections, ${options.duration} s per scenario`,
  );
  log(formatTable(results));
  log(
    `other work on the machine meanwhile: ${otherCpu === null ? '?' : `${Math.round(otherCpu * 100)} % of the CPUs`}` +
      ` (load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after)`,
  );
  const broken = results.filter((result) => result.non2xx > 0 || result.errors > 0 || result.timeouts > 0);
  for (const result of broken) {
    log(
      `!! ${result.name}: ${result.non2xx} non-2xx (${JSON.stringify(result.statusCounts)}), ` +
        `${result.errors} connection errors, ${result.timeouts} timeouts`,
    );
  }

  mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = resolve(RESULTS_DIR, `${stamp}-${engine}.json`);
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        engine,
        engineVersion: preparation.engineVersion,
        database: target.label,
        server: options.server,
        options: {
          users: options.users,
          duration: options.duration,
          warmup: options.warmup,
          connections: options.connections,
        },
        machine: {
          cpus: cpus().length,
          cpu: cpus()[0]?.model ?? '?',
          node: process.version,
          pinned: hasTaskset,
          loadAverage1m: { before: loadBefore, after: loadAfter },
          otherWorkCpuShare: otherCpu,
        },
        preparation,
        targetsP95Ms: P95_TARGET_MS,
        results: results.map((result) => ({ ...result, met: meetsTarget(result) })),
      },
      null,
      2,
    )}\n`,
  );
  log(`results: ${file}`);
  return { engine, failed: broken.length > 0 };
}

async function cleanUp(): Promise<void> {
  running.driver?.kill('SIGTERM');
  await running.server?.stop();
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2), process.env);
  if (!options) {
    log(USAGE);
    return 0;
  }
  mkdirSync(DATA_DIR, { recursive: true });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log(`\n${signal}: stopping`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
  let failed = false;
  for (const engine of options.engines) {
    const report = await benchEngine(engine, options);
    failed ||= report.failed;
  }
  if (failed) {
    log('\nFAILED: some requests did not answer 2xx (see above and bench/.data/server-*.log)');
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    process.stderr.write(`\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    await cleanUp();
    process.exit(1);
  },
);
