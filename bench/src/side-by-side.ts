/**
 * Side by side: one request path on several servers — checkouts of the project (a change against the commit before
 * it) and the floor — taking turns in short rounds, and per round the CPU each server spent per answer. A change of
 * a few per cent in a server's cost is lost in the machine's noise between two bench runs; within one run, turn by
 * turn, the noise falls on every server alike, and the median of the rounds' ratios shows it.
 *
 *   node bench/src/side-by-side.ts --recording bench/.data/floor-booking-lists-postgres.json \
 *     --path '/api/v1/ratio_vorgang?%24skip=1000' before=/tmp/before main=. floor
 *
 * The recording (written by a bench run: `bench/.data/floor-*.json`) names the database and the paths the floor
 * answers; every server is first warmed with each of its paths for `--warm` seconds, as the bench's warm start does
 * (a server warmed with one path only looks cheaper than it is: its shared code has seen one shape). A server is
 * `name=<checkout directory or server entry file>`, or `floor`. All run pinned to core 0 (idle while another takes its
 * turn), the load generator on core 1, as in run.ts. Linux only (CPU from /proc).
 */
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { driveInChild, percentile, type DriveTarget, type ScenarioResult } from './drive.ts';
import type { FloorRecording, FloorRoute } from './floor-recording.ts';
import { ACCOUNT_OF_GROUP, ACCOUNTS, type Account, type Scenario } from './scenarios.ts';
import { freePort, login, startServer, type RunningServer } from './server.ts';

const BENCH_DIR = resolve(import.meta.dirname, '..');
const DATA_DIR = resolve(BENCH_DIR, '.data');
const FLOOR_SERVER = resolve(import.meta.dirname, 'floor.ts');

const USAGE = `node bench/src/side-by-side.ts --recording FILE --path PATH [options] NAME=DIR|FILE … [floor]

  --recording FILE   a floor recording of a bench run (bench/.data/floor-*.json): database and paths
  --path PATH        the request path to measure (one of the recording's)
  --rounds N         rounds, every server once per round (default 16)
  --seconds S        seconds per server and round (default 3)
  --connections C    concurrent connections (default 10)
  --warm S           seconds of warm-up per recorded path and server before the rounds (default 1)`;

type Server = { name: string; running: RunningServer };
type Round = Map<string, ScenarioResult>;

const median = (values: number[]) =>
  percentile(
    values.toSorted((a, b) => a - b),
    50,
  );

const scenarioOf = (name: string, { path, group }: FloorRoute): Scenario => ({
  name,
  group,
  kind: 'list',
  account: ACCOUNT_OF_GROUP[group],
  paths: [path],
  floor: true,
});

/** The entry file of `name=<where>`: a checkout's server entry, or the file itself. */
function entryOf(where: string): string {
  const path = resolve(where);
  const entry = statSync(path).isDirectory() ? resolve(path, 'apps/server/src/main.ts') : path;
  if (!existsSync(entry)) throw new Error(`no server entry at ${entry}`);
  return entry;
}

async function startAll(specs: string[], recordingFile: string, databaseUrl: string): Promise<Server[]> {
  const servers: Server[] = [];
  let port = 3300;
  for (const spec of specs) {
    const [name, where] = spec === 'floor' ? ['floor', FLOOR_SERVER] : spec.split('=', 2);
    if (!name || !where) throw new Error(`a server is NAME=DIR|FILE or floor, not ${spec}\n\n${USAGE}`);
    port = await freePort(port + 1);
    const entry = spec === 'floor' ? FLOOR_SERVER : entryOf(where);
    const env: Record<string, string> = spec === 'floor' ? { BENCH_FLOOR_RECORDING: recordingFile } : {};
    const running = await startServer(entry, databaseUrl, port, resolve(DATA_DIR, `side-by-side-${name}.log`), env);
    servers.push({ name, running });
  }
  return servers;
}

