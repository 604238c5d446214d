import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * Everything that differs between SQLite and PostgreSQL lives here: how search is matched and how
 * values come back (booleans as 0/1 or true/false, timestamps as ISO text or Date).
 */
export type DialectName = 'sqlite' | 'postgres';

/** The SQLite function (registered by openDatabase) that lower-cases all of Unicode, as PostgreSQL's lower() does. */
export const UNICODE_LOWER = 'unicode_lower';

/** `text` lower-cased on both engines, umlauts included (SQLite's built-in lower() leaves "Ü" as it is). */
export const lowerCase = (dialect: DialectName, text: RawBuilder<unknown>) =>
  dialect === 'postgres' ? sql<string>`lower(${text})` : sql<string>`${sql.raw(UNICODE_LOWER)}(${text})`;

/** A boolean column as a condition, true on both engines (SQLite keeps 0/1, PostgreSQL true/false). */
export const isTrue = (column: string) => sql<SqlBool>`${sql.ref(column)}`;

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (char) => `\\${char}`);
const ftsPhrase = (word: string) => `"${word.replace(/"/g, '""')}"`;

/** The FTS5 query for words of three or more characters: every word as a phrase of its own. */
const ftsMatch = (words: readonly string[]) => words.map(ftsPhrase).join(' AND ');

/** Whether the FTS5 trigram index can find `word` (it needs three characters or more). */
const indexable = (word: string) => [...word].length >= 3;

/**
 * What a search for `words` binds, in order, and a key naming its SQL text: `searchCondition` binds exactly
 * `values`, and every search with the same `key` has the same SQL, so a statement built with it can be compiled
 * once per key and run with new values (db/compiled-once.ts).
 */
export type SearchTerms = { key: string; values: readonly string[] };

export function searchTerms(dialect: DialectName, words: readonly string[]): SearchTerms {
  if (dialect === 'postgres') {
    return { key: `like ${words.length}`, values: words.map((word) => `%${escapeLike(word)}%`) };
  }
  const indexed = words.filter(indexable);
  const short = words.filter((word) => !indexable(word));
  return {
    key: `fts ${indexed.length > 0 ? 1 : 0} instr ${short.length}`,
    values: indexed.length > 0 ? [ftsMatch(indexed), ...short] : short,
  };
}

/**
 * The condition "every word is contained in the record's normalised search text", using the table's
 * search index: an FTS5 trigram table on SQLite (words of three or more characters), pg_trgm on PostgreSQL.
 * `words` must already be normalised (see `searchWords`); it binds `searchTerms(dialect, words).values`.
 */
