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
 * List totals are exact counts, and counting hundreds of thousands of rows on every page costs more than the
 * page itself. This cache keeps a count for a few seconds. Every insert, update or delete that goes through
 * Kysely (a plugin sees them all) starts a new generation, and a count is only reused within its generation:
 * this process's own writes show in the next total at once. Another instance's writes may take up to `ttlMs`
 * to show in this one's totals. Writes are rare next to reads in a back office, so one generation for all
 * tables keeps it simple and safe.
 */
export class CountCache {
  private generation = 0;
  private readonly entries = new Map<string, { value: number; expires: number; generation: number }>();
  readonly ttlMs: number;
  readonly plugin: KyselyPlugin;

  constructor(ttlMs: number) {
    this.ttlMs = ttlMs;
    this.plugin = new WriteTracker(() => {
      this.generation++;
    });
  }

  /** The count for `key`, from the cache while fresh and no write happened since, else from `count()`. */
  async get(key: string, count: () => Promise<number>): Promise<number> {
    if (this.ttlMs <= 0) return count();
    const generation = this.generation;
    const cached = this.entries.get(key);
    if (cached && cached.generation === generation && cached.expires > Date.now()) return cached.value;
    const value = await count();
    if (this.entries.size > 5_000) this.entries.clear();
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs, generation });
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
