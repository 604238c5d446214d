/**
 * The load generator: runs each scenario with autocannon (a warm-up, then the measured run) and records
 * every response's latency itself, since autocannon reports p50/p90/p97.5/p99 but no p95.
 * run.ts starts it as a child process pinned to core 1, with the spec in BENCH_DRIVE_SPEC; it writes the
 * results to spec.output.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import autocannon, { type Client } from 'autocannon';
import type { Account, Scenario, ScenarioGroup, ScenarioKind } from './scenarios.ts';

export type DriveSpec = {
  baseUrl: string;
  /** Which server is driven (project or floor), for the progress lines. */
  label: string;
  /** Bearer token per account the scenarios are sent as. */
  tokens: Partial<Record<Account, string>>;
  connections: number;
  duration: number;
  warmup: number;
  scenarios: Scenario[];
  output: string;
  /** The driven server's process, whose CPU time per request is noted (Linux only). */
  serverPid?: number;
};

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
  spec: DriveSpec,
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
async function probe(spec: DriveSpec, scenario: Scenario): Promise<Record<string, string>> {
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
async function drain(spec: DriveSpec): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    await fetch(`${spec.baseUrl}/api/v1/health`).then((response) => response.arrayBuffer());
    if (performance.now() - started < 50) return;
  }
}

export async function runScenario(spec: DriveSpec, scenario: Scenario): Promise<ScenarioResult> {
  const headers = await probe(spec, scenario);
  if (spec.warmup > 0) {
    await runOnce(spec, scenario, headers, spec.warmup, null);
    await drain(spec);
  }
  const recorder: Recorder = { latencies: [], statuses: new Map() };
  const cpuBefore = cpuMs(spec.serverPid);
  const result = await runOnce(spec, scenario, headers, spec.duration, recorder);
  await drain(spec);
  const cpuAfter = cpuMs(spec.serverPid);
  const sorted = recorder.latencies.toSorted((a, b) => a - b);
  const requests = sorted.length;
  const seconds = result.duration;
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
    errors: result.errors,
    timeouts: result.timeouts,
    // The drain's few health checks are counted too: negligible against thousands of requests.
    cpuMsPerRequest: cpuBefore !== null && cpuAfter !== null && requests > 0 ? (cpuAfter - cpuBefore) / requests : null,
  };
}

async function main(): Promise<void> {
  const raw = process.env.BENCH_DRIVE_SPEC;
  if (!raw) throw new Error('drive.ts is started by run.ts (BENCH_DRIVE_SPEC is not set)');
  const spec = JSON.parse(raw) as DriveSpec;
  const results: ScenarioResult[] = [];
  for (const scenario of spec.scenarios) {
    process.stderr.write(
      `  ${spec.label.padEnd(7)} ${scenario.name.padEnd(26)} ${spec.connections}× warm-up ${spec.warmup} s, measuring ${spec.duration} s … `,
    );
    const result = await runScenario(spec, scenario);
    process.stderr.write(
      `${result.rps.toFixed(1)} req/s, p95 ${result.latencyMs.p95.toFixed(1)} ms${result.non2xx ? `, ${result.non2xx} non-2xx` : ''}\n`,
    );
    results.push(result);
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
