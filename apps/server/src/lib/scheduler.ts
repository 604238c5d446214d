import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { toBool, toIso } from '../db/dialect.ts';
import type { DbContext } from '../types.ts';
import { cronProblem, nextCronRun } from './cron.ts';
import {
  abandonRuns,
  claimJob,
  ensureJobRow,
  finishJob,
  finishRun,
  insertRun,
  listJobs,
  pruneRuns,
} from './scheduler.repository.ts';

/**
 * The job scheduler (docs/adr/0018, 0030): named jobs that run every `everyMs` or on a cron `schedule`, each run
 * claimed in the database, so with several app instances on one database every job runs once per due time, on
 * whichever instance claims it first. A run that crashes keeps its claim only for `leaseMs`; then another
 * instance takes it over. An admin may switch a job off, override its schedule and ask for a run now; all of it
 * is stored in the job's row, so every instance sees it. Jobs take the time as an argument, so tests drive them
 * with their own clock (`runDue(now)`), never by sleeping.
 */
export type Job = {
  name: string;
  /** run every so many milliseconds (unless `schedule` is given) */
  everyMs?: number;
  /** a five-field cron expression (Europe/Berlin), the job's default timing; an admin may override it */
  schedule?: string;
  /** how long one run may hold the claim (default: 5 minutes) */
  leaseMs?: number;
  run: (ctx: DbContext, now: Date) => Promise<unknown>;
};

export type JobReport = { name: string; ran: boolean; error: string | null };

export type SchedulerLog = { error: (object: object, message: string) => void };

export type SchedulerOptions = {
  /** how often `start()` polls the job rows (default: as often as the most frequent job, at most every minute) */
  pollMs?: number;
};

const DEFAULT_LEASE_MS = 300_000;
const MAX_POLL_MS = 60_000;

type JobRow = Awaited<ReturnType<typeof listJobs>>[number];

export class Scheduler {
  readonly #ctx: DbContext;
  /** who holds a claim: host, process and this scheduler, shown in the run history */
  readonly instance = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  readonly #jobs = new Map<string, Job>();
  readonly #ensured = new Set<string>();
  readonly #log: SchedulerLog;
  readonly #pollMs: number | undefined;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<JobReport[]> | null = null;
  #again = false;

  constructor(ctx: DbContext, log: SchedulerLog, options: SchedulerOptions = {}) {
    this.#ctx = ctx;
    this.#log = log;
    this.#pollMs = options.pollMs;
  }

  /** Adds a job (a second job of the same name replaces the first: features register at start-up). */
  register(job: Job): void {
    if (job.schedule === undefined && !(job.everyMs !== undefined && job.everyMs > 0)) {
      throw new Error(`scheduled job ${job.name}: needs everyMs or a schedule`);
    }
    if (job.schedule !== undefined) {
      const problem = cronProblem(job.schedule);
      if (problem) throw new Error(`scheduled job ${job.name}: ${problem}`);
    }
    this.#jobs.set(job.name, job);
    this.#ensured.delete(job.name);
  }

