import {
  sql,
  type CompiledQuery,
  type QueryResult,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import { z } from 'zod';
import { ALL_ITEMS_LIMIT, DEFAULT_PAGE_SIZE, searchWords, type ListQuery, type Page } from '@tourdesk/contracts';
import { compiledOnce, runCompiled } from '../db/compiled-once.ts';
import {
  cappedSearchHits,
  containsAllWords,
  searchCondition,
  searchIndexCount,
  searchIndexPage,
  searchTerms,
  type DialectName,
} from '../db/dialect.ts';
import type { ReadCache } from '../db/read-cache.ts';
import type { Database } from '../db/database.ts';
import type { DB as Schema } from '../db/schema.ts';
import { invalidField } from './errors.ts';

/**
 * The one list engine behind every list endpoint: paging, sorting, selecting, searching and
 * filtering, as described in ARCHITECTURE "API contract".
 */
export type ListFieldType = 'string' | 'number' | 'boolean' | 'date';

/** `table.column` for every column of the database: a list spec naming a column that does not exist fails to compile. */
export type ColumnRef = { [T in keyof Schema & string]: `${T}.${keyof Schema[T] & string}` }[keyof Schema & string];

/**
 * An API field of a list. `Alias` names the computed columns the list's base query selects (`user_count`), the
 * only columns that are not `table.column`.
 */
export type ListField<Alias extends string = never> = {
  /** The column (qualified, e.g. `user_account.lastname`) or computed column it maps to. */
  column: ColumnRef | Alias;
  type: ListFieldType;
  sortable?: boolean;
  filterable?: boolean;
  /** The column comes from a joined table: filtering on it needs the joins for counting too. */
  joined?: boolean;
  /** The column sorting uses instead of `column`, e.g. a stored DIN 5007 key of a name (same table). */
  sortColumn?: ColumnRef;
  /** The sort column may be empty: empty values come last in ascending order on both databases. */
  nullable?: boolean;
};

/**
 * How a list endpoint reads: kept next to the list's base query, typed against the database (`fields`) and
 * against the answer's contract (`Item`: `selectable` and `idField` name its keys, see `contractFields`).
 */
export type ListSpec<Item = Record<string, unknown>, Alias extends string = never> = {
  /** The table whose `search_text` (and search index) `lit-search` uses. */
  table: keyof Schema & string;
  idColumn: string;
  /** API field → column; these can be sorted and filtered on. */
  fields: Record<string, ListField<Alias>>;
  /** API fields `$select` may name (defaults to the keys of `fields`). */
  selectable?: readonly (keyof Item & string)[];
  /** The field always kept by `$select`. */
  idField: keyof Item & string;
  searchable: boolean;
  defaultSort: ReadonlyArray<readonly [field: string, direction: 1 | -1]>;
  /** Upper bound for `$limit` (default 1000). */
  maxLimit?: number;
  /** Page size when `$limit` is not given (default 20). */
  defaultLimit?: number;
  /** Query keys the route handles itself (not filters). */
  ownParams?: readonly string[];
  /** How many rows in list order a search checks with a plain substring test first (see `pageIds`). */
  searchWindow?: number;
  /** Up to how many matches a search sorts them all before trying the window (SQLite, see `pageIds`). */
  searchHitCap?: number;
};

/** The keys of a contract's object schema, for `selectable`: what the answer has, `$select` may ask for. */
export const contractFields = <Key extends string>(schema: { keyof: () => { options: readonly Key[] } }) =>
  schema.keyof().options;

/** Any list spec, whatever its item and computed columns (what the engine's helpers read of it). */
type AnySpec = ListSpec<Record<string, unknown>, string>;

export type ListContext = { db: Database; dialect: DialectName; cache?: ReadCache };

/**
 * A base query built once per database handle instead of on every request: Kysely's builders are immutable, so
 * one serves every list request on that handle (a transaction has a handle of its own).
 */
export function builtOnce<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const built = new WeakMap<Database, Query>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) built.set(db, (query = build(db)));
    return query;
  };
}

/** How many variants of a query `builtOncePerVariant` keeps per database handle before it starts afresh. */
const MAX_VARIANTS = 1000;

/**
 * Like `builtOnce`, for queries that differ by a few values (a user kind, an agency's scope): one query per
 * handle and `variant` key, so the statements compiled on it (db/compiled-once.ts, keyed by the query object)
 * are reused on every request of that variant instead of being built and compiled anew. `variant` must name
 * every value `build` puts into the query.
 */
