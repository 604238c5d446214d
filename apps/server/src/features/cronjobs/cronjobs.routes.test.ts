import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, createLogins, type DemoAccount, type TestApp } from '../../../test/helpers.ts';

/** GET /cronjobs, PUT /cronjobs/ and the run calls (spec §3, §4, §7; docs/adr/0030) on the medium run's database. */
describe('cron jobs', () => {
  let t: TestApp;
  let logins: Record<DemoAccount, string>;
  const ran: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    logins = await createLogins(t.ctx);
    t.app.scheduler.register({ name: 'test.cron-screen', schedule: '0 3 * * *', run: async () => void ran.push('ok') });
    t.app.scheduler.register({
      name: 'test.cron-failing',
      everyMs: 3_600_000,
      run: async () => {
        throw new Error('the ratio server did not answer');
      },
    });
  });
  afterAll(() => t.close());

  const list = async () => (await call(t.app, logins.superadmin, { method: 'GET', url: '/cronjobs' })).json();
  const find = async (id: string) => (await list()).data.find((job: { id: string }) => job.id === id);

  it('lists every job the scheduler runs, with spec §3 fields and its timing', async () => {
    const response = await call(t.app, logins.superadmin, { method: 'GET', url: '/cronjobs' });
    expect(response.statusCode).toBe(200);
    const page = response.json();
    const ids = page.data.map((job: { id: string }) => job.id);
    expect(ids).toEqual(expect.arrayContaining(['bookings.expire-options', 'test.cron-screen']));
    expect(page.total).toBe(page.data.length);
    const job = page.data.find((entry: { id: string }) => entry.id === 'test.cron-screen');
    expect(job).toMatchObject({
      id: 'test.cron-screen',
      name: 'test.cron-screen',
      active: true,
      schedule: null,
      defaultSchedule: '0 3 * * *',
      running: false,
      logs: [],
    });
    // 03:00 in Berlin is 02:00 UTC in winter, 01:00 UTC in summer
    expect(job.nextDate).toMatch(/T0[12]:00:00\.000Z$/);
    expect(job).toHaveProperty('lastDate');
  });

  it('toggles the active flag (spec §4) and sets and resets the schedule', async () => {
    const off = await call(t.app, logins.superadmin, {
      method: 'PUT',
      url: '/cronjobs/',
      payload: { id: 'test.cron-screen', active: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: 'test.cron-screen', active: false });
    expect((await find('test.cron-screen')).active).toBe(false);

    const scheduled = await call(t.app, logins.superadmin, {
      method: 'PUT',
      url: '/cronjobs/',
      payload: { id: 'test.cron-screen', active: true, schedule: '30 6 * * 1-5' },
    });
    expect(scheduled.json()).toMatchObject({ active: true, schedule: '30 6 * * 1-5' });
    const next = new Date(scheduled.json().nextDate);
    expect([1, 2, 3, 4, 5]).toContain(next.getUTCDay());
    expect(next.getUTCMinutes()).toBe(30);

    const reset = await call(t.app, logins.superadmin, {
      method: 'PUT',
      url: '/cronjobs/',
      payload: { id: 'test.cron-screen', schedule: null },
    });
    expect(reset.json()).toMatchObject({ schedule: null, defaultSchedule: '0 3 * * *' });
  });

  it('refuses bad input with 400 and a field, unknown jobs with 404', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ id: 'test.cron-screen', schedule: '61 * * * *' }, 'schedule'],
      [{ id: 'test.cron-screen', schedule: 'every day' }, 'schedule'],
      [{ id: 'test.cron-screen', schedule: '0 0 30 2 *' }, 'schedule'],
      [{ id: 'test.cron-screen', schedule: '* * * * * *' }, 'schedule'],
      [{ id: 'test.cron-screen', active: 'yes' }, 'active'],
      [{ id: 'test.cron-screen' }, 'active'],
      [{ active: true }, 'id'],
    ];
    for (const [payload, field] of cases) {
      const response = await call(t.app, logins.superadmin, { method: 'PUT', url: '/cronjobs/', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    }
    const unknown = await call(t.app, logins.superadmin, {
      method: 'PUT',
      url: '/cronjobs/',
      payload: { id: 'no.such-job', active: false },
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await call(t.app, logins.superadmin, { method: 'POST', url: '/cronjobs/no.such-job/run' })).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, logins.superadmin, { method: 'GET', url: '/cronjobs/no.such-job/runs' })).statusCode,
    ).toBe(404);
    const preview = await call(t.app, logins.superadmin, {
      method: 'GET',
      url: '/cronjobs/preview?schedule=61%20*%20*%20*%20*',
    });
    expect(preview.statusCode).toBe(400);
    expect(preview.json().errors).toEqual([expect.objectContaining({ field: 'schedule' })]);
  });

  it('previews the next five times of a schedule', async () => {
    const response = await call(t.app, logins.superadmin, {
      method: 'GET',
      url: `/cronjobs/preview?schedule=${encodeURIComponent('*/15 * * * *')}`,
    });
    expect(response.statusCode).toBe(200);
    const dates: string[] = response.json().nextDates;
    expect(dates).toHaveLength(5);
    expect(Date.parse(dates[1]!) - Date.parse(dates[0]!)).toBe(15 * 60_000);
  });

  it('runs a job on request, once, and records the run with its outcome and duration', async () => {
    const before = ran.length;
    const requested = await call(t.app, logins.superadmin, { method: 'POST', url: '/cronjobs/test.cron-screen/run' });
    expect(requested.statusCode).toBe(202);
    await expect.poll(async () => (await find('test.cron-screen')).logs.length, { timeout: 10_000 }).toBe(1);
    // further polls do not run it again: the request was claimed once
    await t.app.scheduler.runDue();
    await t.app.scheduler.runDue();
    expect(ran.length - before).toBe(1);
    const job = await find('test.cron-screen');
    expect(job).toMatchObject({ runRequested: false, running: false, runs: 1, lastOutcome: 'ok' });
    expect(job.logs[0]).toMatchObject({ trigger: 'manual', outcome: 'ok', error: null });
    expect(job.logs[0].durationMs).toBeGreaterThanOrEqual(0);

    await call(t.app, logins.superadmin, { method: 'POST', url: '/cronjobs/test.cron-failing/run' });
    // The job is new, so its first scheduled run may start beside the requested one: read the requested run.
    type Run = { trigger: string; outcome: string; error: string | null };
    const manualRun = async (): Promise<Run | undefined> =>
      (await call(t.app, logins.superadmin, { method: 'GET', url: '/cronjobs/test.cron-failing/runs' }))
        .json<{ data: Run[] }>()
        .data.find((run) => run.trigger === 'manual');
    await expect.poll(async () => (await manualRun())?.outcome, { timeout: 10_000 }).toBe('failed');
    expect(await manualRun()).toMatchObject({ outcome: 'failed', error: 'the ratio server did not answer' });
    expect((await find('test.cron-failing')).failures).toBeGreaterThanOrEqual(1);
  });

  it('is for superadmins only', async () => {
    for (const account of ['admin', 'office', 'agency', 'traveller'] as const) {
      const calls = [
        { method: 'GET', url: '/cronjobs' },
        { method: 'PUT', url: '/cronjobs/', payload: { id: 'test.cron-screen', active: false } },
        { method: 'POST', url: '/cronjobs/test.cron-screen/run' },
        { method: 'GET', url: '/cronjobs/test.cron-screen/runs' },
        { method: 'GET', url: '/cronjobs/preview?schedule=0%203%20*%20*%20*' },
      ] as const;
      for (const request of calls) {
        expect((await call(t.app, logins[account], request)).statusCode, `${account} ${request.url}`).toBe(403);
      }
    }
    expect((await call(t.app, null, { method: 'GET', url: '/cronjobs' })).statusCode).toBe(401);
    expect((await find('test.cron-screen')).active).toBe(true);
  });
});
