import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { groupCommitterOf } from '../src/db/group-commit.ts';
import { inTransaction } from '../src/db/transaction.ts';
import type { DbContext } from '../src/types.ts';

/**
 * Group commit on SQLite (db/group-commit.ts, ADR 0016): write transactions that wait together share one COMMIT,
 * each in its own savepoint. Always on a SQLite file of its own, whichever database the medium run uses.
 */
describe('group commit on SQLite', () => {
  const path = join(tmpdir(), `tourdesk-group-commit-${randomBytes(6).toString('hex')}.db`);
  let handle: DatabaseHandle;
  let ctx: DbContext;
  beforeAll(async () => {
    handle = openDatabase({ url: `sqlite:${path}` });
    await migrateToLatest(handle);
    ctx = { db: handle.db, dialect: 'sqlite' };
  });
  afterAll(async () => {
    await handle.destroy();
    await Promise.all(['', '-wal', '-shm'].map((suffix) => rm(`${path}${suffix}`, { force: true })));
  });

  const insertSetting = (trx: DbContext, key: string) =>
    trx.db
      .insertInto('sys_settings')
      .values({ key, value: '1' })
      .returning('id_sys_settings')
      .executeTakeFirstOrThrow();
  const settingKeys = async (prefix: string) =>
    (
      await ctx.db.selectFrom('sys_settings').select('key').where('key', 'like', `${prefix}%`).orderBy('key').execute()
    ).map((row) => row.key);

  it('commits units that wait together with one COMMIT and answers each after it', async () => {
    const committer = groupCommitterOf(handle.db)!;
    const before = { ...committer.stats };
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) => inTransaction(ctx, (trx) => insertSetting(trx, `group.${index}`))),
    );
    expect(new Set(results.map((row) => row.id_sys_settings)).size).toBe(20);
    expect(await settingKeys('group.')).toHaveLength(20);
    expect(committer.stats.units - before.units).toBe(20);
    expect(committer.stats.groups - before.groups).toBeLessThan(20);
  });

  it('rolls back only the unit that fails, and each unit sees the writes of the units before it', async () => {
    const outcomes = await Promise.allSettled([
      inTransaction(ctx, (trx) => insertSetting(trx, 'mixed.a')),
      inTransaction(ctx, async (trx) => {
        await insertSetting(trx, 'mixed.b');
        throw new Error('refused');
      }),
      inTransaction(ctx, async (trx) => {
        const seen = await trx.db.selectFrom('sys_settings').select('key').where('key', '=', 'mixed.a').execute();
        await insertSetting(trx, `mixed.c-saw-${seen.length}`);
      }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await settingKeys('mixed.')).toEqual(['mixed.a', 'mixed.c-saw-1']);
  });

  it('a unique violation in one unit leaves the others of the group intact', async () => {
    const outcomes = await Promise.allSettled([
      inTransaction(ctx, (trx) =>
        trx.db
          .insertInto('idempotency_key')
          .values({ scope_key: 'k', request_hash: 'h', status_code: 0, response: '' })
          .execute(),
      ),
      inTransaction(ctx, (trx) =>
        trx.db
          .insertInto('idempotency_key')
          .values({ scope_key: 'k', request_hash: 'h', status_code: 0, response: '' })
          .execute(),
      ),
      inTransaction(ctx, (trx) => insertSetting(trx, 'unique.after')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await settingKeys('unique.')).toEqual(['unique.after']);
    expect(await ctx.db.selectFrom('idempotency_key').select('scope_key').execute()).toEqual([{ scope_key: 'k' }]);
  });
});
