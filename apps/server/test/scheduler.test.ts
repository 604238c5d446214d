import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIso } from '../src/db/dialect.ts';
import { Scheduler, type Job } from '../src/lib/scheduler.ts';
import { KEPT_RUNS } from '../src/lib/scheduler.repository.ts';
import type { DbContext } from '../src/types.ts';
import { openTestDatabase } from './helpers.ts';

/**
 * The job scheduler (lib/scheduler.ts, ADR 0018) on the medium run's database: a due job runs once per interval
 * however many instances poll, a failed run is recorded and does not stop the next, a crashed claim lapses; cron
 * schedules, "run now" requests, the active flag and the run history (ADR 0030).
 */
describe('job scheduler', () => {
  let ctx: DbContext;
  let close: () => Promise<void>;
  const silent = { error: () => {} };
  beforeAll(async () => {
    const opened = await openTestDatabase();
    ctx = { db: opened.database.db, dialect: opened.database.dialect };
    close = opened.drop;
  });
  afterAll(() => close());

  it('runs a due job on exactly one of several instances, then again only after its interval', async () => {
    const runs: string[] = [];
    const instances = ['a', 'b', 'c'].map((id) => {
      const scheduler = new Scheduler(ctx, silent);
      scheduler.register({ name: 'test.once', everyMs: 60_000, run: async () => void runs.push(id) });
      return scheduler;
    });
    const start = new Date('2026-11-23T10:00:00Z');
    const first = await Promise.all(instances.map((scheduler) => scheduler.runDue(start)));
    expect(runs).toHaveLength(1);
    expect(first.flat().filter((report) => report.ran)).toHaveLength(1);

    await Promise.all(instances.map((scheduler) => scheduler.runDue(new Date(start.getTime() + 30_000))));
    expect(runs).toHaveLength(1);

    await Promise.all(instances.map((scheduler) => scheduler.runDue(new Date(start.getTime() + 60_000))));
    expect(runs).toHaveLength(2);
    const [row] = (await instances[0]!.list()).filter((job) => job.name === 'test.once');
    expect(row).toMatchObject({ runs: 2, failures: 0, locked_by: null, last_error: null });
  });

  it('records a failure and runs the job again at its next interval', async () => {
    let calls = 0;
    const scheduler = new Scheduler(ctx, silent);
    scheduler.register({
      name: 'test.failing',
      everyMs: 1_000,
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('the mail server is down');
      },
    });
    const start = new Date('2026-11-23T11:00:00Z');
    expect(await scheduler.runDue(start)).toEqual([
      { name: 'test.failing', ran: true, error: 'the mail server is down' },
    ]);
    expect(await scheduler.runDue(new Date(start.getTime() + 1_000))).toEqual([
      { name: 'test.failing', ran: true, error: null },
    ]);
    const [row] = (await scheduler.list()).filter((job) => job.name === 'test.failing');
    expect(row).toMatchObject({ runs: 2, failures: 1, last_error: null });
  });

  it('lets another instance take over a claim whose lease has lapsed (a crashed run)', async () => {
    const ran: string[] = [];
    let release: () => void = () => {};
    const hanging = new Scheduler(ctx, silent);
    hanging.register({
      name: 'test.lease',
      everyMs: 1_000,
      leaseMs: 5_000,
      run: () => new Promise<void>((resolve) => (release = resolve)),
    });
    const other = new Scheduler(ctx, silent);
    other.register({ name: 'test.lease', everyMs: 1_000, leaseMs: 5_000, run: async () => void ran.push('other') });
    const start = new Date('2026-11-23T12:00:00Z');
    const stuck = hanging.runDue(start);
    await expect
      .poll(async () => (await other.list()).find((job) => job.name === 'test.lease')?.locked_by)
      .toBeTruthy();
    await other.runDue(new Date(start.getTime() + 2_000));
    expect(ran).toEqual([]);
    await other.runDue(new Date(start.getTime() + 6_000));
    expect(ran).toEqual(['other']);
    release();
    await stuck;
  });

  const twoInstances = (job: Omit<Job, 'run'>, runs: string[]) =>
    ['a', 'b'].map((id) => {
      const scheduler = new Scheduler(ctx, silent);
      scheduler.register({ ...job, run: async () => void runs.push(id) });
      return scheduler;
    });
  const row = async (scheduler: Scheduler, name: string) => (await scheduler.list()).find((job) => job.name === name)!;
  const setColumns = (name: string, values: { active?: boolean; run_requested_at?: string | null }) =>
    ctx.db.updateTable('scheduled_job').set(values).where('name', '=', name).execute();

  it('runs a cron job once per due time on two instances and stores the next due time', async () => {
    const runs: string[] = [];
    const at = (time: string) => new Date(`2026-11-23T${time}Z`);
    // the rows are written first (as at start-up): a cron job waits for its first due time
    const instances = twoInstances({ name: 'test.cron', schedule: '*/15 * * * *' }, runs);
    for (const scheduler of instances) await scheduler.ensureRows(at('09:58:00'));
    expect(toIso((await row(instances[0]!, 'test.cron')).next_run_at)).toBe('2026-11-23T10:00:00.000Z');

    await Promise.all(instances.map((scheduler) => scheduler.runDue(at('09:59:00'))));
    expect(runs).toHaveLength(0);
    await Promise.all(instances.map((scheduler) => scheduler.runDue(at('10:00:00'))));
    await Promise.all(instances.map((scheduler) => scheduler.runDue(at('10:00:30'))));
    expect(runs).toHaveLength(1);
    expect(toIso((await row(instances[0]!, 'test.cron')).next_run_at)).toBe('2026-11-23T10:15:00.000Z');
    await Promise.all(instances.map((scheduler) => scheduler.runDue(at('10:14:59'))));
    expect(runs).toHaveLength(1);
    await Promise.all(instances.map((scheduler) => scheduler.runDue(at('10:15:00'))));
    expect(runs).toHaveLength(2);
    // a poll that comes late runs the job once, not once for every missed time
    await Promise.all(instances.map((scheduler) => scheduler.runDue(at('11:20:00'))));
    expect(runs).toHaveLength(3);
    expect(toIso((await row(instances[0]!, 'test.cron')).next_run_at)).toBe('2026-11-23T11:30:00.000Z');
  });

  it('runs a requested run ("run now") once, even with two instances, and keeps the schedule', async () => {
    const runs: string[] = [];
    const instances = twoInstances({ name: 'test.run-now', schedule: '0 3 * * *' }, runs);
    const now = new Date('2026-11-23T13:00:00Z');
    for (const scheduler of instances) await scheduler.ensureRows(now);
    const next = toIso((await row(instances[0]!, 'test.run-now')).next_run_at);
    await setColumns('test.run-now', { run_requested_at: now.toISOString() });
    await Promise.all(instances.map((scheduler) => scheduler.runDue(new Date(now.getTime() + 1_000))));
    await Promise.all(instances.map((scheduler) => scheduler.runDue(new Date(now.getTime() + 2_000))));
    expect(runs).toHaveLength(1);
    const after = await row(instances[0]!, 'test.run-now');
    expect(after.run_requested_at).toBeNull();
    expect(toIso(after.next_run_at)).toBe(next);
    const history = await ctx.db
      .selectFrom('scheduled_job_run')
      .selectAll()
      .where('job_name', '=', 'test.run-now')
      .execute();
    expect(history).toEqual([
      expect.objectContaining({ trigger: 'manual', outcome: 'ok', instance: expect.stringContaining(':') }),
    ]);
  });

  it('does not run a job that is switched off, but runs it when asked to', async () => {
    const runs: string[] = [];
    const instances = twoInstances({ name: 'test.off', everyMs: 1_000 }, runs);
    const now = new Date('2026-11-23T14:00:00Z');
    for (const scheduler of instances) await scheduler.ensureRows(now);
    await setColumns('test.off', { active: false });
    await Promise.all(instances.map((scheduler) => scheduler.runDue(now)));
    await Promise.all(instances.map((scheduler) => scheduler.runDue(new Date(now.getTime() + 60_000))));
    expect(runs).toHaveLength(0);
    await setColumns('test.off', { run_requested_at: now.toISOString() });
    await Promise.all(instances.map((scheduler) => scheduler.runDue(new Date(now.getTime() + 61_000))));
    expect(runs).toHaveLength(1);
    await setColumns('test.off', { active: true });
    await Promise.all(instances.map((scheduler) => scheduler.runDue(new Date(now.getTime() + 62_000))));
    expect(runs).toHaveLength(2);
  });

  it('records a run whose instance died as failed when another instance takes it over', async () => {
    const name = 'test.died';
    const dead = new Scheduler(ctx, silent);
    dead.register({ name, everyMs: 3_600_000, leaseMs: 10_000, run: () => new Promise<void>(() => {}) });
    const runs: string[] = [];
    const [alive] = twoInstances({ name, everyMs: 3_600_000, leaseMs: 10_000 }, runs);
    const start = new Date('2026-11-23T15:00:00Z');
    void dead.runDue(start);
    await expect.poll(async () => (await row(alive!, name)).locked_by).toBe(dead.instance);
    await alive!.runDue(new Date(start.getTime() + 9_000));
    expect(runs).toEqual([]);
    await alive!.runDue(new Date(start.getTime() + 11_000));
    expect(runs).toEqual(['a']);
    const history = await ctx.db
      .selectFrom('scheduled_job_run')
      .select(['instance', 'outcome', 'error'])
      .where('job_name', '=', name)
      .orderBy('id_scheduled_job_run')
      .execute();
    expect(history).toEqual([
      { instance: dead.instance, outcome: 'failed', error: expect.stringContaining('lease expired') },
      { instance: alive!.instance, outcome: 'ok', error: null },
    ]);
    expect(await row(alive!, name)).toMatchObject({ locked_by: null, runs: 1 });
  });

  it('keeps only the last runs of a job', async () => {
    const scheduler = new Scheduler(ctx, silent);
    scheduler.register({ name: 'test.prune', everyMs: 1_000, run: async () => {} });
    const start = new Date('2026-11-23T16:00:00Z').getTime();
    for (let i = 0; i < KEPT_RUNS + 5; i++) await scheduler.runDue(new Date(start + i * 1_000));
    const kept = await ctx.db
      .selectFrom('scheduled_job_run')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('job_name', '=', 'test.prune')
      .executeTakeFirstOrThrow();
    expect(Number(kept.count)).toBe(KEPT_RUNS);
    expect(await row(scheduler, 'test.prune')).toMatchObject({ runs: KEPT_RUNS + 5 });
  });

  it('refuses a job without timing or with a bad cron expression, and computes cron dates in Berlin time', () => {
    const scheduler = new Scheduler(ctx, silent);
    const run = async () => {};
    expect(() => scheduler.register({ name: 'test.none', run })).toThrow(/everyMs or a schedule/);
    expect(() => scheduler.register({ name: 'test.bad', schedule: '61 * * * *', run })).toThrow(/minute/);
    scheduler.register({ name: 'test.nightly', schedule: '30 2 * * *', run });
    // 02:30 does not exist on 2026-03-29 in Berlin: croner runs it at 03:00 CEST (01:00Z)
    expect(scheduler.nextRunAt('test.nightly', null, new Date('2026-03-28T12:00:00Z'))?.toISOString()).toBe(
      '2026-03-29T01:00:00.000Z',
    );
    expect(scheduler.nextRunAt('test.nightly', '0 7 * * 1', new Date('2026-11-23T12:00:00Z'))?.toISOString()).toBe(
      '2026-11-30T06:00:00.000Z',
    );
  });

  it('polls once more right after the current poll when asked during it (a "run now" is not left for later)', async () => {
    const order: string[] = [];
    let release: (() => void) | null = null;
    const scheduler = new Scheduler(ctx, silent);
    scheduler.register({
      name: 'test.slow',
      everyMs: 3_600_000,
      run: () => new Promise<void>((resolve) => (release = resolve)).then(() => void order.push('slow')),
    });
    scheduler.register({ name: 'test.asked', schedule: '0 3 * * *', run: async () => void order.push('asked') });
    const first = scheduler.tick();
    // The slow job is running (its claim alone is not enough: releasing before it starts would release nothing).
    await expect.poll(() => release, { timeout: 10_000 }).not.toBeNull();
    expect((await row(scheduler, 'test.slow')).locked_by).toBe(scheduler.instance);
    await setColumns('test.asked', { run_requested_at: new Date().toISOString() });
    const second = scheduler.tick();
    release!();
    await Promise.all([first, second]);
    expect(order).toEqual(['slow', 'asked']);
  });
});