export function builtOncePerVariant<Args extends unknown[], Query>(
  variant: (...args: Args) => string,
  build: (db: Database, ...args: Args) => Query,
): (db: Database, ...args: Args) => Query {
  const built = new WeakMap<Database, Map<string, Query>>();
  return (db, ...args) => {
    let byVariant = built.get(db);
    if (!byVariant) built.set(db, (byVariant = new Map()));
    const key = variant(...args);
    let query = byVariant.get(key);
    if (query === undefined) {
      if (byVariant.size >= MAX_VARIANTS) byVariant.clear();
      byVariant.set(key, (query = build(db, ...args)));
    }
    return query;
  };
}

const RESERVED = new Set(['$limit', '$skip', '$sort', '$select', 'lit-search', 'lit-sort', 'pagination']);
const IGNORED_VALUES = new Set(['none', 'null', '']);

type Direction = 1 | -1;

export function resolveLimit(query: ListQuery, maxLimit: number, defaultLimit = DEFAULT_PAGE_SIZE): number {
  const requested = query.$limit;
  if (requested === undefined) return Math.min(defaultLimit, maxLimit);
  if (requested === -1) return Math.min(ALL_ITEMS_LIMIT, maxLimit);
  return Math.min(requested, maxLimit);
}

function resolveSort(query: ListQuery, spec: AnySpec): Array<[string, Direction]> {
  const sort: Array<[string, Direction]> = [];
  for (const [field, direction] of Object.entries(query.$sort ?? {})) {
    sort.push([field, Number(direction) === -1 ? -1 : 1]);
  }
  for (const part of (query['lit-sort'] ?? '').split(',')) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    const descending = trimmed.startsWith('-');
    sort.push([descending ? trimmed.slice(1) : trimmed, descending ? -1 : 1]);
  }
  for (const [field] of sort) {
    const definition = spec.fields[field];
    if (!definition || definition.sortable === false) throw invalidField(`$sort.${field}`, 'error.invalidSort');
  }
  return sort.length > 0 ? sort : spec.defaultSort.map(([field, direction]) => [field, direction]);
}

function resolveSelect(query: ListQuery, spec: AnySpec): string[] | null {
  if (query.$select === undefined) return null;
  const fields = (Array.isArray(query.$select) ? query.$select : [query.$select]).flatMap((value) => value.split(','));
  const allowed = new Set(spec.selectable ?? Object.keys(spec.fields));
  for (const field of fields) {
    if (!allowed.has(field)) throw invalidField(`$select.${field}`, 'error.invalidSelect');
  }
  return [...new Set([spec.idField, ...fields])];
}

/** Numbers beyond a 32-bit integer column's range are no id or amount a list holds (PostgreSQL would fail). */
const MAX_FILTER_NUMBER = 2_147_483_647;

const ZDateFilter = z.union([z.iso.date(), z.iso.datetime({ offset: true, local: true })]);

/**
 * A date filter: a real calendar date (`2026-02-30` is none) or date-time, as the ISO instant the columns hold,
 * so both databases compare it the same way. Anything else is a 400, never a database error.
 */
function coerceDate(field: string, value: string): string {
  const parsed = ZDateFilter.safeParse(value);
  const date = parsed.success ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value) : null;
  if (!date || Number.isNaN(date.getTime())) throw invalidField(field, 'error.invalidFilter');
  return date.toISOString();
}

function coerce(field: string, type: ListFieldType, raw: unknown): string | number | boolean {
  if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') {
    throw invalidField(field, 'error.invalidFilter');
  }
  const value = String(raw);
  switch (type) {
    case 'number': {
      const number = Number(value);
      if (value.trim() === '' || !Number.isFinite(number) || Math.abs(number) > MAX_FILTER_NUMBER)
        throw invalidField(field, 'error.invalidFilter');
      return number;
    }
    case 'date':
      return coerceDate(field, value);
    case 'boolean':
      if (value === 'true' || value === '1') return true;
      if (value === 'false' || value === '0') return false;
      throw invalidField(field, 'error.invalidFilter');
    default:
      return value;
  }
}

type Filter = { column: string; joined: boolean; values: Array<string | number | boolean> };