export function searchCondition(
  dialect: DialectName,
  table: string,
  idColumn: string,
  words: readonly string[],
): RawBuilder<SqlBool> {
  const column = sql.ref(`${table}.search_text`);
  const { values } = searchTerms(dialect, words);
  if (dialect === 'postgres') {
    const parts = values.map((pattern) => sql<SqlBool>`${column} like ${pattern}`);
    return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
  }
  const parts: RawBuilder<SqlBool>[] = [];
  let short = values;
  if (words.some(indexable)) {
    const fts = sql.table(`${table}_fts`);
    parts.push(
      sql<SqlBool>`${sql.ref(`${table}.${idColumn}`)} in (select rowid from ${fts} where ${fts} match ${values[0]})`,
    );
    short = values.slice(1);
  }
  for (const word of short) parts.push(sql<SqlBool>`instr(${column}, ${word}) > 0`);
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/**
 * SQLite's FTS5 table of `table` and the match for `words`, when the index can find every word (else null). The
 * statements below are built only when their shape is compiled the first time (`query()`): a list request needs
 * just their values, and building Kysely's immutable nodes cost about 8 µs of a search (bench/README.md,
 * "5 December 2026 (thirty-fifth session)").
 */
function searchIndex(dialect: DialectName, table: string, words: readonly string[]) {
  if (dialect !== 'sqlite' || words.length === 0 || !words.every(indexable)) return null;
  return { fts: () => sql.table(`${table}_fts`), match: ftsMatch(words) };
}

/**
 * SQLite only: how many records (at most `cap`) contain every word, and their ids as a JSON array, straight from
 * the FTS5 trigram index in one row (null when a word is too short for it, or on PostgreSQL). Reading a bounded
 * number of index entries is cheap, tells whether a search is rare enough to sort all its matches, and hands them
 * on as the parameter `json_each` reads (see list-query.ts). Binds `[match, cap]`; its SQL depends on `table`
 * alone.
 */
export function cappedSearchHits(
  dialect: DialectName,
  table: string,
  words: readonly string[],
  cap: number,
): { query: () => RawBuilder<{ hits: number; ids: string }>; values: readonly [string, number] } | null {
  const index = searchIndex(dialect, table, words);
  if (!index) return null;
  const { fts, match } = index;
  return {
    query: () =>
      sql<{
        hits: number;
        ids: string;
      }>`select count(*) as hits, json_group_array(id) as ids from (select rowid as id from ${fts()} where ${fts()} match ${match} limit ${cap})`,
    values: [match, cap],
  };
}

/**
 * SQLite only: one page of the ids of the records of `table` that contain every word, in id order, from its FTS5
 * trigram index alone (null when a word is too short for it, or on PostgreSQL). The index's rowid is the record's
 * id and FTS5 reads its entries in rowid order either way, so a page costs about `skip + limit` index entries
 * instead of looking up and sorting every match (the bookings' "gardasee", 11,000 matches: 0.4 ms instead of 5).
 * Only for a search over every row of the table sorted by id alone. Binds `[match, limit, skip]`; its SQL depends
 * on `table` and `direction`.
 */
export function searchIndexPage(
  dialect: DialectName,
  table: string,
  words: readonly string[],
  direction: 1 | -1,
  page: { limit: number; skip: number },
): { query: () => RawBuilder<{ list_id: number }>; values: readonly [string, number, number] } | null {
  const index = searchIndex(dialect, table, words);
  if (!index) return null;
  const { fts, match } = index;
  return {
    query: () =>
      sql<{
        list_id: number;
      }>`select rowid as list_id from ${fts()} where ${fts()} match ${match} order by rowid ${sql.raw(
        direction === 1 ? 'asc' : 'desc',
      )} limit ${page.limit} offset ${page.skip}`,
    values: [match, page.limit, page.skip],
  };
}

/**
 * SQLite only: how many records of `table` contain every word, counted in its FTS5 trigram index alone (null when a
 * word is too short for it, or on PostgreSQL). The index is kept in step with the table by triggers, so this is the
 * count of `searchCondition` over the whole table, without looking up every matching row (18,000 matches: about
 * 6 ms instead of 25–50 ms). Binds `[match]`; its SQL depends on `table` alone.
 */
export function searchIndexCount(
  dialect: DialectName,
  table: string,
  words: readonly string[],
): { query: () => RawBuilder<{ total: number }>; values: readonly [string] } | null {
  const index = searchIndex(dialect, table, words);
  if (!index) return null;
  const { fts, match } = index;
  return {
    query: () => sql<{ total: number }>`select count(*) as total from ${fts()} where ${fts()} match ${match}`,
    values: [match],
  };
}

/**
 * The same "every word is contained" test as `searchCondition`, but as a plain substring check that uses no
 * index: cheap for the few thousand rows of a window, where probing an index would cost more. Binds `words`.
 */
export function containsAllWords(
  dialect: DialectName,
  searchText: string | RawBuilder<string>,
  words: readonly string[],
): RawBuilder<SqlBool> {
  const column = typeof searchText === 'string' ? sql.ref(searchText) : searchText;
  const parts = words.map((word) =>
    dialect === 'postgres' ? sql<SqlBool>`strpos(${column}, ${word}) > 0` : sql<SqlBool>`instr(${column}, ${word}) > 0`,
  );
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/** Booleans come back as 0/1 from SQLite and as true/false from PostgreSQL. */
export const toBool = (value: number | boolean | bigint | null | undefined): boolean =>
  value === true || value === 1 || value === 1n;

/** Timestamps come back as ISO text from SQLite and as Date from PostgreSQL; the API speaks ISO 8601 UTC. */
export function toIso(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  // SQLite hands back what was written: already ISO 8601 UTC in the common case.
  if (ISO_UTC.test(value)) return value;
  return new Date(value).toISOString();
}

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Parses a JSON text column, falling back when it does not parse. */
export function parseJson<T>(value: string | null | undefined, fallback: T): T {
  if (value === null || value === undefined || value === '') return fallback;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}

export const nowIso = () => new Date().toISOString();
