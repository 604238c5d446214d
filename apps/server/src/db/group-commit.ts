import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.ts';

/**
 * Group commit for SQLite (docs/adr/0016). With `synchronous = FULL` every COMMIT waits for an fsync of the WAL,
 * and SQLite has one writer, so write transactions one after another are bounded by the disk, not by the work.
 * Here the write transactions that wait for the writer run one after another inside ONE database transaction,
 * each in its own savepoint, and are committed by one COMMIT:
 *
 * - each unit of work still sees exactly the writes of the units before it, as with separate transactions;
 * - a unit that throws is rolled back to its savepoint; the others are not touched;
 * - no caller gets its answer before the COMMIT that makes its writes durable; if the COMMIT fails, every unit
 *   of the group fails.
 *
 * With one request at a time a group is one transaction, as before; under load the groups grow (up to
 * MAX_GROUP units) and the fsync is shared.
 */

export type WriteWork<T> = (trx: Transaction<DB>) => Promise<T>;

type Pending = {
  work: WriteWork<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
};

/** Units of work in one group at most, so that one COMMIT never waits for an unbounded queue. */
const MAX_GROUP = 64;

export class GroupCommitter {
  readonly #db: Kysely<DB>;
  readonly #queue: Pending[] = [];
  #draining = false;
  /** Groups committed and units run, for tests and the benchmark. */
  readonly stats = { groups: 0, units: 0 };

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  run<T>(work: WriteWork<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work: work as WriteWork<unknown>, resolve: resolve as (value: unknown) => void, reject });
      if (this.#draining) return;
      // A unit of work runs to its end in microtasks (node:sqlite answers synchronously), so units only meet when
      // the group waits for the next turn of the event loop: the requests read in this turn queue their units first.
      this.#draining = true;
      setImmediate(() => void this.#drain());
    });
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length > 0) await this.#runGroup();
    } finally {
      this.#draining = false;
    }
  }

  async #runGroup(): Promise<void> {
    let trx: Awaited<ReturnType<ReturnType<Kysely<DB>['startTransaction']>['execute']>>;
    try {
      trx = await this.#db.startTransaction().execute();
    } catch (error) {
      for (const pending of this.#queue.splice(0, MAX_GROUP)) pending.reject(error);
      return;
    }
    const settled: Array<{ pending: Pending; ok: boolean; value: unknown }> = [];
    let current: Pending | null = null;
    try {
      // Units that arrive while the group runs join it (up to MAX_GROUP): they share its COMMIT.
      while (this.#queue.length > 0 && settled.length < MAX_GROUP) {
        const pending = (current = this.#queue.shift()!);
        const savepoint = await trx.savepoint('unit').execute();
        try {
          const value = await pending.work(savepoint);
          await savepoint.releaseSavepoint('unit').execute();
          settled.push({ pending, ok: true, value });
        } catch (error) {
          await savepoint.rollbackToSavepoint('unit').execute();
          await savepoint.releaseSavepoint('unit').execute();
          settled.push({ pending, ok: false, value: error });
        }
        current = null;
      }
      await trx.commit().execute();
    } catch (error) {
      // The group could not be committed (or a savepoint could not be rolled back): nothing of it is kept.
      await trx
        .rollback()
        .execute()
        .catch(() => undefined);
      for (const { pending } of settled) pending.reject(error);
      current?.reject(error);
      return;
    }
    this.stats.groups += 1;
    this.stats.units += settled.length;
    for (const { pending, ok, value } of settled) {
      if (ok) pending.resolve(value);
      else pending.reject(value);
    }
  }
}

const committers = new WeakMap<Kysely<DB>, GroupCommitter>();

/** Makes `inTransaction` on this database group its write transactions (SQLite). */
export function registerGroupCommit(db: Kysely<DB>): GroupCommitter {
  const committer = new GroupCommitter(db);
  committers.set(db, committer);
  return committer;
}

export const groupCommitterOf = (db: Kysely<DB>): GroupCommitter | undefined => committers.get(db);
