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

export class ReadCache {
  private generation = 0;
  private readonly entries = new Map<string, { value: unknown; expires: number; generation: number }>();
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
  peek<T>(kind: ReadCacheKind, key: string): T | undefined {
    const cached = this.entries.get(`${kind}\u0000${key}`);
    if (cached && cached.generation === this.generation && cached.expires > Date.now()) return cached.value as T;
    return undefined;
  }

  /** The result for `key`, from the cache while fresh and no write happened since, else from `load()`. */
  async get<T>(kind: ReadCacheKind, key: string, load: () => Promise<T>): Promise<T> {
    const ttl = this.ttlMs[kind];
    if (ttl <= 0) return load();
    const generation = this.generation;
    const entryKey = `${kind}\u0000${key}`;
    const cached = this.peek<T>(kind, key);
    if (cached !== undefined) return cached;
    const value = await load();
    if (this.entries.size > 10_000) this.entries.clear();
    this.entries.set(entryKey, { value, expires: Date.now() + ttl, generation });
    return value;
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
