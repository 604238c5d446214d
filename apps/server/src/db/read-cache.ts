import {
  DeleteQueryNode,
  InsertQueryNode,
  UpdateQueryNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/**
 * Two reads run on almost every request and cost more than the rest of it on large tables: the exact total of
 * a list page, and the logged-in user's account, role and agency. This cache keeps such results for a few
 * seconds. Every insert, update or delete that goes through Kysely (a plugin sees them all) starts a new
 * generation, and a result is only reused within its generation: this process's own writes (a new customer, a
 * disabled account, a changed role) show on the very next request. Another instance's writes can take up to
 * the time-to-live to show in this one. Writes are rare next to reads in a back office, so one generation for
 * all tables keeps it simple and safe.
 */
export type ReadCacheKind = 'counts' | 'auth';

/**
 * What a result is kept under: a string, or a statement's text and its parameters' JSON. A list's count statement
 * is one string kept for every request (db/compiled-once.ts) whose hash V8 works out once; joined with its
 * parameters into a new key it had to be copied and hashed anew, a kilobyte on each request.
 */
export type ReadCacheKey = string | readonly [statement: string, parameters: string];

type Entry = { value: unknown; expires: number; generation: number };

/** A key's statement (or string) and its parameters (or ''): a string key and `[key, '']` are the same entry. */
const parts = (key: ReadCacheKey): readonly [string, string] => (typeof key === 'string' ? [key, ''] : key);

/** At most this many results are kept; beyond it the cache starts empty again. */
const MAX_ENTRIES = 10_000;

export class ReadCache {
  private generation = 0;
  /** Per kind: the key (or statement) → its parameters (or '') → the result. */
  private readonly entries: Record<ReadCacheKind, Map<string, Map<string, Entry>>> = {
    counts: new Map(),
    auth: new Map(),
  };
  private size = 0;
  /** The loads under way, by kind and key: what a request that misses meanwhile waits for (see `get`). */
  private readonly loads = new Map<string, { value: Promise<unknown>; generation: number }>();
  private readonly ttlMs: Record<ReadCacheKind, number>;
  readonly plugin: KyselyPlugin;

  constructor(ttlMs: Record<ReadCacheKind, number>) {
    this.ttlMs = ttlMs;
    this.plugin = new WriteTracker(() => {
      this.generation++;
    });
  }

  /** Counts this process's writes: something built from the database is current while this stays the same. */
  get writeGeneration(): number {
    return this.generation;
  }

  /** The result for `key` while fresh and no write happened since, else `undefined` — without waiting for anything. */
  peek<T>(kind: ReadCacheKind, key: ReadCacheKey): T | undefined {
    const cached =
      typeof key === 'string' ? this.entries[kind].get(key)?.get('') : this.entries[kind].get(key[0])?.get(key[1]);
    if (cached && cached.generation === this.generation && cached.expires > Date.now()) return cached.value as T;
    return undefined;
  }

  /**
   * The result for `key`, from the cache while fresh and no write happened since, else from `load()`. Requests that
   * miss while a load of the same key and generation is under way wait for that one instead of reading again: when a
   * total expires under ten connections, PostgreSQL counts it once, not ten times side by side. A load started before
   * a write is shared with no request that comes after it.
   */
  async get<T>(kind: ReadCacheKind, key: ReadCacheKey, load: () => Promise<T>): Promise<T> {
    const ttl = this.ttlMs[kind];
    if (ttl <= 0) return load();
    const generation = this.generation;
    const cached = this.peek<T>(kind, key);
    if (cached !== undefined) return cached;
    // Only on a miss, a few times a minute per key: the statement's text copied into one string is no cost here.
    const [first, second] = parts(key);
    const loadKey = `${kind}\0${first}\0${second}`;
    const underWay = this.loads.get(loadKey);
    if (underWay && underWay.generation === generation) return underWay.value as Promise<T>;
    const value: Promise<T> = load()
      .then((loaded) => {
        this.keep(kind, key, { value: loaded, expires: Date.now() + ttl, generation });
        return loaded;
      })
      // A load begun after a write may have taken the key's place meanwhile: only this one's own entry goes.
      .finally(() => this.loads.get(loadKey)?.value === value && this.loads.delete(loadKey));
    this.loads.set(loadKey, { value, generation });
    return value;
  }

  private keep(kind: ReadCacheKind, key: ReadCacheKey, entry: Entry): void {
    if (this.size >= MAX_ENTRIES) {
      for (const byKey of Object.values(this.entries)) byKey.clear();
      this.size = 0;
    }
    const [first, second] = parts(key);
    let byParameters = this.entries[kind].get(first);
    if (!byParameters) this.entries[kind].set(first, (byParameters = new Map()));
    if (!byParameters.has(second)) this.size++;
    byParameters.set(second, entry);
  }
}

/** Reports every insert, update and delete. */
class WriteTracker implements KyselyPlugin {
  private readonly written: () => void;

  constructor(written: () => void) {
    this.written = written;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    if (InsertQueryNode.is(node) || UpdateQueryNode.is(node) || DeleteQueryNode.is(node)) this.written();
    return node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
