/**
 * The load generator: runs each scenario with autocannon (a warm-up, then the measured run) and records
 * every response's latency itself, since autocannon reports p50/p90/p97.5/p99 but no p95.
 * run.ts and booking-lists.ts start it as a child process pinned to core 1 (`driveInChild`), with the spec in
 * BENCH_DRIVE_SPEC; it writes the results to spec.output.
 *
 * With several targets (the project and its floor) a scenario's measured time is cut into `rounds`, and the targets
 * take turns round by round (the first one first in odd rounds, last in even ones): a change in the machine's speed
 * during the run — other work, the host — then falls on every target alike instead of on whichever ran at the
 * time. Each target's figures are taken over all its rounds together.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import autocannon, { type Client } from 'autocannon';
import type { Account, Scenario, ScenarioGroup, ScenarioKind } from './scenarios.ts';
import { pinned } from './server.ts';

/** A server a scenario is sent to. */
export type DriveTarget = {
  baseUrl: string;
  /** Which server is driven (project or floor), for the progress lines and the results. */
  label: string;
  /** The driven server's process, whose CPU time per request is noted (Linux only). */
  serverPid?: number;
};

export type DriveSpec = {
  targets: DriveTarget[];
  /** Bearer token per account the scenarios are sent as. */
  tokens: Partial<Record<Account, string>>;
  connections: number;
  /** Measured seconds per scenario and target, cut into `rounds` (see the module comment). */
  duration: number;
  warmup: number;
  rounds: number;
  scenarios: Scenario[];
  output: string;
  /** Only warm the targets up: each scenario's requests for `warmup` seconds per target, nothing measured. */
  warmOnly?: boolean;
};

/** What a drive answers: per scenario, one result per target, in the targets' order. */
export type DriveResults = ScenarioResult[][];

export type ScenarioResult = {
  name: string;
  group: ScenarioGroup;
  kind: ScenarioKind;
  account: Account | null;
  paths: string[];
  requests: number;
  seconds: number;
  rps: number;
  latencyMs: { p50: number; p95: number; p99: number; mean: number; max: number };
  statusCounts: Record<string, number>;
  /** Answers other than 2xx (for a conditional scenario: other than 304). */
  non2xx: number;
  errors: number;
  timeouts: number;
  /**
   * CPU time (user + system) the server process spent per answered request during the measured run: what a
   * request costs the server, unlike latency and throughput hardly changed by other work on the machine.
   */
  cpuMsPerRequest: number | null;
};

/** User + system CPU milliseconds of a process so far (from /proc; null elsewhere). */
function cpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

type Recorder = { latencies: number[]; statuses: Map<number, number> };

/** The scenario's headers: its account's token (none for a public route) and its own headers. */
function headersFor(spec: DriveSpec, scenario: Scenario): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', ...scenario.headers };
  if (scenario.account === null) return headers;
  const token = spec.tokens[scenario.account];
  if (!token) throw new Error(`${scenario.name}: no token for the ${scenario.account} account`);
  return { ...headers, authorization: `Bearer ${token}` };
}

/** A conditional scenario's answers are 304 (Not Modified); every other scenario's 2xx. */
const succeeded = (scenario: Scenario, status: number) =>
  scenario.conditional ? status === 304 : status >= 200 && status < 300;

async function runOnce(
  spec: DriveSpec & DriveTarget,
  scenario: Scenario,
  headers: Record<string, string>,
  seconds: number,
  recorder: Recorder | null,
) {
  return autocannon({
    url: spec.baseUrl,
    connections: spec.connections,
    duration: seconds,
    timeout: 30,
    headers,
    requests: scenario.paths.map((path) => ({ method: 'GET', path })),
    setupClient: (client: Client) => {
      if (!recorder) return;
      client.on('response', (statusCode, _bytes, responseTime) => {
        recorder.latencies.push(responseTime);
        recorder.statuses.set(statusCode, (recorder.statuses.get(statusCode) ?? 0) + 1);
      });
    },
  });
}

/**
 * Checks that every path answers 200 before loading it, so a wrong URL fails at once with its message, and
 * returns the headers of the load: for a conditional scenario with the ETag of that answer as If-None-Match
 * (checked to answer 304).
 */