function resolveFilters(query: ListQuery, spec: AnySpec): Filter[] {
  const own = new Set(spec.ownParams ?? []);
  const filters: Filter[] = [];
  for (const [field, raw] of Object.entries(query)) {
    if (RESERVED.has(field) || own.has(field) || raw === undefined || raw === null) continue;
    const definition = spec.fields[field];
    if (!definition || definition.filterable === false) throw invalidField(field, 'error.invalidFilter');
    let candidates: unknown[];
    if (typeof raw === 'object' && !Array.isArray(raw)) {
      const operators = raw as Record<string, unknown>;
      const unknownOperator = Object.keys(operators).find((key) => key !== '$in');
      if (unknownOperator) throw invalidField(`${field}.${unknownOperator}`, 'error.invalidFilter');
      const list = operators.$in;
      candidates = Array.isArray(list) ? list : [list];
    } else {
      candidates = Array.isArray(raw) ? raw : [raw];
    }
    const values = candidates
      .filter((value) => value !== null && value !== undefined && !IGNORED_VALUES.has(String(value)))
      .map((value) => coerce(field, definition.type, value));
    if (values.length > 0) filters.push({ column: definition.column, joined: definition.joined === true, values });
  }
  return filters;
}

/** What a list query asks of a spec, as the engine reads it: everything but the page's size and position. */
type ListPlan = {
  readonly sort: ReadonlyArray<readonly [string, Direction]>;
  readonly select: readonly string[] | null;
  readonly filters: readonly Filter[];
  /** What makes the filters' SQL text: their columns and how many values each. */
  readonly filterShape: string;
  /** The filters' values, in order. */
  readonly filterValues: ReadonlyArray<string | number | boolean>;
  readonly words: readonly string[];
  /** What makes the SQL text of the plain page of ids: the filters' shape, the sort and the id column. */
  readonly idPageShape: string;
};

function makePlan(spec: AnySpec, query: ListQuery): ListPlan {
  const sort = resolveSort(query, spec);
  const filters = resolveFilters(query, spec);
  const filterShape = filters.map((filter) => `${filter.column}:${filter.values.length}`).join(',');
  return {
    sort,
    select: resolveSelect(query, spec),
    filters,
    filterShape,
    filterValues: filters.flatMap((filter) => filter.values),
    words: searchWords(query['lit-search']),
    idPageShape: JSON.stringify([filterShape, sort, `${spec.table}.${spec.idColumn}`]),
  };
}

const plans = new WeakMap<AnySpec, WeakMap<ListQuery, ListPlan>>();

/**
 * The plan of `query` on `spec`. A query as a route validated it is one frozen object for every request with the
 * same query string (lib/query-string.ts), so its plan is worked out once per spec; any other query (one a
 * service made, e.g. with an agency's scope) each time. A query the spec refuses (an unknown sort or filter) is
 * refused each time.
 */
function planOf(spec: AnySpec, query: ListQuery): ListPlan {
  if (!Object.isFrozen(query)) return makePlan(spec, query);
  let bySpec = plans.get(spec);
  if (!bySpec) plans.set(spec, (bySpec = new WeakMap()));
  let plan = bySpec.get(query);
  if (!plan) bySpec.set(query, (plan = makePlan(spec, query)));
  return plan;
}

const sortColumnOf = (field: ListField<string>): string => field.sortColumn ?? field.column;

function pick<T extends Record<string, unknown>>(row: T, fields: readonly string[]): Partial<T> {
  const result: Record<string, unknown> = {};
  for (const field of fields) if (field in row) result[field] = row[field];
  return result as Partial<T>;
}

/**
 * The rows of a page, read by their ids in whatever order, put in the order of `ids`: each into its place when
 * there is one row per id (the usual case), else sorted by place (a row deleted between the two statements is
 * missing).
 */
function inIdOrder<Row>(rows: Row[], ids: readonly number[], idColumn: string): Row[] {
  const position = new Map<number, number>();
  for (let index = 0; index < ids.length; index++) position.set(ids[index]!, index);
  const placeOf = (row: Row) => position.get((row as Record<string, number>)[idColumn]!)!;
  if (rows.length === ids.length) {
    const placed = new Array<Row>(ids.length);
    for (const row of rows) placed[placeOf(row)] = row;
    if (!placed.includes(undefined as Row)) return placed;
  }
  return rows.sort((a, b) => placeOf(a) - placeOf(b));
}

