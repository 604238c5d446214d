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
      const prepared: SqliteStatement = {
        // better-sqlite3's `reader`: the statement returns rows (SELECT, … RETURNING, some PRAGMAs)
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...toParams(parameters)),
        run: (parameters) => statement.run(...toParams(parameters)),
        iterate: (parameters) => statement.iterate(...toParams(parameters)),
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
  return (query: CompiledQuery): QueryResult<unknown> | null => {
    if (raw.isTransaction) return null;
    const statement = database.prepare(query.sql);
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
