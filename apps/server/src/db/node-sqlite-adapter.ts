import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { SqliteDatabase, SqliteDialectConfig, SqliteStatement } from 'kysely';

/**
 * node:sqlite binds null | number | bigint | string | Uint8Array. Kysely hands over booleans, Dates
 * and (for JSON columns) plain objects; a plain object in first position would even be taken as a
 * named-parameter bag and bind NULL silently. Normalise every parameter here.
 */
const toParam = (value: unknown): SQLInputValue => {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && !ArrayBuffer.isView(value)) return JSON.stringify(value);
  return value as SQLInputValue;
};
const toParams = (parameters: ReadonlyArray<unknown>) => parameters.map(toParam);

type Row = Record<string, unknown>;

/**
 * Makes a statement's rows from the arrays node:sqlite returns with `setReturnArrays(true)`: one object literal
 * with the statement's column names, compiled once per statement. node:sqlite's own rows are null-prototype
 * objects in V8's dictionary mode, slow to make and to read; these get a shared hidden class. Making and reading
 * a customers page's three statements this way took 132–134 µs against 185–210 µs (bench/README.md, 2 December
 * 2026). The keys are the column names as node:sqlite gives them, in order; a repeated name keeps the last value,
 * as node:sqlite does.
 */
export function rowMaker(names: readonly string[]): (values: readonly unknown[]) => Row {
  // `__proto__` as a plain key would set the prototype; as a computed key it is an own property like any other.
  const properties = names.map((name, index) =>
    name === '__proto__' ? `["__proto__"]: values[${index}]` : `${JSON.stringify(name)}: values[${index}]`,
  );
  return new Function('values', `return { ${properties.join(', ')} };`) as (values: readonly unknown[]) => Row;
}

function* madeRows(rows: Iterable<unknown>, makeRow: (values: readonly unknown[]) => Row): Generator<Row> {
  for (const values of rows) yield makeRow(values as unknown[]);
}

/** Gives Kysely's SqliteDialect the better-sqlite3 shape it expects, with a prepared-statement cache. */
export function nodeSqliteDatabase(db: DatabaseSync, cacheSize = 500): SqliteDatabase {
  // Kysely prepares every query anew; keeping the prepared statements (least recently used out) saves that work.
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => db.close(),
    prepare(sql: string): SqliteStatement {
      const cached = cache.get(sql);
      if (cached) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement: StatementSync = db.prepare(sql);
      const columns = statement.columns();
      // better-sqlite3's `reader`: the statement returns rows (SELECT, … RETURNING, some PRAGMAs)
      const reader = columns.length > 0;
      const makeRow = reader ? rowMaker(columns.map((column) => column.name)) : null;
      if (makeRow) statement.setReturnArrays(true);
      const prepared: SqliteStatement = {
        reader,
        all: (parameters) => {
          const rows = statement.all(...toParams(parameters));
          return makeRow ? rows.map((values) => makeRow(values as unknown as unknown[])) : rows;
        },
        run: (parameters) => statement.run(...toParams(parameters)),
        iterate: (parameters) => {
          const rows = statement.iterate(...toParams(parameters));
          return makeRow ? madeRows(rows, makeRow) : rows;
        },
      };
      cache.set(sql, prepared);
      if (cache.size > cacheSize) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      return prepared;
    },
  };
}

/**
 * Runs a read statement on the connection at once, synchronously, as the driver would, but without Kysely's
 * executor around it (its connection lock, plugin and promise hops cost more than a small indexed read): or
 * returns null, and the caller goes through Kysely, when the statement writes or a transaction is open on the
 * connection (a read must not run inside another request's transaction; Kysely makes it wait for the end).
 * node:sqlite runs a statement to completion before anything else can, so nothing interleaves with it.
 */
export function directReader(raw: DatabaseSync, database: SqliteDatabase) {
  // Per operation node, its prepared statement: a statement compiled once (db/compiled-once.ts) keeps its node, so
  // it is found by that object instead of by its SQL text (a kilobyte compared, and moved up in the LRU order).
  const byNode = new WeakMap<object, SqliteStatement>();
  return (query: CompiledQuery): QueryResult<unknown> | null => {
    if (raw.isTransaction) return null;
    let statement = byNode.get(query.query);
    if (!statement) byNode.set(query.query, (statement = database.prepare(query.sql)));
    if (!statement.reader) return null;
    return { rows: statement.all(query.parameters) };
  };
}

/** Write transactions take the write lock up front, so two writers never deadlock on upgrade (SQLITE_BUSY). */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class NodeSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}