/** Applies the filters and the search words to a query (the page query and the count query alike). */
function narrow<DB, TB extends keyof DB, O>(
  context: ListContext,
  spec: AnySpec,
  query: SelectQueryBuilder<DB, TB, O>,
  filters: readonly Filter[],
  words: readonly string[],
): SelectQueryBuilder<DB, TB, O> {
  let narrowed = query;
  for (const filter of filters) {
    const column = sql.ref(filter.column);
    narrowed =
      filter.values.length === 1
        ? narrowed.where(sql<SqlBool>`${column} = ${filter.values[0]}`)
        : narrowed.where(sql<SqlBool>`${column} in (${sql.join(filter.values)})`);
  }
  if (spec.searchable && words.length > 0) {
    narrowed = narrowed.where(searchCondition(context.dialect, spec.table, spec.idColumn, words));
  }
  return narrowed;
}

/**
 * Runs a list query on `base` (a select with its joins and columns) and maps each row with `map`: a page
 * (`{ total, limit, skip, data }`), or every row as a plain array with `pagination=false`. `where` conditions
 * of the route (tenant scope, kind) must already be on `base`. `countBase`, when given, is the same selection
 * without the joins (and the same scope): the total is counted on it unless a filter needs a joined column,
 * which keeps counting cheap on large tables.
 */
export async function runList<
  DB,
  TB extends keyof DB,
  O,
  Item extends Record<string, unknown>,
  Alias extends string = never,
  CTB extends keyof DB = TB,
  CO = O,
>(...args: ListArgs<DB, TB, O, Item, Alias, CTB, CO>): Promise<Page<Partial<Item>> | Array<Partial<Item>>> {
  return args[2].pagination === 'false' ? runListAll(...args) : runListPage(...args);
}

type ListArgs<DB, TB extends keyof DB, O, Item, Alias extends string, CTB extends keyof DB, CO> = [
  context: ListContext,
  spec: ListSpec<Item, Alias>,
  query: ListQuery,
  base: SelectQueryBuilder<DB, TB, O>,
  map: (rows: O[]) => Promise<Item[]> | Item[],
  countBase?: SelectQueryBuilder<DB, CTB, CO>,
  /**
   * Where the page's ids are read, when not on `countBase`: a narrower selection that still holds every row of
   * the requested page in list order (e.g. the newest n of each departure for the bookings' departure range), so
   * the page is found without sorting every match. The total is counted on `countBase` as before.
   */
  pageBase?: SelectQueryBuilder<DB, CTB, CO>,
];

/** One page of the list, whatever `pagination` says; without `$select` its rows are whole items. */
export function runListPage<
  DB,
  TB extends keyof DB,
  O,
  Item extends Record<string, unknown>,
  Alias extends string = never,
  CTB extends keyof DB = TB,
  CO = O,
>(...args: ListArgs<DB, TB, O, Item, Alias, CTB, CO> & { 2: { $select?: undefined } }): Promise<Page<Item>>;
export function runListPage<
  DB,
  TB extends keyof DB,
  O,
  Item extends Record<string, unknown>,
  Alias extends string = never,
  CTB extends keyof DB = TB,
  CO = O,
>(...args: ListArgs<DB, TB, O, Item, Alias, CTB, CO>): Promise<Page<Partial<Item>>>;
export async function runListPage<
  DB,
  TB extends keyof DB,
  O,
  Item extends Record<string, unknown>,
  Alias extends string = never,
  CTB extends keyof DB = TB,
  CO = O,
>(...args: ListArgs<DB, TB, O, Item, Alias, CTB, CO>): Promise<Page<Partial<Item>>> {
  const page = await readList(args, true);
  return { total: page.total, limit: page.limit, skip: page.skip, data: page.data };
}

/** Every row of the list (at most `maxLimit`), as `pagination=false` asks for. */
export async function runListAll<
  DB,
  TB extends keyof DB,
  O,
  Item extends Record<string, unknown>,
  Alias extends string = never,
  CTB extends keyof DB = TB,
  CO = O,
>(...args: ListArgs<DB, TB, O, Item, Alias, CTB, CO>): Promise<Array<Partial<Item>>> {
  return (await readList(args, false)).data;
}

async function readList<
  DB,
  TB extends keyof DB,
  O,
  Item extends Record<string, unknown>,
  Alias extends string,
  CTB extends keyof DB,
  CO,
