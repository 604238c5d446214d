import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { basename, dirname, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const REPO_ROOT = resolve(import.meta.dirname, '../..');

/** True when `taskset` can pin processes to cores (Linux with util-linux). */
export const hasTaskset = (() => {
  const probe = spawnSync('taskset', ['-c', '0', 'true'], { stdio: 'ignore' });
  return probe.status === 0;
})();

/** `command args` pinned to `cores` with taskset when available, unpinned otherwise. */
export function pinned(cores: string, command: string, args: string[]): [string, string[]] {
  return hasTaskset ? ['taskset', ['-c', cores, command, ...args]] : [command, args];
}

/** The first port from `start` on which nothing listens on the loopback interface. */
export async function freePort(start: number): Promise<number> {
  for (let port = start; port < start + 100; port++) {
    const free = await new Promise<boolean>((done) => {
      const probe = createServer();
      probe.once('error', () => done(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${start}–${start + 99}`);
}

export type RunningServer = {
  baseUrl: string;
  pid: number | undefined;
  logFile: string;
  /** SIGTERM, then SIGKILL after 5 s; resolves when the process is gone. */
  stop: () => Promise<void>;
};

/**
 * Starts the real server (`entry`, normally apps/server/src/main.ts, or the floor) on `databaseUrl`, pinned to core 0,
 * and waits until GET /api/v1/health answers 200.
 */
export async function startServer(
  entry: string,
  databaseUrl: string,
  port: number,
  logFile: string,
  extraEnv: Record<string, string> = {},
): Promise<RunningServer> {
  const log = openSync(logFile, 'w');
  // Started through a link of its own name, so that scripts looking for development servers
  // (`pkill -f apps/server/src/main.ts`) do not take the benchmark's server for one of them and stop it.
  // Node runs the link's target (.ts, type stripping); without an extension, no linter or formatter picks it up.
  const link = resolve(dirname(logFile), `tourdesk-bench-${basename(logFile, '.log')}`);
  rmSync(link, { force: true });
  symlinkSync(entry, link);
  const [command, args] = pinned('0', process.execPath, [link]);
  const child: ChildProcess = spawn(command, args, {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  let exited = child.exitCode !== null;
  let stopping = false;
  const exit = new Promise<void>((done) =>
    child.once('exit', (code, signal) => {
      exited = true;
      if (!stopping) process.stderr.write(`\n!! the server stopped by itself (exit code ${code}, signal ${signal})\n`);
      done();
    }),
  );
  const stop = async () => {
    stopping = true;
    if (exited) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exit;
    clearTimeout(killer);
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exited) break;
    try {
      const response = await fetch(`${baseUrl}/api/v1/health`);
      if (response.status === 200) return { baseUrl, pid: child.pid, logFile, stop };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  await stop();
  const tail = readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
  throw new Error(`the server did not become healthy (log ${logFile}):\n${tail}`);
}

/** Logs in once (failed logins are throttled) and returns the bearer token. */
export async function login(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/authentication`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ strategy: 'local', email, password }),
  });
  const body = (await response.json()) as { accessToken?: string; message?: string };
  if (response.status !== 201 || !body.accessToken) {
    throw new Error(`login as ${email} failed: ${response.status} ${body.message ?? ''}`);
  }
  return body.accessToken;
}
