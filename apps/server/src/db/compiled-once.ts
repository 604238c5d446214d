import { createQueryId, type Compilable, type CompiledQuery, type Kysely, type QueryResult } from 'kysely';

type Shape = { sql: string; query: CompiledQuery['query']; leading: readonly unknown[] };

/** Per owner (a database handle or a built-once base query): shape → its compiled form, or null when not reusable. */
const shapes = new WeakMap<object, Map<string, Shape | null>>();

/** How many shapes an owner keeps (a page of n ids is a shape of its own); further ones are compiled each time. */
const MAX_SHAPES = 200;

/**
 * The compiled statement `build()` makes, built and compiled by Kysely only the first time per `owner` and
 * `shape`; later calls reuse its SQL with the new `trailing` parameters. Kysely builds and compiles a query anew on
 * every call, which costs more than a small indexed statement takes to run.
 *
 * `shape` must name everything that changes the SQL text (columns, sort, how many values), and `trailing` must be
 * the statement's last parameters, in order — the values the caller put in last (`where id in (…)`,
 * `limit ? offset ?`). The first compile checks that: when its last parameters are not exactly `trailing`, the
 * shape is never reused. The parameters before them come from `owner` (immutable Kysely builders) and are kept.
 * Plugins see the first compile only; run the result with `db.executeQuery`.
 */
export function compiledOnce<Row>(
  owner: object,
  shape: string,
  trailing: readonly unknown[],
  build: () => Compilable<Row>,
): CompiledQuery<Row> {
  let byShape = shapes.get(owner);
  if (!byShape) shapes.set(owner, (byShape = new Map()));
  const known = byShape.get(shape);
  if (known) {
    return {
      sql: known.sql,
      query: known.query,
      queryId: createQueryId(),
      parameters: [...known.leading, ...trailing],
    };
  }
  const compiled = build().compile();
  if (known === undefined && byShape.size < MAX_SHAPES) {
    const split = compiled.parameters.length - trailing.length;
    const fits = split >= 0 && trailing.every((value, index) => compiled.parameters[split + index] === value);
    byShape.set(
      shape,
      fits ? { sql: compiled.sql, query: compiled.query, leading: compiled.parameters.slice(0, split) } : null,
    );
  }
  return compiled;
}

type DirectRead = QueryResult<unknown> | Promise<QueryResult<unknown>> | null;

/** Per root database handle: runs a read without Kysely's executor, or null when it must go through Kysely. */
const directReaders = new WeakMap<object, (query: CompiledQuery) => DirectRead>();

/** Lets `runCompiled` read on `db` without Kysely's executor (database.ts, for the root handle of either database). */
export function registerDirectReader(db: object, read: (query: CompiledQuery) => DirectRead): void {
  directReaders.set(db, read);
}

/**
 * Runs a compiled statement (from `compiledOnce`) on `db`: a read on the root handle straight on the driver —
 * SQLite's connection when nothing else is using it (node-sqlite-adapter.ts `directReader`), PostgreSQL's pool
 * (database.ts) — and anything else — writes, transactions, a handle with extra plugins (`withPlugin` makes a new
 * handle) — through Kysely. Kysely's executor adds a connection lease, a plugin pass and several promises to every
 * statement, and a list page runs two or three of them. A read on SQLite's connection answers at once, not as a
 * promise; callers await either.
 */
export function runCompiled<Row, DB>(
  db: Kysely<DB>,
  query: CompiledQuery<Row>,
): QueryResult<Row> | Promise<QueryResult<Row>> {
  const direct = directReaders.get(db)?.(query);
  return (direct ?? db.executeQuery(query)) as QueryResult<Row> | Promise<QueryResult<Row>>;
}