>(
  [context, spec, query, base, map, countBase, pageBase]: ListArgs<DB, TB, O, Item, Alias, CTB, CO>,
  paginate: boolean,
): Promise<Page<Partial<Item>>> {
  const maxLimit = spec.maxLimit ?? ALL_ITEMS_LIMIT;
  const limit = paginate ? resolveLimit(query, maxLimit, spec.defaultLimit) : maxLimit;
  const skip = paginate ? (query.$skip ?? 0) : 0;
  const { sort, select, filters, words, filterShape, filterValues, idPageShape } = planOf(spec, query);
  const searching = spec.searchable && words.length > 0;
  const filtered = () => narrow(context, spec, base, filters, words);

  const idColumn = `${spec.table}.${spec.idColumn}`;
  type AnySelect = SelectQueryBuilder<DB, keyof DB, unknown>;
  const ordered = <Q extends AnySelect>(query: Q, take = limit, from = skip): Q => {
    let result = query;
    for (const [field, direction] of sort) {
      const definition = spec.fields[field]!;
      result = result.orderBy(sql.ref(sortColumnOf(definition)), (order) => {
        if (!definition.nullable) return direction === 1 ? order.asc() : order.desc();
        return direction === 1 ? order.asc().nullsLast() : order.desc().nullsFirst();
      }) as Q;
    }
    if (!sort.some(([field]) => sortColumnOf(spec.fields[field]!) === idColumn)) {
      result = result.orderBy(sql.ref(idColumn), 'asc') as Q;
    }
    return result.limit(take).offset(from) as Q;
  };

  let rows: O[] = [];
  const joinedSort = sort.some(([field]) => spec.fields[field]!.joined);
  if (limit > 0 && countBase && !joinedSort && !filters.some((filter) => filter.joined)) {
    // Deferred join: find the page's ids on the base table alone, then join only those rows. Deep pages no
    // longer join every row they skip.
    const idBase = pageBase ?? countBase;
    const ids = await pageIds(context, spec, {
      countBase: idBase,
      filterShape,
      filterValues,
      idPageShape,
      scoped: () => narrow(context, spec, idBase, filters, []) as unknown as AnySelect,
      searched: () => narrow(context, spec, idBase, filters, words) as unknown as AnySelect,
      words,
      idColumn,
      ordered,
      sort,
      limit,
      skip,
    });
    if (ids.length > 0) {
      // The page's rows by id: compiled once per page size on this base query (db/compiled-once.ts).
      const byIds = compiledOnce(base, `page of ${ids.length}`, ids, () =>
        base.where(sql<SqlBool>`${sql.ref(idColumn)} in (${sql.join(ids)})`),
      );
      rows = inIdOrder((await runCompiled(context.db, byIds)).rows as O[], ids, spec.idColumn);
    }
  } else if (limit > 0) {
    rows = (await ordered(filtered() as unknown as AnySelect).execute()) as O[];
  }
  const items = await map(rows as O[]);
  const data = select ? items.map((item) => pick(item, select)) : items;
  if (!paginate) return { total: data.length, limit, skip, data };

  let total = skip + data.length;
  if (data.length === limit || skip > 0 || limit === 0) {
    // A search over the whole table and nothing else is counted in the search index alone (SQLite's FTS5).
    const inIndex =
      searching && countBase && filters.length === 0 && wholeTables.has(countBase)
        ? searchIndexCount(context.dialect, spec.table, words)
        : null;
    if (inIndex && countBase) {
      const statement = compiledOnce(countBase, `index count ${spec.table}`, inIndex.values, () =>
        compilable(context, inIndex.query()),
      );
      total = await countCompiled(context, statement);
    } else if (countBase && !filters.some((filter) => filter.joined)) {
      // Compiled once per filter columns and search shape on the count base.
      const terms = searching ? searchTerms(context.dialect, words) : { key: '', values: [] };
      total = await countRows(context, () => narrow(context, spec, countBase, filters, words), {
        owner: countBase,
        key: `count ${filterShape} ${terms.key}`,
        values: [...filterValues, ...terms.values],
      });
    } else {
      total = await countRows(context, filtered);
    }
  }
  return { total, limit, skip, data };
}

