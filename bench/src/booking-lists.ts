/**
 * `npm run bench -- --only booking-lists`: the bookings list and the processes list of issue #11 at volume. Books
 * `--participants` (1,000,000) participants on `--departures` (2,000) dates with the bookings bench's bulk
 * (bookings.ts `fill`: parties of 1–4, so about 400,000 bookings) — here with German names, a booker from
 * 100,000 generated customers and the search text the server writes — then drives GET /ratio_vorgang (first
 * page, page 50, status filter, departure range, search by booker, participant and booking number) and GET
 * /process-lit against the real server and the floor (floor.ts: the same SQL, no framework), side by side on the
 * same core, as the customer lists are measured. See bench/README.md "Booking lists".
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { buildSearchText } from '@tourdesk/contracts';
import { migrateToLatest, openDatabase, type Database } from '../../apps/server/src/db/database.ts';
import { fill } from './bookings.ts';
import { cpuSnapshot, otherWork } from './cpu.ts';
import { projectAndFloor, warmUpServers, type ScenarioResult } from './drive.ts';
import { peakRssMb, rssMb, sameAnswers } from './floor-check.ts';
import { recordFloor } from './floor-recording.ts';
import { BENCH_DIR, generateCustomers, migrateAndSeed, recreateDatabase, type Target } from './generate.ts';
import { FIRST_NAMES, SURNAMES } from './names.ts';
import type { BenchOptions, EngineName } from './options.ts';
import { formatComparison, formatTable, meetsTarget, P50_RATIO_TARGET, RPS_RATIO_TARGET } from './report.ts';
import { bookingListScenarios, P95_TARGET_MS } from './scenarios.ts';
import { freePort, login, startServer, type RunningServer } from './server.ts';

const DATA_DIR = resolve(BENCH_DIR, '.data');
const RESULTS_DIR = resolve(BENCH_DIR, 'results');
const FLOOR_SERVER = resolve(import.meta.dirname, 'floor.ts');
const OFFICE = { email: 'office@example.com', password: 'Demo1234!' };
/** Customers generated as the bookings' bookers. */
export const BOOKERS = 100_000;

const log = (line: string) => process.stdout.write(`${line}\n`);
const count = (value: number) => value.toLocaleString('en');
const seconds = (since: number) => (performance.now() - since) / 1000;

export function targetOf(engine: EngineName, postgresUrl: string): Target {
  if (engine === 'postgres') {
    const url = new URL(postgresUrl);
    return { engine, url: postgresUrl, label: `postgres ${url.host}${url.pathname}` };
  }
  const file = resolve(DATA_DIR, 'booking-lists.db');
  return { engine, url: `sqlite:${file}`, label: `sqlite ${file}` };
}

/** Small seeded PRNG (mulberry32), as bookings.ts: every run names the same people. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * What the scenarios ask for on the filled database: three booking numbers of the bulk, a 30-day departure range
 * from its middle departure, two termincodes and an agency with bookings.
 */
