import { randomUUID } from 'node:crypto';
import type { DbContext } from '../types.ts';
import { claimJob, ensureJobRow, finishJob, listJobs } from './scheduler.repository.ts';

/**
 * The job scheduler (docs/adr/0018): named jobs that run every `everyMs`, each run claimed in the database, so
 * with several app instances on one database every job runs once per interval, on whichever instance claims it
 * first. A run that crashes keeps its claim only for `leaseMs`; then another instance takes over. Jobs take the
 * time as an argument, so tests drive them with their own clock (`runDue(now)`), never by sleeping.
 */
export type Job = {
  name: string;
  everyMs: number;
  /** how long one run may hold the claim (default: 5 minutes) */
  leaseMs?: number;
  run: (ctx: DbContext, now: Date) => Promise<unknown>;
};

export type JobReport = { name: string; ran: boolean; error: string | null };

export type SchedulerLog = { error: (object: object, message: string) => void };

export class Scheduler {
  readonly #ctx: DbContext;
  readonly #owner = randomUUID();
  readonly #jobs = new Map<string, Job>();
  readonly #log: SchedulerLog;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<JobReport[]> | null = null;

  constructor(ctx: DbContext, log: SchedulerLog) {
    this.#ctx = ctx;
    this.#log = log;
  }

  /** Adds a job (a second job of the same name replaces the first: features register at start-up). */
  register(job: Job): void {
    this.#jobs.set(job.name, job);
  }

  get jobNames(): string[] {
    return [...this.#jobs.keys()];
  }

  /** Runs every registered job that is due at `now` and that this instance can claim; one after another. */
  async runDue(now = new Date()): Promise<JobReport[]> {
    const reports: JobReport[] = [];
    for (const job of this.#jobs.values()) reports.push(await this.#runOne(job, now));
    return reports;
  }

  async #runOne(job: Job, now: Date): Promise<JobReport> {
    await ensureJobRow(this.#ctx.db, job.name, job.everyMs);
    const claimed = await claimJob(this.#ctx.db, {
      name: job.name,
      owner: this.#owner,
      now: now.toISOString(),
      lockedUntil: new Date(now.getTime() + (job.leaseMs ?? 300_000)).toISOString(),
      startedBefore: new Date(now.getTime() - job.everyMs).toISOString(),
    });
    if (!claimed) return { name: job.name, ran: false, error: null };
    let error: string | null = null;
    try {
      await job.run(this.#ctx, now);
    } catch (cause) {
      error = (cause as Error).message.slice(0, 1000);
      this.#log.error({ err: cause, job: job.name }, 'scheduled job failed');
    }
    await finishJob(this.#ctx.db, { name: job.name, owner: this.#owner, now: new Date().toISOString(), error });
    return { name: job.name, ran: true, error };
  }

  /** Polls as often as the most frequent job asks, at most every minute (the app starts it when it is ready). */
  start(): void {
    if (this.#timer || this.#jobs.size === 0) return;
    const pollMs = Math.min(60_000, ...[...this.#jobs.values()].map((job) => job.everyMs));
    this.#timer = setInterval(() => void this.tick(), pollMs);
    this.#timer.unref();
  }

  /** One poll: skipped while the previous one still runs. */
  tick(now = new Date()): Promise<JobReport[]> {
    this.#running ??= this.runDue(now).finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
  }

  /** The jobs' claim rows, for the system screen. */
  list() {
    return listJobs(this.#ctx.db);
  }
}