/** count(*) of a query; reused for a few seconds when the context has the read cache (see db/read-cache.ts). */
async function countRows<DB, TB extends keyof DB, O>(
  context: ListContext,
  query: () => SelectQueryBuilder<DB, TB, O>,
  shape?: { owner: object; key: string; values: readonly unknown[] },
): Promise<number> {
  const counting = () =>
    query()
      .clearSelect()
      .clearOrderBy()
      .select(sql<number>`count(*)`.as('total'));
  const compiled = shape ? compiledOnce(shape.owner, shape.key, shape.values, counting) : counting().compile();
  return countCompiled(context, compiled);
}

/** Runs a compiled `select count(*) as total`; reused for a few seconds when the context has the read cache. */
async function countCompiled(context: ListContext, compiled: CompiledQuery): Promise<number> {
  const run = async () => {
    const row = (await runCompiled(context.db, compiled)).rows[0];
    return Number((row as { total?: number | string } | undefined)?.total ?? 0);
  };
  if (!context.cache) return run();
  return context.cache.get('counts', [compiled.sql, JSON.stringify(compiled.parameters)], run);
}

/** A raw statement as `compiledOnce` builds it: compiled on the context's database. */
const compilable = <Row>(context: ListContext, query: RawBuilder<Row>) => ({
  compile: () => query.compile(context.db),
});

const wholeTables = new WeakSet<object>();

/**
 * Marks a count base that selects every row of the list's table (no join, no condition, no scope): a search with no
 * other filter on it may be counted in the search index alone, and paged from it when the list is sorted by id.
 * Returns the query.
 */
export function wholeTableCount<Q extends object>(query: Q): Q {
  wholeTables.add(query);
  return query;
}

const idsOf = (result: QueryResult<unknown>) =>
  (result.rows as Array<{ list_id: number }>).map((row) => Number(row.list_id));

/** How many rows, in list order, a search first looks through with a plain substring test. */
export const SEARCH_WINDOW = 2000;

/** Up to how many matches (SQLite) a search sorts them all instead of trying the window first. */
export const SEARCH_HIT_CAP = 2000;

type PageIdsInput<Q> = {
  /** The base table with its scope, before any filter (what the compiled statements are kept on). */
  countBase: object;
  /** The filters' columns and value counts, and their values in order (see `ListPlan`). */
  filterShape: string;
  filterValues: ReadonlyArray<string | number | boolean>;
  /** What makes the SQL text of the plain page of ids (see `ListPlan`). */
  idPageShape: string;
  /** The base table with scope and filters, without the search words (built when needed). */
  scoped: () => Q;
  /** The same with the search words, through the search index. */
  searched: () => Q;
  words: readonly string[];
  idColumn: string;
  ordered: (query: Q, take?: number, from?: number) => Q;
  sort: ReadonlyArray<readonly [string, 1 | -1]>;
  limit: number;
  skip: number;
};

/**
 * The ids of one page. Without search words: straight from the base table in list order. With them, in two
 * steps, because neither the sort index nor the search index is good for every word: a common word
 * ("münchen") fills the page within the first rows in list order, so those are checked with a plain substring
 * test first; a rare one ("brüggemann") does not, and then its matches are collected through the search index
 * and only they are sorted (a materialized CTE, so PostgreSQL cannot walk the sort index instead). On SQLite a
 * search over the whole table in id order needs neither: the search index reads its matches in id order.
 */
