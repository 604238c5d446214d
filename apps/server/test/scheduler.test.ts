import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scheduler } from '../src/lib/scheduler.ts';
import type { DbContext } from '../src/types.ts';
import { openTestDatabase } from './helpers.ts';

/**
 * The job scheduler (lib/scheduler.ts, ADR 0018) on the medium run's database: a due job runs once per interval
 * however many instances poll, a failed run is recorded and does not stop the next, a crashed claim lapses.
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
});