export async function bookingListInputs(db: Database) {
  const bookings = Number(
    (
      await db
        .selectFrom('booking')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const vorgangnr = [Math.floor(bookings * 0.31), Math.floor(bookings * 0.62), bookings - 7].map(Number);
  // The middle departure of the bulk (the dates ordered by number; the demo's come first).
  const departures = await db
    .selectFrom('jrn_date')
    .innerJoin('booking', 'booking.id_jrn_date', 'jrn_date.nr')
    .select('jrn_date.nr')
    .distinct()
    .orderBy('jrn_date.nr')
    .execute();
  const bulk = await db
    .selectFrom('jrn_date')
    .select(['date_from', 'termincode'])
    .where('nr', '=', departures[Math.floor(departures.length / 2)]!.nr)
    .executeTakeFirstOrThrow();
  const other = await db
    .selectFrom('jrn_date')
    .select('termincode')
    .where('nr', '=', departures[Math.floor(departures.length / 5)]!.nr)
    .executeTakeFirstOrThrow();
  const agency = await db
    .selectFrom('booking')
    .select('id_organization')
    .where('id_organization', 'is not', null)
    .orderBy('id_organization')
    .limit(1)
    .executeTakeFirst();
  const more = { termincodes: [bulk.termincode, other.termincode], agencyId: agency?.id_organization ?? 1 };
  const day = bulk.date_from as unknown;
  const from = day instanceof Date ? day.toISOString().slice(0, 10) : String(day);
  const range = { from, till: new Date(Date.parse(`${from}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10) };
  return { vorgangnr, range, more };
}

/** Whether the bench database holds `participants` participants already (`--reuse`). */
async function bookingsThere(target: Target, participants: number): Promise<boolean> {
  const existing = openDatabase({ url: target.url });
  try {
    const row = await existing.db
      .selectFrom('participant')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    // the demo data's participants come on top of the bulk
    return Number(row.n) >= participants && Number(row.n) < participants + 1_000;
  } catch {
    return false;
  } finally {
    await existing.destroy();
  }
}

export async function benchBookingLists(engine: EngineName, options: BenchOptions): Promise<boolean> {
  const target = targetOf(engine, options.postgresUrl);
  log(
    `\n== booking lists on ${target.label}: ${count(options.departures)} departures, ` +
      `${count(options.participants)} participants, ${count(BOOKERS)} bookers`,
  );
  mkdirSync(DATA_DIR, { recursive: true });
  let started = performance.now();
  const reused = options.reuse ? await bookingsThere(target, options.participants) : false;
  if (reused) log(`  reusing ${target.label}: ${count(options.participants)} participants there (migrated to latest)`);
  else await recreateDatabase(target);
  const handle = openDatabase({ url: target.url });
  let vorgangnr: number[];
  let range: { from: string; till: string };
  let more: { termincodes: string[]; agencyId: number };
  let loadSeconds = 0;
  let version: string;
  try {
    if (reused) await migrateToLatest(handle);
    else await fillBookings();
    ({ vorgangnr, range, more } = await bookingListInputs(handle.db));
    const engineVersion = await sql<{ v: string }>`${
      handle.dialect === 'postgres'
        ? sql`select current_setting('server_version') as v`
        : sql`select sqlite_version() as v`
    }`.execute(handle.db);
    version = `${engine === 'postgres' ? 'PostgreSQL' : 'SQLite'} ${engineVersion.rows[0]?.v ?? '?'}`;
  } finally {
    await handle.destroy();
  }

  async function fillBookings(): Promise<void> {
    await migrateAndSeed(handle);
    log(`  migrated and seeded the demo data in ${seconds(started).toFixed(1)} s`);
    started = performance.now();
    await generateCustomers(handle, BOOKERS, () => {});
    const bookers = await handle.db
      .selectFrom('vc_card')
      .select(['id_vc_card', 'name'])
      .where('kind', '=', 'customer')
      .orderBy('id_vc_card')
      .execute();
    log(`  ${count(bookers.length)} customers in ${seconds(started).toFixed(1)} s`);

    // The bulk of bookings.ts, with names, bookers and the search text the server would write.
    started = performance.now();
    const next = random(20261125);
    const dates = new Map<number, { title: string; termincode: string }>();
    const agencies = (await handle.db.selectFrom('organization').select('id').orderBy('id').execute()).map(
      (row) => row.id,
    );
    if (agencies.length === 0) throw new Error('the demo data has no agency');
    const filled = await fill(handle, options.departures, options.participants, {
      prepare: async () => {
        const rows = await handle.db
          .selectFrom('jrn_date')
          .innerJoin('jrn_journey', 'jrn_journey.id_jrn_journey', 'jrn_date.id_jrn_journey')
          .select(['jrn_date.nr', 'jrn_date.termincode', 'jrn_journey.title'])
          .execute();
        for (const row of rows) dates.set(row.nr, { title: row.title, termincode: row.termincode });
      },
      participant: () => ({
        name: SURNAMES[Math.floor(next() * SURNAMES.length)]!,
        name1: FIRST_NAMES[Math.floor(next() * FIRST_NAMES.length)]!,
      }),
      booking: (booking, participants) => {
        const booker = bookers[(booking.id * 7919) % bookers.length]!;
        const date = dates.get(booking.id_jrn_date)!;
        return {
          id_booker_card: booker.id_vc_card,
          // every tenth booking through one of the demo's agencies
          id_organization: booking.id % 10 === 0 ? agencies[(booking.id / 10) % agencies.length]! : null,
          // as bookings.service refreshBookingSearchText writes it
          search_text: buildSearchText([
            booking.id,
            null,
            booker.name,
            ...participants.flatMap((participant) => [participant.name1, participant.name]),
            null,
            date.title,
            date.termincode,
            null,
          ]),
        };
      },
    });
    loadSeconds = seconds(started);
    log(
      `  ${count(filled.participants)} participants in ${count(filled.departures.length)} departures, with ` +
        `search text and statistics, in ${loadSeconds.toFixed(1)} s`,
    );
  }

  const only = options.only.filter((word) => word !== 'booking-lists');
  const scenarios = bookingListScenarios(vorgangnr, range, more).filter(
    (scenario) => only.length === 0 || only.some((word) => scenario.name.includes(word)),
  );
  // The CSV export has no floor: it is measured on the project alone.
  const floorScenarios = scenarios.filter((scenario) => scenario.floor);
  const recordingFile = resolve(DATA_DIR, `floor-booking-lists-${engine}.json`);
  const recorder = openDatabase({ url: target.url });
  try {
    writeFileSync(recordingFile, JSON.stringify(await recordFloor(recorder, target.url, floorScenarios)));
  } finally {
    await recorder.destroy();
  }

  const loadBefore = loadavg()[0]!;
  const cpuBefore = cpuSnapshot(engine === 'postgres');
  const port = await freePort(options.port);
  let server: RunningServer | null = null;
  let floor: RunningServer | null = null;
  const results: Record<number, { project: ScenarioResult[]; floor: ScenarioResult[] }> = {};
  const memory = {
    project: { idleMb: 0 as number | null, peakMb: null as number | null },
    floor: { idleMb: 0 as number | null, peakMb: null as number | null },
  };
  try {
    server = await startServer(
      options.server,
      target.url,
      port,
      resolve(DATA_DIR, `server-booking-lists-${engine}.log`),
    );
    floor = await startServer(
      FLOOR_SERVER,
      target.url,
      await freePort(port + 1),
      resolve(DATA_DIR, `floor-booking-lists-${engine}.log`),
      { BENCH_FLOOR_RECORDING: recordingFile },
    );
    memory.project.idleMb = rssMb(server.pid);
    memory.floor.idleMb = rssMb(floor.pid);
    const tokens = { office: await login(server.baseUrl, OFFICE.email, OFFICE.password) };
    await sameAnswers(server.baseUrl, floor.baseUrl, floorScenarios, tokens);
    log('  the floor answers every path byte for byte as the server does');
    const scratch = mkdtempSync(resolve(tmpdir(), 'tourdesk-bench-'));
    try {
      await warmUpServers(
        { project: { baseUrl: server.baseUrl }, floor: { baseUrl: floor.baseUrl } },
        { tokens, output: resolve(scratch, 'results.json') },
        scenarios,
        options,
        (line) => log(`  ${line}`),
      );
      for (const connections of options.connections) {
        log(
          `  ${connections} connection(s), ${options.warmup} s warm-up + ${options.duration} s per scenario and server` +
            ` in ${options.rounds} round(s)`,
        );
        results[connections] = { project: [], floor: [] };
        for (const scenario of scenarios) {
          const measured = await projectAndFloor(
            {
              project: { baseUrl: server.baseUrl, pid: server.pid },
              floor: { baseUrl: floor.baseUrl, pid: floor.pid },
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
          );
          results[connections]!.project.push(measured.project);
          if (measured.floor) results[connections]!.floor.push(measured.floor);
        }
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
    memory.project.peakMb = peakRssMb(server.pid);
    memory.floor.peakMb = peakRssMb(floor.pid);
  } finally {
    await server?.stop();
    await floor?.stop();
  }
  const loadAfter = loadavg()[0]!;
  const otherCpu = otherWork(cpuBefore, cpuSnapshot(engine === 'postgres'));

  for (const connections of options.connections) {
    const { project, floor: bare } = results[connections]!;
    log(
      `\n${version} — ${count(options.participants)} participants, booking numbers ${vorgangnr.join(', ')}, ` +
        `departures ${range.from} to ${range.till}, ${connections} connection(s), ${options.duration} s per scenario`,
    );
    log(formatTable(project));
    log(`\nproject vs floor (target: p50 ≤ ${P50_RATIO_TARGET}× and req/s ≥ ${RPS_RATIO_TARGET}× the floor's)`);
    log(
      formatComparison(
        project.filter((_, index) => scenarios[index]!.floor),
        bare,
      ),
    );
  }
  log(
    `\nmemory (resident set): project ${memory.project.idleMb} MB idle, ${memory.project.peakMb ?? '?'} MB peak; ` +
      `floor ${memory.floor.idleMb} MB idle, ${memory.floor.peakMb ?? '?'} MB peak`,
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
  for (const result of broken)
    log(`!! ${result.name}: ${result.non2xx} non-2xx, ${result.errors} connection errors, ${result.timeouts} timeouts`);

  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = resolve(RESULTS_DIR, `${new Date().toISOString().replace(/[:.]/g, '-')}-booking-lists-${engine}.json`);
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        engine,
        engineVersion: version,
        database: target.label,
        options: {
          departures: options.departures,
          participants: options.participants,
          bookers: BOOKERS,
          duration: options.duration,
          warmup: options.warmup,
          warmStart: options.warmStart,
          connections: options.connections,
        },
        machine: {
          cpus: cpus().length,
          cpu: cpus()[0]?.model ?? '?',
          loadAverage1m: { before: loadBefore, after: loadAfter },
          otherWorkCpuShare: otherCpu,
        },
        loadSeconds,
        vorgangnr,
        range,
        termincodes: more.termincodes,
        agencyId: more.agencyId,
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
  return broken.length === 0;
}