async function pageIds<DB, Q extends SelectQueryBuilder<DB, keyof DB, unknown>>(
  context: ListContext,
  spec: AnySpec,
  input: PageIdsInput<Q>,
): Promise<number[]> {
  const { scoped, searched, words, idColumn, ordered, sort, limit, skip } = input;
  const idOnly = (query: Q) => query.clearSelect().select(sql.ref(idColumn).as('list_id')) as unknown as Q;
  if (!spec.searchable || words.length === 0) {
    // The plain page of ids, on every list request: compiled once per sort and filter columns on this base query.
    const statement = compiledOnce(input.countBase, input.idPageShape, [...input.filterValues, limit, skip], () =>
      ordered(idOnly(scoped())),
    );
    return idsOf(await runCompiled(context.db, statement));
  }

  // SQLite, a search over every row of the table in id order (the bookings' "newest first"): the page comes
  // straight from the search index, whose rowid is the id.
  const [only, ...more] = sort;
  if (only && more.length === 0 && input.filterShape === '' && wholeTables.has(input.countBase)) {
    const byId = sortColumnOf(spec.fields[only[0]]!) === idColumn;
    const page = byId ? searchIndexPage(context.dialect, spec.table, words, only[1], { limit, skip }) : null;
    if (page) {
      const statement = compiledOnce(input.countBase, `index page ${spec.table} ${only[1]}`, page.values, () =>
        compilable(context, page.query()),
      );
      return idsOf(await runCompiled(context.db, statement));
    }
  }

  // SQLite: a search with few matches in the whole table (a surname, an e-mail) sorts just those. The trigram
  // index hands them over without touching the table; only when there are more than SEARCH_HIT_CAP does the
  // window below pay off (a common word fills the page within the first rows in list order).
  const hitCap = spec.searchHitCap ?? SEARCH_HIT_CAP;
  const capped = cappedSearchHits(context.dialect, spec.table, words, hitCap + 1);
  if (capped) {
    // How many matches, and their ids as the JSON array the next statement reads, in one row from the index.
    const hitsStatement = compiledOnce(input.countBase, `capped hits ${spec.table}`, capped.values, () =>
      compilable(context, capped.query()),
    );
    const found = (await runCompiled(context.db, hitsStatement)).rows[0];
    const hits = Number(found?.hits ?? 0);
    if (hits === 0) return [];
    if (hits <= hitCap) {
      const among = sql<SqlBool>`${sql.ref(idColumn)} in (select value from json_each(${found!.ids}))`;
      const statement = compiledOnce(
        input.countBase,
        JSON.stringify(['among hits', input.filterShape, sort, idColumn]),
        [...input.filterValues, found!.ids, limit, skip],
        () => ordered(idOnly(scoped().where(among) as Q)),
      );
      return idsOf(await runCompiled(context.db, statement));
    }
  }

  // Step 1: the first rows in list order, with a plain substring test. The window is a subquery of its own, so
  // the scan stops after it however few rows match. Both steps are compiled once per shape on the base query.
  const sortColumns = sort.map(([field]) => sortColumnOf(spec.fields[field]!));
  const windowSize = spec.searchWindow ?? SEARCH_WINDOW;
  const order = () => [
    ...sort.map(
      ([field, direction], index) =>
        sql`${sql.ref(`sort_${index}`)} ${sql.raw(direction === 1 ? 'asc' : 'desc')}${sql.raw(
          spec.fields[field]!.nullable ? (direction === 1 ? ' nulls last' : ' nulls first') : '',
        )}`,
    ),
    sql`list_id asc`,
  ];
  const windowStatement = compiledOnce(
    input.countBase,
    JSON.stringify(['window', input.filterShape, sort, idColumn, words.length]),
    [...input.filterValues, windowSize, 0, ...words, limit, skip],
    () => {
      const windowRows = ordered(
        scoped()
          .clearSelect()
          .select([
            sql.ref(idColumn).as('list_id'),
            sql.ref(`${spec.table}.search_text`).as('search_text'),
            ...sortColumns.map((column, index) => sql.ref(column).as(`sort_${index}`)),
          ]) as unknown as Q,
        windowSize,
        0,
      );
      return compilable(
        context,
        sql<{ list_id: number }>`select list_id from ${windowRows} as window_rows where ${containsAllWords(
          context.dialect,
          'window_rows.search_text',
          words,
        )} order by ${sql.join(order())} limit ${limit} offset ${skip}`,
      );
    },
  );
  const fromWindow = idsOf(await runCompiled(context.db, windowStatement));
  if (fromWindow.length === limit) return fromWindow;

  // Step 2: a rarer word; its matches come through the search index, and only they are sorted.
  const terms = searchTerms(context.dialect, words);
  const hitsStatement = compiledOnce(
    input.countBase,
    JSON.stringify(['hits', input.filterShape, sort, idColumn, terms.key]),
    [...input.filterValues, ...terms.values, limit, skip],
    () => {
      const hits = searched()
        .clearSelect()
        .select([
          sql.ref(idColumn).as('list_id'),
          ...sortColumns.map((column, index) => sql.ref(column).as(`sort_${index}`)),
        ]);
      return compilable(
        context,
        sql<{
          list_id: number;
        }>`with hits as materialized ${hits} select list_id from hits order by ${sql.join(order())} limit ${limit} offset ${skip}`,
      );
    },
  );
  return idsOf(await runCompiled(context.db, hitsStatement));
}
