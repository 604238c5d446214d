import { createQueryId, type Compilable, type CompiledQuery } from 'kysely';

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
