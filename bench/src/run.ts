/**
 * `npm run bench`: generates staff users and customers at volume, starts the real server on that database
 * and drives GET /users-lit and GET /customers (pages, sorting, lit-search) over loopback with autocannon.
 * See bench/README.md.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database.ts';
import { benchBookingLists } from './booking-lists.ts';
import { benchBookings } from './bookings.ts';
import { benchInvoices } from './invoices.ts';
import {
  driveInChild,
  projectAndFloor,
  warmUpServers,
  type DriveResults,
  type DriveSpec,
  type ScenarioResult,
} from './drive.ts';
import {
  BENCH_DIR,
  countGenerated,
  finishLoad,
  generateCustomers,
  generateUsers,
  migrateAndSeed,
  recreateDatabase,
  targetFor,
  type Generated,
} from './generate.ts';
import { generateJourneys } from './generate-journeys.ts';
import { parseOptions, USAGE, type BenchOptions, type EngineName } from './options.ts';
import { cpuSnapshot, otherWork } from './cpu.ts';
import { recordFloor } from './floor-recording.ts';
import { peakRssMb, rssMb, sameAnswers, type MemoryReport } from './floor-check.ts';
import { formatComparison, formatTable, meetsTarget, P50_RATIO_TARGET, RPS_RATIO_TARGET } from './report.ts';
import { ACCOUNTS, P95_TARGET_MS, selectScenarios, type Account, type Scenario } from './scenarios.ts';
import { freePort, hasTaskset, login, startServer, type RunningServer } from './server.ts';

const DEFAULT_SERVER = resolve(import.meta.dirname, '../../apps/server/src/main.ts');
const FLOOR_SERVER = resolve(import.meta.dirname, 'floor.ts');
const DATA_DIR = resolve(BENCH_DIR, '.data');
const RESULTS_DIR = resolve(BENCH_DIR, 'results');

const log = (line: string) => process.stdout.write(`${line}\n`);
const seconds = (since: number) => (performance.now() - since) / 1000;

/** What has to be stopped on the way out (errors, Ctrl-C). */
const running: { server: RunningServer | null; floor: RunningServer | null; driver: ChildProcess | null } = {
  server: null,
  floor: null,
  driver: null,
};

async function engineVersion(handle: DatabaseHandle): Promise<string> {
  const query =
    handle.dialect === 'postgres'
      ? sql<{ v: string }>`select current_setting('server_version') as v`
      : sql<{ v: string }>`select sqlite_version() as v`;
  const { rows } = await query.execute(handle.db);
  return `${handle.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} ${rows[0]?.v ?? '?'}`;
}

type Preparation = {
  engineVersion: string;
  reused: boolean;
  /** What the database holds beyond the demo data. */
  generated: Generated;
  migrateSeedSeconds: number;
  usersSeconds: number;
  customersSeconds: number;
  journeysSeconds: number;
  /** ANALYZE (and VACUUM on PostgreSQL) after the load. */
  statisticsSeconds: number;
  /** users + customers + journeys + statistics. */
  generateSeconds: number;
};

const count = (value: number) => value.toLocaleString('en');
const connectionsText = (connections: number) => `${connections} connection${connections === 1 ? '' : 's'}`;
const generatedText = (generated: Generated) =>
  `${count(generated.users)} generated users, ${count(generated.customers)} generated customers, ` +
  `${count(generated.journeys)} generated journeys`;

/** The volumes a run needs: only the groups of the selected scenarios are generated. */
function wantedVolumes(options: BenchOptions, scenarios: readonly Scenario[]): Generated {
  const groups = new Set(scenarios.map((scenario) => scenario.group));
  return {
    users: groups.has('users') ? options.users : 0,
    customers: groups.has('customers') ? options.customers : 0,
    journeys: groups.has('journeys') ? options.journeys : 0,
  };
}

/** An existing database serves when it holds exactly what the selected groups need (the others may differ). */
function serves(existing: Generated, wanted: Generated, scenarios: readonly Scenario[]): boolean {
  const groups = new Set(scenarios.map((scenario) => scenario.group));
  return [...groups].every(
    (group) => !(group in existing) || existing[group as keyof Generated] === wanted[group as keyof Generated],
  );
}