async function probe(spec: DriveSpec & DriveTarget, scenario: Scenario): Promise<Record<string, string>> {
  const headers = headersFor(spec, scenario);
  for (const path of scenario.paths) {
    const response = await fetch(spec.baseUrl + path, { headers });
    if (response.status !== 200) {
      throw new Error(`${scenario.name}: GET ${path} answered ${response.status}: ${await response.text()}`);
    }
    await response.arrayBuffer().catch(() => undefined);
    const etag = response.headers.get('etag');
    if (scenario.conditional) {
      if (!etag) throw new Error(`${scenario.name}: GET ${path} answered without an ETag`);
      headers['if-none-match'] = etag;
      const again = await fetch(spec.baseUrl + path, { headers });
      await again.arrayBuffer().catch(() => undefined);
      if (again.status !== 304) throw new Error(`${scenario.name}: If-None-Match ${etag} answered ${again.status}`);
    }
  }
  return headers;
}

/**
 * Waits until the server has worked off what closed connections left behind (it finishes every request it
 * has begun): until a health check answers within 50 ms, so the next measurement starts on an idle server.
 */
async function drain(spec: DriveTarget): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    await fetch(`${spec.baseUrl}/api/v1/health`).then((response) => response.arrayBuffer());
    if (performance.now() - started < 50) return;
  }
}

type Tally = {
  target: DriveSpec & DriveTarget;
  headers: Record<string, string>;
  recorder: Recorder;
  seconds: number;
  errors: number;
  timeouts: number;
  cpuMs: number | null;
};

/** One scenario on every target: warm-ups, then the measured rounds in turn (see the module comment). */
export async function runScenario(spec: DriveSpec, scenario: Scenario): Promise<ScenarioResult[]> {
  const tallies: Tally[] = [];
  for (const target of spec.targets) {
    const driven = { ...spec, ...target };
    const headers = await probe(driven, scenario);
    if (spec.warmup > 0) {
      await runOnce(driven, scenario, headers, spec.warmup, null);
      await drain(target);
    }
    const recorder: Recorder = { latencies: [], statuses: new Map() };
    tallies.push({ target: driven, headers, recorder, seconds: 0, errors: 0, timeouts: 0, cpuMs: 0 });
  }
  const rounds = Math.max(1, spec.rounds);
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? tallies : tallies.toReversed();
    for (const tally of order) {
      const cpuBefore = cpuMs(tally.target.serverPid);
      const result = await runOnce(tally.target, scenario, tally.headers, spec.duration / rounds, tally.recorder);
      await drain(tally.target);
      const cpuAfter = cpuMs(tally.target.serverPid);
      tally.seconds += result.duration;
      tally.errors += result.errors;
      tally.timeouts += result.timeouts;
      tally.cpuMs =
        cpuBefore !== null && cpuAfter !== null && tally.cpuMs !== null ? tally.cpuMs + cpuAfter - cpuBefore : null;
    }
  }
  return tallies.map((tally) => summary(scenario, tally));
}

function summary(scenario: Scenario, { recorder, seconds, errors, timeouts, cpuMs: cpu }: Tally): ScenarioResult {
  const sorted = recorder.latencies.toSorted((a, b) => a - b);
  const requests = sorted.length;
  const statusCounts = Object.fromEntries([...recorder.statuses].map(([status, count]) => [String(status), count]));
  const non2xx = [...recorder.statuses].reduce(
    (sum, [status, count]) => sum + (succeeded(scenario, status) ? 0 : count),
    0,
  );
  return {
    name: scenario.name,
    group: scenario.group,
    kind: scenario.kind,
    account: scenario.account,
    paths: scenario.paths,
    requests,
    seconds,
    rps: requests / seconds,
    latencyMs: {
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      mean: sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, requests),
      max: sorted.at(-1) ?? Number.NaN,
    },
    statusCounts,
    non2xx,
    errors,
    timeouts,
    // The drain's few health checks are counted too: negligible against thousands of requests.
    cpuMsPerRequest: cpu !== null && requests > 0 ? cpu / requests : null,
  };
}

