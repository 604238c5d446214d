import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect, SelectQueryNode, sql } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import { registerDirectReader } from './compiled-once.ts';
import { registerGroupCommit } from './group-commit.ts';
import { directReader, NodeSqliteDialect, nodeSqliteDatabase } from './node-sqlite-adapter.ts';
import type { DB } from './schema.ts';
import { ReadCache } from './read-cache.ts';
import { UNICODE_LOWER, type DialectName } from './dialect.ts';

export type Database = Kysely<DB>;

export type DatabaseHandle = {
  db: Database;
  /** Short-lived list totals and logged-in users, invalidated by this process's own writes. */
  cache: ReadCache;
  dialect: DialectName;
  /** PostgreSQL schema the handle works in, when not the default. */
  schema?: string;
  /** PostgreSQL: where to open a connection of one's own (the realtime events' LISTEN, lib/realtime.ts). */
  connectionString?: string;
  /** Closes the connection(s). */
  destroy: () => Promise<void>;
};

// node-postgres answers int8 (count(*), bigserial) and numeric as strings and `date` as a local-midnight
// Date; the API wants numbers and plain `YYYY-MM-DD`. Timestamps stay Date objects and are mapped in one place.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export type DatabaseOptions = {
  /** `sqlite:<path>`, `sqlite::memory:` or `postgres://…` */
  url: string;
  /** PostgreSQL only: the schema to work in (tests isolate themselves this way). */
  schema?: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
  /** How long a list total may be reused (0: always count). */
  countCacheMs?: number;
  /** How long a logged-in user's account and role may be reused (0: read them on every request). */
  authCacheMs?: number;
  /** SQLite in memory only: start from this serialized database (tests copy one migrated database). */
  image?: Uint8Array;
};

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  const { url } = options;
  const cache = new ReadCache({ counts: options.countCacheMs ?? 5000, auth: options.authCacheMs ?? 2000 });
  const plugins = [cache.plugin];
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      // Exhausting the pool queues a request for at most 5 s, then the request fails with 503.
      connectionTimeoutMillis: 5000,
      options: options.schema ? `-c search_path=${options.schema},public` : undefined,
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins });
    // `runCompiled` reads straight from the pool: `pool.query` lends a connection for the one statement, as
    // Kysely's executor would, without the executor's lease, plugin pass and promises around it.
    registerDirectReader(db, (query) =>
      SelectQueryNode.is(query.query) ? pool.query(query.sql, query.parameters as unknown[]) : null,
    );
    return {
      db,
      cache,
      dialect: 'postgres',
      schema: options.schema,
      connectionString: url,
      destroy: () => db.destroy(),
    };
  }
  if (!url.startsWith('sqlite:'))
    throw new Error(`DATABASE_URL must start with sqlite: or postgres:// (got ${url.split(':')[0]}:)`);
  const path = url.slice('sqlite:'.length);
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const raw = new DatabaseSync(path, { timeout: 5000, enableForeignKeyConstraints: true });
  if (options.image && path === ':memory:') raw.deserialize(options.image);
  raw.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = FULL;
    PRAGMA foreign_keys = ON;
    PRAGMA busy_timeout = 5000;
    PRAGMA temp_store = MEMORY;
    PRAGMA cache_size = -32000;
  `);
  // SQLite's own lower() folds only A–Z; searches that lower-case stored text ("Über" for "über") use this one.
  raw.function(UNICODE_LOWER, { deterministic: true }, (value) =>
    typeof value === 'string' ? value.toLocaleLowerCase('de') : value,
  );
  const adapter = nodeSqliteDatabase(raw);
  const db = new Kysely<DB>({ dialect: new NodeSqliteDialect({ database: adapter }), plugins });
  registerDirectReader(db, directReader(raw, adapter));
  registerGroupCommit(db);
  return { db, cache, dialect: 'sqlite', destroy: () => db.destroy() };
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; throws (and so stops start-up) when a migration fails. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one is ours.
  const migrator = new Migrator({ db: handle.db, provider, migrationTableSchema: handle.schema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}

/** True when the database answers a trivial query. */
export async function isDatabaseUsable(db: Database): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
