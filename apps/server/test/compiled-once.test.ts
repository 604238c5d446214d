import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { compiledOnce, runCompiled } from '../src/db/compiled-once.ts';
import { customerListQueries } from '../src/features/customers/customers.repository.ts';
import { userListQueries } from '../src/features/users/users.repository.ts';
import { buildTestApp, type TestApp } from './helpers.ts';

/** Statements compiled once per shape (db/compiled-once.ts), on the database of TEST_DB. */
describe('compiledOnce', () => {
  let t: TestApp;
  let roleIds: number[];
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    roleIds = (await t.ctx.db.selectFrom('role').select('id_roles').orderBy('id_roles').execute()).map(
      (row) => row.id_roles,
    );
  });
  afterAll(() => t.close());

  const rolesByIds = (owner: object, ids: number[], onBuild: () => void) =>
    compiledOnce(owner, `roles ${ids.length}`, ids, () => {
      onBuild();
      return (
        t.ctx.db
          .selectFrom('role')
          .select(['id_roles', 'role'])
          // A parameter before the trailing ones: kept from the first compile.
          .where(sql<boolean>`${sql.ref('role')} <> ${'no such role'}`)
          .where('id_roles', 'in', ids)
          .orderBy('id_roles')
      );
    });

  it('builds a shape once and runs it again with the new trailing values', async () => {
    expect(roleIds.length).toBeGreaterThanOrEqual(4);
    const owner = {};
    let builds = 0;
    const first = rolesByIds(owner, roleIds.slice(0, 2), () => builds++);
    const second = rolesByIds(owner, roleIds.slice(2, 4), () => builds++);
    expect(builds).toBe(1);
    expect(second.sql).toBe(first.sql);
    expect((await t.ctx.db.executeQuery(first)).rows.map((row) => row.id_roles)).toEqual(roleIds.slice(0, 2));
    expect((await t.ctx.db.executeQuery(second)).rows.map((row) => row.id_roles)).toEqual(roleIds.slice(2, 4));
    // Another number of values is another shape.
    rolesByIds(owner, roleIds.slice(0, 3), () => builds++);
    expect(builds).toBe(2);
  });

  it('never reuses a shape whose values are not the last parameters', async () => {
    const owner = {};
    let builds = 0;
    const limited = (ids: number[], limit: number) =>
      compiledOnce(owner, 'limited', ids, () => {
        builds++;
        return t.ctx.db
          .selectFrom('role')
          .select('id_roles')
          .where('id_roles', 'in', ids)
          .orderBy('id_roles')
          .limit(limit);
      });
    const first = await t.ctx.db.executeQuery(limited(roleIds.slice(0, 3), 2));
    const second = await t.ctx.db.executeQuery(limited(roleIds.slice(1, 4), 1));
    expect(builds).toBe(2);
    expect(first.rows.map((row) => row.id_roles)).toEqual(roleIds.slice(0, 2));
    expect(second.rows.map((row) => row.id_roles)).toEqual(roleIds.slice(1, 2));
  });

  it('runs a compiled read with the rows Kysely gives', async () => {
    const statement = rolesByIds({}, roleIds, () => undefined);
    const direct = await runCompiled(t.ctx.db, statement);
    expect(direct.rows).toEqual((await t.ctx.db.executeQuery(statement)).rows);
    expect(direct.rows.map((row) => row.id_roles)).toEqual(roleIds);
  });

  it('reads on the root handle without Kysely’s executor, and writes through it', async () => {
    const executed = vi.spyOn(t.ctx.db, 'executeQuery');
    try {
      const read = await runCompiled(
        t.ctx.db,
        rolesByIds({}, roleIds, () => undefined),
      );
      expect(read.rows.map((row) => row.id_roles)).toEqual(roleIds);
      expect(executed).not.toHaveBeenCalled();
      const write = t.ctx.db.insertInto('app_secret').values({ name: 'run-compiled-write', value: 'x' }).compile();
      await runCompiled(t.ctx.db, write);
      expect(executed).toHaveBeenCalledTimes(1);
    } finally {
      executed.mockRestore();
      await t.ctx.db.deleteFrom('app_secret').where('name', '=', 'run-compiled-write').execute();
    }
  });

  it('never reads inside a transaction another request has open', async () => {
    const secrets = () =>
      t.ctx.db.selectFrom('app_secret').select('name').where('name', 'like', 'run-compiled-%').compile();
    let read: Promise<{ rows: Array<{ name: string }> }> | undefined;
    // The transaction writes a row and is rolled back; a read started meanwhile on the root handle must not
    // see the row (it waits for the end of the transaction, as Kysely makes it).
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await trx.insertInto('app_secret').values({ name: 'run-compiled-uncommitted', value: 'x' }).execute();
        read = Promise.resolve(runCompiled(t.ctx.db, secrets()));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await read!).rows).toEqual([]);
  });

  it('keeps one list query per variant, so that its statements are compiled once and never mixed up', () => {
    const db = t.ctx.db;
    expect(userListQueries(db, 'staff')).toBe(userListQueries(db, 'staff'));
    expect(userListQueries(db, 'app')).not.toBe(userListQueries(db, 'staff'));
    const agency = (agencyId?: number, driversOnly?: boolean) => customerListQueries(db, { agencyId, driversOnly });
    expect(agency(3)).toBe(agency(3));
    expect(agency(3)).not.toBe(agency(4));
    expect(agency(3, true)).not.toBe(agency(3));
    expect(agency()).not.toBe(agency(undefined, true));
    // Each variant's count query carries its own agency.
    expect(agency(3).countBase.compile().parameters).toContain(3);
    expect(agency(4).countBase.compile().parameters).toContain(4);
  });
});