const targetOf = ({ name, running }: Server): DriveTarget => ({
  label: name,
  baseUrl: running.baseUrl,
  serverPid: running.pid,
});

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      recording: { type: 'string' },
      path: { type: 'string' },
      rounds: { type: 'string', default: '16' },
      seconds: { type: 'string', default: '3' },
      connections: { type: 'string', default: '10' },
      warm: { type: 'string', default: '1' },
    },
  });
  if (!values.recording || !values.path || positionals.length < 2) throw new Error(USAGE);
  const recordingFile = resolve(values.recording);
  const recording = JSON.parse(readFileSync(recordingFile, 'utf8')) as FloorRecording;
  const route = recording.routes.find(({ path }) => path === values.path);
  if (!route) throw new Error(`${values.path} is not one of the recorded paths in ${recordingFile}`);
  const [rounds, seconds, connections, warm] = [values.rounds, values.seconds, values.connections, values.warm].map(
    Number,
  ) as [number, number, number, number];
  mkdirSync(DATA_DIR, { recursive: true });
  const output = resolve(DATA_DIR, 'side-by-side-results.json');

  const servers = await startAll(positionals, recordingFile, recording.databaseUrl);
  try {
    const project = servers.find((server) => server.name !== 'floor') ?? servers[0]!;
    const tokens: Partial<Record<Account, string>> = {};
    for (const account of new Set(recording.routes.map(({ group }) => ACCOUNT_OF_GROUP[group]))) {
      tokens[account] = await login(project.running.baseUrl, ACCOUNTS[account].email, ACCOUNTS[account].password);
    }
    const targets = servers.map(targetOf);
    console.log(`warming ${servers.length} servers with ${recording.routes.length} paths, ${warm} s each`);
    await driveInChild({
      targets,
      tokens,
      connections,
      duration: 0,
      warmup: warm,
      rounds: 1,
      scenarios: recording.routes.map((warmed, index) => scenarioOf(`warm ${index}`, warmed)),
      output,
      warmOnly: true,
    });

    const measured = scenarioOf(values.path, route);
    const results: Round[] = [];
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? targets : targets.toReversed();
      const [answers] = await driveInChild({
        targets: order,
        tokens,
        connections,
        duration: seconds,
        warmup: 0,
        rounds: 1,
        scenarios: [measured],
        output,
      });
      const byName: Round = new Map(order.map((target, index) => [target.label, answers![index]!]));
      results.push(byName);
      console.log(
        `round ${String(round + 1).padStart(2)}  ` +
          servers
            .map(({ name }) => {
              const result = byName.get(name)!;
              return `${name} ${((result.cpuMsPerRequest ?? Number.NaN) * 1000).toFixed(0)} µs ${result.rps.toFixed(0)}/s`;
            })
            .join('   '),
      );
    }
    report(servers, results);
  } finally {
    await Promise.all(servers.map(({ running }) => running.stop()));
  }
}

/** Per server: medians of its CPU per answer, p50, p99 and req/s, and of the rounds' ratios to the baseline. */
function report(servers: Server[], results: Round[]) {
  const baseline = servers.find((server) => server.name === 'floor') ?? servers[0]!;
  const of = (round: Round, name: string) => round.get(name)!;
  const cpu = (result: ScenarioResult) => (result.cpuMsPerRequest ?? Number.NaN) * 1000;
  console.log(`\nmedians of ${results.length} rounds; ratios are each round's against ${baseline.name}`);
  console.log('| server | CPU µs per answer | p50 ms | p99 ms | req/s | CPU ratio | p50 ratio | req/s ratio |');
  console.log('|--------|------------------:|-------:|-------:|------:|----------:|----------:|------------:|');
  for (const { name } of servers) {
    const ratio = (value: (result: ScenarioResult) => number) =>
      median(results.map((round) => value(of(round, name)) / value(of(round, baseline.name)))).toFixed(3);
    console.log(
      `| ${name} | ${median(results.map((round) => cpu(of(round, name)))).toFixed(0)} | ` +
        `${median(results.map((round) => of(round, name).latencyMs.p50)).toFixed(2)} | ` +
        `${median(results.map((round) => of(round, name).latencyMs.p99)).toFixed(2)} | ` +
        `${median(results.map((round) => of(round, name).rps)).toFixed(0)} | ` +
        `${ratio(cpu)}× | ${ratio((result) => result.latencyMs.p50)}× | ${ratio((result) => result.rps)}× |`,
    );
  }
}

await main();