  get jobNames(): string[] {
    return [...this.#jobs.keys()];
  }

  job(name: string): Job | undefined {
    return this.#jobs.get(name);
  }

  /** When a job runs next after `from`, with an admin's `override` (a cron expression) or its own timing. */
  nextRunAt(name: string, override: string | null, from: Date): Date | null {
    const job = this.#jobs.get(name);
    if (!job) return null;
    const cron = override ?? job.schedule ?? null;
    if (cron !== null) return nextCronRun(cron, from);
    return new Date(from.getTime() + (job.everyMs ?? 0));
  }

  /** Writes the row of every registered job that this instance has not written yet. */
  async ensureRows(now = new Date()): Promise<void> {
    for (const job of this.#jobs.values()) {
      if (this.#ensured.has(job.name)) continue;
      await ensureJobRow(this.#ctx.db, {
        name: job.name,
        everyMs: job.everyMs ?? 0,
        defaultSchedule: job.schedule ?? null,
        // a cron job waits for its first due time; an interval job runs at once
        nextRunAt: job.schedule === undefined ? null : (toIso(nextCronRun(job.schedule, now)) ?? null),
      });
      this.#ensured.add(job.name);
    }
  }

  /**
   * Runs every registered job that is due at `now` (or was asked to run, or whose run died) and that this
   * instance can claim; one after another. One read of the job rows decides which claims are worth trying.
   */
  async runDue(now = new Date()): Promise<JobReport[]> {
    await this.ensureRows(now);
    const rows = new Map((await listJobs(this.#ctx.db)).map((row) => [row.name, row]));
    const reports: JobReport[] = [];
    for (const job of this.#jobs.values()) {
      const row = rows.get(job.name);
      if (!row || !isCandidate(job, row, now)) {
        reports.push({ name: job.name, ran: false, error: null });
        continue;
      }
      reports.push(await this.#runOne(job, row, now));
    }
    return reports;
  }

  async #runOne(job: Job, row: JobRow, now: Date): Promise<JobReport> {
    const nowIso = now.toISOString();
    const next = this.nextRunAt(job.name, row.schedule, now);
    const claimed = await claimJob(this.#ctx.db, {
      name: job.name,
      owner: this.instance,
      now: nowIso,
      lockedUntil: new Date(now.getTime() + (job.leaseMs ?? DEFAULT_LEASE_MS)).toISOString(),
      // a cron expression that stopped matching: far away, the screen shows no next date
      nextRunAt: (next ?? new Date('9999-12-31T00:00:00Z')).toISOString(),
      startedBefore: new Date(now.getTime() - (job.everyMs ?? 0)).toISOString(),
    });
    if (!claimed) return { name: job.name, ran: false, error: null };
    if (row.locked_until !== null) {
      await abandonRuns(this.#ctx.db, job.name, nowIso, 'lease expired: the instance running it stopped');
    }
    const runId = await insertRun(this.#ctx.db, {
      name: job.name,
      trigger: row.run_requested_at === null ? 'schedule' : 'manual',
      startedAt: nowIso,
      instance: this.instance,
    });
    const started = performance.now();
    let error: string | null = null;
    try {
      await job.run(this.#ctx, now);
    } catch (cause) {
      error = (cause instanceof Error ? cause.message : String(cause)).slice(0, 1000);
      this.#log.error({ err: cause, job: job.name }, 'scheduled job failed');
    }
    const durationMs = Math.round(performance.now() - started);
    const finishedAt = new Date(now.getTime() + durationMs).toISOString();
    await finishRun(this.#ctx.db, { id: runId, finishedAt, durationMs, error });
    await finishJob(this.#ctx.db, { name: job.name, owner: this.instance, now: finishedAt, error });
    await pruneRuns(this.#ctx.db, job.name);
    return { name: job.name, ran: true, error };
  }

  /**
   * Polls as often as the most frequent job asks, at most every minute (the app starts it when it is ready). A
   * "run now" asked of this instance polls at once (`tick`); other instances find it at their next poll.
   */
  start(): void {
    if (this.#timer || this.#jobs.size === 0) return;
    const intervals = [...this.#jobs.values()].map((job) => job.everyMs ?? MAX_POLL_MS);
    const pollMs = this.#pollMs ?? Math.min(MAX_POLL_MS, ...intervals);
    this.#timer = setInterval(() => void this.tick(), pollMs);
    this.#timer.unref();
  }

  get isStarted(): boolean {
    return this.#timer !== null;
  }

  /**
   * One poll. While a poll runs, another `tick` does not start a second one beside it but asks for one more poll
   * right after it (a "run now" that arrives while the jobs run is picked up at once, not a poll interval later).
   */
  tick(now?: Date): Promise<JobReport[]> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = this.#poll(now)
      .catch((error: unknown) => {
        this.#log.error({ err: error }, 'scheduler poll failed');
        return [];
      })
      .finally(() => {
        this.#running = null;
      });
    return this.#running;
  }

  async #poll(now: Date | undefined): Promise<JobReport[]> {
    let reports: JobReport[];
    let at = now;
    do {
      this.#again = false;
      reports = await this.runDue(at ?? new Date());
      at = undefined;
    } while (this.#again);
    return reports;
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#again = false;
    await this.#running;
  }

  /** The jobs' claim rows, for the system screen. */
  async list() {
    await this.ensureRows();
    return listJobs(this.#ctx.db);
  }
}

const at = (value: string | Date | null): number | null => {
  const iso = toIso(value);
  return iso === null ? null : Date.parse(iso);
};

/** Whether a claim may succeed (the claim itself decides, in the database): this only saves useless updates. */
function isCandidate(job: Job, row: JobRow, now: Date): boolean {
  const time = now.getTime();
  const lockedUntil = at(row.locked_until);
  if (lockedUntil !== null) return lockedUntil < time;
  if (row.run_requested_at !== null) return true;
  if (!toBool(row.active)) return false;
  const next = at(row.next_run_at);
  if (next !== null) return next <= time;
  const lastStarted = at(row.last_started_at);
  return lastStarted === null || lastStarted <= time - (job.everyMs ?? 0);
}
