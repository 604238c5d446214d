import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CountCache } from '../src/db/count-cache.ts';
import { buildTestApp, call, type TestApp } from './helpers.ts';

describe('list totals', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('reuses a count until a write happens or the time is up', async () => {
    const cache = new CountCache(60_000);
    let counted = 0;
    const count = async () => ++counted;
    expect(await cache.get('a', count)).toBe(1);
    expect(await cache.get('a', count)).toBe(1);
    expect(await cache.get('b', count)).toBe(2);
    // A write through Kysely (any table) starts a new generation.
    await t.ctx.db.updateTable('sys_settings').set({ value: '1' }).where('key', '=', 'version').execute();
    expect(await cache.get('a', count)).toBe(1);
    const withPlugin = new CountCache(60_000);
    const db = t.ctx.db.withPlugin(withPlugin.plugin);
    expect(await withPlugin.get('a', count)).toBe(3);
    await db.updateTable('sys_settings').set({ value: '1' }).where('key', '=', 'version').execute();
    expect(await withPlugin.get('a', count)).toBe(4);
    const expiring = new CountCache(1);
    expect(await expiring.get('a', count)).toBe(5);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await expiring.get('a', count)).toBe(6);
  });

  it('shows this process’s own changes in the next total at once', async () => {
    const before = (await call(t.app, 'office', { method: 'GET', url: '/customers' })).json().total;
    expect((await call(t.app, 'office', { method: 'GET', url: '/customers' })).json().total).toBe(before);
    await call(t.app, 'office', {
      method: 'POST',
      url: '/customers',
      payload: { firstName: 'Zähl', surname: 'Probe' },
    });
    expect((await call(t.app, 'office', { method: 'GET', url: '/customers' })).json().total).toBe(before + 1);
  });
});