async function prepare(
  engine: EngineName,
  options: BenchOptions,
  scenarios: readonly Scenario[],
): Promise<Preparation> {
  const target = targetFor(engine, options.postgresUrl);
  const wanted = wantedVolumes(options, scenarios);
  if (options.reuse) {
    const existing = openDatabase({ url: target.url });
    try {
      const generated = await countGenerated(existing);
      if (serves(generated, wanted, scenarios)) {
        log(`reusing ${target.label} with ${generatedText(generated)}`);
        return {
          engineVersion: await engineVersion(existing),
          reused: true,
          generated,
          migrateSeedSeconds: 0,
          usersSeconds: 0,
          customersSeconds: 0,
          journeysSeconds: 0,
          statisticsSeconds: 0,
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
    const rate = (rows: number, took: number) => count(Math.round(rows / Math.max(took, 0.001)));

    let usersSeconds = 0;
    if (wanted.users > 0) {
      log(`generating ${count(wanted.users)} staff users`);
      started = performance.now();
      await generateUsers(handle, wanted.users, log);
      usersSeconds = seconds(started);
      log(
        `  generated ${count(wanted.users)} users in ${usersSeconds.toFixed(1)} s (${rate(wanted.users, usersSeconds)} users/s)`,
      );
    }
    let customersSeconds = 0;
    if (wanted.customers > 0) {
      log(`generating ${count(wanted.customers)} customers`);
      started = performance.now();
      await generateCustomers(handle, wanted.customers, log);
      customersSeconds = seconds(started);
      log(
        `  generated ${count(wanted.customers)} customers in ${customersSeconds.toFixed(1)} s ` +
          `(${rate(wanted.customers, customersSeconds)} customers/s)`,
      );
    }
    let journeysSeconds = 0;
    if (wanted.journeys > 0) {
      log(`generating ${count(wanted.journeys)} journeys with their dates, prices, texts and stops`);
      started = performance.now();
      await generateJourneys(handle, wanted.journeys, log);
      journeysSeconds = seconds(started);
      log(
        `  generated ${count(wanted.journeys)} journeys in ${journeysSeconds.toFixed(1)} s ` +
          `(${rate(wanted.journeys, journeysSeconds)} journeys/s)`,
      );
    }
    started = performance.now();
    await finishLoad(handle);
    const statisticsSeconds = seconds(started);
    log(
      `  ${engine === 'postgres' ? 'VACUUM (ANALYZE)' : 'ANALYZE, PRAGMA optimize and a checkpoint'} in ${statisticsSeconds.toFixed(1)} s`,
    );
    return {
      engineVersion: await engineVersion(handle),
      reused: false,
      generated: await countGenerated(handle),
      migrateSeedSeconds,
      usersSeconds,
      customersSeconds,
      journeysSeconds,
      statisticsSeconds,
      generateSeconds: usersSeconds + customersSeconds + journeysSeconds + statisticsSeconds,
    };
  } finally {
    await handle.destroy();
  }
}

/** Runs drive.ts as a child pinned to core 1 and reads its results (the child is stopped on Ctrl-C). */
async function drive(spec: DriveSpec): Promise<DriveResults> {
  try {
    return await driveInChild(spec, (child) => (running.driver = child));
  } finally {
    running.driver = null;
  }
}

type EngineReport = {
  engine: EngineName;
  failed: boolean;
};

async function benchEngine(engine: EngineName, options: BenchOptions): Promise<EngineReport> {
  const target = targetFor(engine, options.postgresUrl);
  log(`\n=== ${engine} ===`);
  const scenarios = selectScenarios(options.only);
  if (scenarios.length === 0) throw new Error(`--only ${options.only.join(',')} matches no scenario`);
  const preparation = await prepare(engine, options, scenarios);

  // What the floor replays: the server's own statements for every path (floor.ts, floor-recording.ts). Only the
  // lists have a floor, the journey feed has none; without a list no floor runs.
  const floorScenarios = scenarios.filter((scenario) => scenario.floor);
  const recordingFile = resolve(DATA_DIR, `floor-${engine}.json`);
  if (floorScenarios.length > 0) {
    const recorder = openDatabase({ url: target.url });
    try {
      writeFileSync(recordingFile, JSON.stringify(await recordFloor(recorder, target.url, floorScenarios)));
    } finally {
      await recorder.destroy();
    }
  }

  // Other work on the machine skews the figures: measure how much CPU it took meanwhile.
  const loadBefore = loadavg()[0]!;
  const cpuBefore = cpuSnapshot(engine === 'postgres');
  const port = await freePort(options.port);
  const server = await startServer(options.server, target.url, port, resolve(DATA_DIR, `server-${engine}.log`));
  running.server = server;
  const floor =
    floorScenarios.length > 0
      ? await startServer(
          FLOOR_SERVER,
          target.url,
          await freePort(port + 1),
          resolve(DATA_DIR, `floor-${engine}.log`),
          { BENCH_FLOOR_RECORDING: recordingFile },
        )
      : null;
  running.floor = floor;
  const memory: MemoryReport = {
    project: { idleMb: rssMb(server.pid) },
    floor: { idleMb: floor ? rssMb(floor.pid) : null },
  };
  const results: Record<number, { project: ScenarioResult[]; floor: ScenarioResult[] }> = {};
  try {
    if (options.server !== DEFAULT_SERVER) log(`server under test: ${options.server}`);
    log(
      `server pid ${server.pid} on ${server.baseUrl}` +
        (floor ? `, floor pid ${floor.pid} on ${floor.baseUrl}` : ' (no floor: no list selected)') +
        `${hasTaskset ? ' (on core 0; load generator on core 1)' : ' (taskset not found: not pinned)'}`,
    );
    // One login per account (failed logins are throttled); the tokens serve every request.
    const tokens: Partial<Record<Account, string>> = {};
    for (const account of new Set(scenarios.flatMap((scenario) => (scenario.account ? [scenario.account] : [])))) {
      tokens[account] = await login(server.baseUrl, ACCOUNTS[account].email, ACCOUNTS[account].password);
    }
    if (floor) {
      await sameAnswers(server.baseUrl, floor.baseUrl, floorScenarios, tokens);
      log('the floor answers every path byte for byte as the server does');
    }
    const scratch = mkdtempSync(resolve(tmpdir(), 'tourdesk-bench-'));
    try {
      await warmUpServers(
        { project: { baseUrl: server.baseUrl }, floor: floor ? { baseUrl: floor.baseUrl } : null },
        { tokens, output: resolve(scratch, 'results.json') },
        scenarios,
        options,
        log,
        drive,
      );
      for (const connections of options.connections) {
        log(
          `${connectionsText(connections)}, ${options.warmup} s warm-up + ${options.duration} s per scenario and server` +
            ` in ${options.rounds} round(s)`,
        );
        results[connections] = { project: [], floor: [] };
        for (const scenario of scenarios) {
          const measured = await projectAndFloor(
            {
              project: { baseUrl: server.baseUrl, pid: server.pid },
              floor: floor ? { baseUrl: floor.baseUrl, pid: floor.pid } : null,
            },
            {
              tokens,
              connections,
              duration: options.duration,
              warmup: options.warmup,
              rounds: options.rounds,
              output: resolve(scratch, 'results.json'),
            },
            scenario,
            drive,
          );
          results[connections]!.project.push(measured.project);
          if (measured.floor) results[connections]!.floor.push(measured.floor);
        }
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
    memory.project.peakMb = peakRssMb(server.pid);
    memory.floor.peakMb = floor ? peakRssMb(floor.pid) : null;
  } finally {
    await server.stop();
    await floor?.stop();
    running.server = null;
    running.floor = null;
  }

  const loadAfter = loadavg()[0]!;
  const otherCpu = otherWork(cpuBefore, cpuSnapshot(engine === 'postgres'));
  for (const connections of options.connections) {
    const { project, floor: bare } = results[connections]!;
    log(
      `\n${preparation.engineVersion} — ${generatedText(preparation.generated)}, ` +
        `${connectionsText(connections)}, ${options.duration} s per scenario`,
    );
    log(formatTable(project));
    if (bare.length > 0) {
      log(`\nproject vs floor (target: p50 ≤ ${P50_RATIO_TARGET}× and req/s ≥ ${RPS_RATIO_TARGET}× the floor's)`);
      const withFloor = new Set(bare.map((result) => result.name));
      log(
        formatComparison(
          project.filter((result) => withFloor.has(result.name)),
          bare,
        ),
      );
    }
  }
  log(
    `\nmemory (resident set): project ${memory.project.idleMb} MB idle, ${memory.project.peakMb ?? '?'} MB peak` +
      (floor ? `; floor ${memory.floor.idleMb} MB idle, ${memory.floor.peakMb ?? '?'} MB peak` : ''),
  );
  log(
    `other work on the machine meanwhile: ${otherCpu === null ? '?' : `${Math.round(otherCpu * 100)} % of the CPUs`}` +
      ` (load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after)`,
  );
  const all = options.connections.flatMap((connections) => [
    ...results[connections]!.project,
    ...results[connections]!.floor,
  ]);
  const broken = all.filter((result) => result.non2xx > 0 || result.errors > 0 || result.timeouts > 0);
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
          customers: options.customers,
          journeys: options.journeys,
          only: options.only,
          duration: options.duration,
          warmup: options.warmup,
          warmStart: options.warmStart,
          rounds: options.rounds,
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
        targetsVsFloor: { p50Ratio: P50_RATIO_TARGET, rpsRatio: RPS_RATIO_TARGET },
        memoryMb: memory,
        results: Object.fromEntries(
          options.connections.map((connections) => [
            connections,
            {
              project: results[connections]!.project.map((result) => ({ ...result, met: meetsTarget(result) })),
              floor: results[connections]!.floor,
            },
          ]),
        ),
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
  await running.floor?.stop();
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
  // The booking-lists bench (booking-lists.ts) has its own data too; further --only words pick among its scenarios.
  if (options.only.includes('booking-lists')) {
    for (const engine of options.engines) failed ||= !(await benchBookingLists(engine, options));
    return failed ? 1 : 0;
  }
  // The booking bench (bookings.ts) has its own data and measurements; the other scenarios run as before.
  if (options.only.includes('bookings')) {
    for (const engine of options.engines) failed ||= !(await benchBookings(engine, options));
    options.only = options.only.filter((word) => word !== 'bookings');
    if (options.only.length === 0) return failed ? 1 : 0;
  }
  // So has the invoice bench (invoices.ts).
  if (options.only.includes('invoices')) {
    for (const engine of options.engines) failed ||= !(await benchInvoices(engine, options));
    options.only = options.only.filter((word) => word !== 'invoices');
    if (options.only.length === 0) return failed ? 1 : 0;
  }
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