/** Runs the load generator as a child process pinned to core 1 and answers its results. */
export async function driveInChild(
  spec: DriveSpec,
  started?: (child: ReturnType<typeof spawn>) => void,
): Promise<DriveResults> {
  const [command, args] = pinned('1', process.execPath, [resolve(import.meta.dirname, 'drive.ts')]);
  const child = spawn(command, args, {
    env: { ...process.env, BENCH_DRIVE_SPEC: JSON.stringify(spec) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  started?.(child);
  const code = await new Promise<number | null>((done) => child.once('exit', (exitCode) => done(exitCode)));
  if (code !== 0) throw new Error(`the load generator failed (exit code ${code})`);
  return JSON.parse(readFileSync(spec.output, 'utf8')) as DriveResults;
}

/**
 * One scenario on the project and, when the scenario has one, on its floor, taking turns round by round (see the
 * module comment). `drive` runs the load generator (run.ts passes one that it can stop on Ctrl-C).
 */
export async function projectAndFloor(
  servers: { project: { baseUrl: string; pid?: number }; floor: { baseUrl: string; pid?: number } | null },
  spec: Omit<DriveSpec, 'targets' | 'scenarios'>,
  scenario: Scenario,
  drive: (spec: DriveSpec) => Promise<DriveResults> = driveInChild,
): Promise<{ project: ScenarioResult; floor: ScenarioResult | null }> {
  const { project, floor } = servers;
  const targets: DriveTarget[] = [{ label: 'project', baseUrl: project.baseUrl, serverPid: project.pid }];
  if (floor && scenario.floor) targets.push({ label: 'floor', baseUrl: floor.baseUrl, serverPid: floor.pid });
  const [results] = await drive({ ...spec, targets, scenarios: [scenario] });
  return { project: results![0]!, floor: results![1] ?? null };
}

/**
 * Before the first scenario: every scenario's requests for `seconds` in all on each server, nothing measured. A fresh
 * server compiles its code while it answers its first thousands of requests; the per-scenario warm-up alone left
 * that to the first scenarios' measured rounds, where the project paid more for it than the floor (a customers page
 * cost it 1.3–1.4× the floor's CPU in the first 10 s of load, 1.15–1.3× from then on; bench/README.md,
 * "2 December 2026 (twentieth session)").
 */
export async function warmUpServers(
  servers: { project: { baseUrl: string }; floor: { baseUrl: string } | null },
  spec: Pick<DriveSpec, 'tokens' | 'output'>,
  scenarios: Scenario[],
  options: { warmStart: number; connections: readonly number[] },
  log: (line: string) => void,
  drive: (spec: DriveSpec) => Promise<DriveResults> = driveInChild,
): Promise<void> {
  const seconds = options.warmStart;
  if (seconds <= 0 || scenarios.length === 0) return;
  const connections = Math.max(...options.connections);
  log(`warm start: every scenario's requests for ${seconds} s on each server (${connections} connection(s))`);
  const targets: DriveTarget[] = [{ label: 'project', baseUrl: servers.project.baseUrl }];
  if (servers.floor) targets.push({ label: 'floor', baseUrl: servers.floor.baseUrl });
  const warmup = Math.max(1, Math.round(seconds / scenarios.length));
  await drive({ ...spec, connections, duration: seconds, targets, scenarios, warmup, rounds: 1, warmOnly: true });
}

/** The warm start (`warmUpServers`): each scenario in turn on each target, with the floor only where it has one. */
async function warmOnly(spec: DriveSpec): Promise<void> {
  for (const scenario of spec.scenarios) {
    for (const target of spec.targets) {
      if (target.label === 'floor' && !scenario.floor) continue;
      const driven = { ...spec, ...target };
      await runOnce(driven, scenario, await probe(driven, scenario), spec.warmup, null);
      await drain(target);
    }
  }
}

async function main(): Promise<void> {
  const raw = process.env.BENCH_DRIVE_SPEC;
  if (!raw) throw new Error('drive.ts is started by driveInChild (BENCH_DRIVE_SPEC is not set)');
  const spec = JSON.parse(raw) as DriveSpec;
  if (spec.warmOnly) {
    await warmOnly(spec);
    writeFileSync(spec.output, '[]');
    return;
  }
  const results: DriveResults = [];
  const labels = spec.targets.map((target) => target.label).join(' and ');
  for (const scenario of spec.scenarios) {
    process.stderr.write(
      `  ${scenario.name.padEnd(36)} ${spec.connections}× ${labels}: warm-up ${spec.warmup} s, ` +
        `${spec.duration} s each in ${Math.max(1, spec.rounds)} round(s) … `,
    );
    const perTarget = await runScenario(spec, scenario);
    process.stderr.write(
      `${perTarget
        .map(
          (result, index) =>
            `${spec.targets[index]!.label} ${result.rps.toFixed(1)} req/s, p95 ${result.latencyMs.p95.toFixed(1)} ms` +
            (result.non2xx ? `, ${result.non2xx} non-2xx` : ''),
        )
        .join('; ')}\n`,
    );
    results.push(perTarget);
  }
  writeFileSync(spec.output, JSON.stringify(results));
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    const cause = error instanceof Error && error.cause ? `\ncause: ${String(error.cause)}` : '';
    process.stderr.write(`\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}${cause}\n`);
    process.exit(1);
  });
}
