import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * Column types that differ between SQLite and PostgreSQL. Migrations use these helpers so each table
 * is written once. (Migrations never import application code; this file belongs to them.)
 */
/**
 * Migrations must not depend on today's table types, so they see the database as tables of unknown
 * columns: any table name is accepted, and every value is `unknown` until a migration says otherwise.
 */
export type MigrationDb = Kysely<Record<string, Record<string, unknown>>>;

export const isPostgres = (db: MigrationDb) => db.getExecutor().adapter instanceof PostgresAdapter;

export const types = (db: MigrationDb) => {
  const pg = isPostgres(db);
  return {
    id: pg ? ('serial' as const) : ('integer' as const),
    idColumn: (col: ColumnDefinitionBuilder) => (pg ? col.primaryKey() : col.primaryKey().autoIncrement()),
    timestamp: pg ? ('timestamptz' as const) : ('text' as const),
    date: pg ? ('date' as const) : ('text' as const),
    boolean: pg ? ('boolean' as const) : ('integer' as const),
    now: pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`,
    false: pg ? sql`false` : sql`0`,
    true: pg ? sql`true` : sql`1`,
  };
};

/**
 * An index for `lit-search` on a table's normalised `search_text` column: a pg_trgm GIN index on
 * PostgreSQL, an FTS5 trigram table kept in step by triggers on SQLite.
 */
export async function createSearchIndex(db: MigrationDb, table: string, idColumn: string): Promise<void> {
  if (isPostgres(db)) {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql.raw(`create index ${table}_search_trgm on "${table}" using gin (search_text gin_trgm_ops)`).execute(db);
    return;
  }
  const fts = `${table}_fts`;
  await sql
    .raw(
      `create virtual table ${fts} using fts5(search_text, content='${table}', content_rowid='${idColumn}', tokenize='trigram')`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${table}_fts_ai after insert on "${table}" begin
         insert into ${fts}(rowid, search_text) values (new.${idColumn}, new.search_text);
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${table}_fts_ad after delete on "${table}" begin
         insert into ${fts}(${fts}, rowid, search_text) values ('delete', old.${idColumn}, old.search_text);
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${table}_fts_au after update of search_text on "${table}" begin
         insert into ${fts}(${fts}, rowid, search_text) values ('delete', old.${idColumn}, old.search_text);
         insert into ${fts}(rowid, search_text) values (new.${idColumn}, new.search_text);
       end`,
    )
    .execute(db);
}

export async function dropSearchIndex(db: MigrationDb, table: string): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw(`drop index if exists ${table}_search_trgm`).execute(db);
    return;
  }
  for (const suffix of ['ai', 'ad', 'au']) await sql.raw(`drop trigger if exists ${table}_fts_${suffix}`).execute(db);
  await sql.raw(`drop table if exists ${table}_fts`).execute(db);
}
