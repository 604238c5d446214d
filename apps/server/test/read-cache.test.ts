import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadCache } from '../src/db/read-cache.ts';
import { buildTestApp, call, createLogin, type TestApp } from './helpers.ts';

describe('the read cache (list totals, logged-in users)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
  });
  afterAll(() => t.close());

  it('reuses a count until a write happens or the time is up', async () => {
    const cache = new ReadCache({ counts: 60_000, auth: 0 });
    const db = t.ctx.db.withPlugin(cache.plugin);
    let counted = 0;
    const count = async () => ++counted;
    expect(await cache.get('counts', 'a', count)).toBe(1);
    expect(await cache.get('counts', 'a', count)).toBe(1);
    expect(await cache.get('counts', 'b', count)).toBe(2);
    // `peek` answers what `get` would reuse, without waiting, and nothing for a key not read yet.
    expect(cache.peek('counts', 'a')).toBe(1);
    expect(cache.peek('counts', 'c')).toBeUndefined();
    // A read does not end a generation; a write through Kysely (any table) does.
    await db.selectFrom('sys_settings').select('key').execute();
    expect(await cache.get('counts', 'a', count)).toBe(1);
    await db.updateTable('sys_settings').set({ value: '1' }).where('key', '=', 'version').execute();
    expect(cache.peek('counts', 'a')).toBeUndefined();
    expect(await cache.get('counts', 'a', count)).toBe(3);
    // A time-to-live of 0 turns a kind off.
    expect(await cache.get('auth', 'a', count)).toBe(4);
    expect(await cache.get('auth', 'a', count)).toBe(5);
    const expiring = new ReadCache({ counts: 1, auth: 1 });
    expect(await expiring.get('counts', 'a', count)).toBe(6);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await expiring.get('counts', 'a', count)).toBe(7);
  });

  it('keeps a statement’s results apart by their parameters, and starts empty again beyond its size', async () => {
    const cache = new ReadCache({ counts: 60_000, auth: 60_000 });
    let counted = 0;
    const count = async () => ++counted;
    const statement = 'select count(*) as total from user_account where kind = ?';
    expect(await cache.get('counts', [statement, '["staff"]'], count)).toBe(1);
    expect(await cache.get('counts', [statement, '["app"]'], count)).toBe(2);
    expect(cache.peek('counts', [statement, '["staff"]'])).toBe(1);
    expect(cache.peek('counts', [statement, '["app"]'])).toBe(2);
    // The statement alone is another key, and the kinds do not share results.
    expect(cache.peek('counts', statement)).toBeUndefined();
    expect(cache.peek('auth', [statement, '["staff"]'])).toBeUndefined();
    for (let n = 0; n < 10_000; n++) await cache.get('auth', String(n), count);
    expect(cache.peek('counts', [statement, '["staff"]'])).toBeUndefined();
    expect(cache.peek('auth', '9999')).toBe(counted);
  });

  it('reads a missing key once for the requests that miss meanwhile, and anew after a write', async () => {
    const cache = new ReadCache({ counts: 60_000, auth: 60_000 });
    const db = t.ctx.db.withPlugin(cache.plugin);
    let loads = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = async () => {
      const load = ++loads;
      await gate;
      return load;
    };
    const statement = 'select count(*) as total from booking where status = ?';
    const meanwhile = [
      cache.get('counts', [statement, '["option"]'], slow),
      cache.get('counts', [statement, '["option"]'], slow),
      cache.get('counts', [statement, '["request"]'], slow),
      cache.get('auth', [statement, '["option"]'], slow),
    ];
    // A request after a write does not wait for a load that began before it: that one may not see the write.
    await db.updateTable('sys_settings').set({ value: '1' }).where('key', '=', 'version').execute();
    const afterWrite = cache.get('counts', [statement, '["option"]'], slow);
    release();
    expect(await Promise.all(meanwhile)).toEqual([1, 1, 2, 3]);
    expect(await afterWrite).toBe(4);
    expect(loads).toBe(4);
    expect(cache.peek('counts', [statement, '["option"]'])).toBe(4);

    // A load that fails fails every request waiting for it, keeps nothing, and the next request reads again.
    let failures = 0;
    const failing = async () => {
      failures++;
      await Promise.resolve();
      throw new Error('the database went away');
    };
    const failed = await Promise.allSettled([
      cache.get('counts', 'gone', failing),
      cache.get('counts', 'gone', failing),
    ]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(failures).toBe(1);
    expect(cache.peek('counts', 'gone')).toBeUndefined();
    expect(await cache.get('counts', 'gone', async () => 42)).toBe(42);
  });

  it('refuses a token on the next request once its account is disabled, cache or not', async () => {
    const driver = await createLogin(t.ctx, 'driver');
    const admin = await createLogin(t.ctx, 'admin');
    const me = (await call(t.app, driver, { method: 'GET', url: '/userdata' })).json();
    expect((await call(t.app, driver, { method: 'GET', url: '/userdata' })).statusCode).toBe(200);
    await call(t.app, admin, { method: 'PATCH', url: `/users-app/${me.id}`, payload: { isActive: false } });
    expect((await call(t.app, driver, { method: 'GET', url: '/userdata' })).statusCode).toBe(401);
  });

  it('checks the permission of a request whose account comes from the cache as of one read from the database', async () => {
    const driver = await createLogin(t.ctx, 'driver');
    const me = (await call(t.app, driver, { method: 'GET', url: '/userdata' })).json();
    expect(t.ctx.cache?.peek('auth', String(me.id))).toBeTruthy();
    // The account is in the cache now: the requests pass the fast way, and are refused the customers all the same.
    for (let attempt = 0; attempt < 3; attempt++) {
      const answer = await call(t.app, driver, { method: 'GET', url: '/customers' });
      expect(answer.statusCode).toBe(403);
      expect(answer.json().key).toBe('error.forbidden');
    }
  });

  it('shows this process’s own changes in the next total at once', async () => {
    const office = await createLogin(t.ctx, 'office');
    const before = (await call(t.app, office, { method: 'GET', url: '/customers' })).json().total;
    expect((await call(t.app, office, { method: 'GET', url: '/customers' })).json().total).toBe(before);
    await call(t.app, office, {
      method: 'POST',
      url: '/customers',
      payload: { firstName: 'Zähl', surname: 'Probe' },
    });
    expect((await call(t.app, office, { method: 'GET', url: '/customers' })).json().total).toBe(before + 1);
  });
});
