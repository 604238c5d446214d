import type { FastifySchemaCompiler } from 'fastify';
import qs from 'qs';
import { Lru } from 'toad-cache';

/** `$sort[lastname]=1`, `$select[]=a`, `status[$in][]=1`: the bracket syntax of the list contract. */
export const QS_OPTIONS = { depth: 2, arrayLimit: 100, parameterLimit: 200 } as const;

/**
 * Reads a request's query string into exactly what `qs.parse(query, QS_OPTIONS)` answers. The shapes nearly
 * every request has — plain keys, `key[sub]` pairs and lists (`key[]`, `key[sub][]`) — are read by `simpleQuery`
 * in one pass; everything else goes to qs. In a CPU profile of the sorted customers page, qs cost about 4 % of
 * the request (bench/README.md, "3 December 2026 (twenty-third session)").
 */
const readQueryString = (query: string): Record<string, unknown> => simpleQuery(query) ?? qs.parse(query, QS_OPTIONS);

/** How many distinct query strings `parseQueryString` remembers (the least recently used goes first). */
const REMEMBERED_QUERIES = 1000;
/** Longer query strings (a long search, a long list of ids) are read each time and not remembered. */
const REMEMBERED_QUERY_LENGTH = 512;

const rememberedQueries = new Lru<Readonly<Record<string, unknown>>>(REMEMBERED_QUERIES);
/** Every object `parseQueryString` has remembered (also after the LRU let it go): the ones requests share. */
const remembered = new WeakSet<object>();

/**
 * Fastify's query string parser: `readQueryString`, remembered for the query strings used lately, so the same
 * string gives the same object. Staff page, sort and filter lists with a few query strings over and over, and
 * with the same object the route's validation is remembered too (`validatingQueriesOnce`): reading and validating
 * a list's query cost 3–9 % of a customers page's CPU (bench/README.md, "4 December 2026 (twenty-ninth
 * session)"). The object is shared by every request with that string, so it is deep-frozen — a long one, read
 * each time, too, so that a request's query is read-only whatever its length: code that changes it fails at once
 * instead of changing another request's.
 */
export function parseQueryString(query: string): Readonly<Record<string, unknown>> {
  if (query.length > REMEMBERED_QUERY_LENGTH) return deepFreeze(readQueryString(query));
  let parsed = rememberedQueries.get(query);
  if (parsed === undefined) {
    parsed = deepFreeze(readQueryString(query));
    rememberedQueries.set(query, parsed);
    remembered.add(parsed);
  }
  return parsed;
}

/**
 * Wraps a validator compiler so that each route's query string validator remembers what it answered for a
 * remembered query (by identity: `parseQueryString` gives a remembered string's object again). Only valid
 * queries are remembered, as every request with that query string shares them; an invalid one is validated each
 * time, so its error is the request's own, and so is a query not remembered (a long one, or one made elsewhere).
 * A valid query's value is deep-frozen either way: a request's query is read-only. Other parts of a request
 * (body, params, headers) are validated each time, as they were.
 */
export const validatingQueriesOnce =
  <T>(compile: FastifySchemaCompiler<T>): FastifySchemaCompiler<T> =>
  (route) => {
    const validate = compile(route);
    if (route.httpPart !== 'querystring') return validate;
    const answers = new WeakMap<object, ReturnType<typeof validate>>();
    return (data: unknown) => {
      const shared = data !== null && typeof data === 'object' && remembered.has(data);
      const known = shared ? answers.get(data) : undefined;
      if (known !== undefined) return known;
      const answer = validate(data);
      if (typeof answer === 'object' && 'value' in answer && !('error' in answer && answer.error)) {
        deepFreeze(answer.value);
        if (shared) answers.set(data, answer);
      }
      return answer;
    };
  };

/** Freezes `value` and every object and array in it. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** How long an array qs makes (`a[]=1&a[]=2`); a longer one it makes an object with indices. */
const ARRAY_LIMIT = QS_OPTIONS.arrayLimit;

/**
 * `qs.parse` for a query whose keys are all plain (`$skip`, `lit-search`) or one level deep with a name
 * (`$sort[name]`), each given once, or lists (`$select[]`, `status[$in][]`): qs's own steps for such a string
 * (`%5B` and `%5D` read as brackets first, `+` as a space, a value that is not valid percent-encoding kept as it
 * is). `undefined` for anything else, which qs must read: indices (`a[0]`), deeper brackets, a key given twice
 * without `[]` or both plain and with brackets, names of Object.prototype's properties (qs drops those keys), a
 * list longer than qs's limit, more parameters than qs reads.
 */
export function simpleQuery(query: string): Record<string, unknown> | undefined {
  const result: Record<string, unknown> = {};
  if (query === '') return result;
  const parts = query.replace(/%5B/gi, '[').replace(/%5D/gi, ']').split('&');
  if (parts.length > QS_OPTIONS.parameterLimit) return undefined;
  for (const part of parts) {
    // Where qs splits key from value: after a `]` directly before `=`, else at the first `=`.
    const bracketEquals = part.indexOf(']=');
    const at = bracketEquals === -1 ? part.indexOf('=') : bracketEquals + 1;
    const key = decode(at === -1 ? part : part.slice(0, at));
    if (key === '') continue; // qs drops an empty key
    const value = at === -1 ? '' : decode(part.slice(at + 1));
    const path = keyPath(key);
    if (!path) return undefined;
    if (path.child === undefined) {
      if (!put(result, path.parent, value, path.list)) return undefined;
      continue;
    }
    // Values here are strings, lists (arrays, from `[]` keys) or the objects of `p[c]` keys: nothing else.
    let group = result[path.parent];
    if (group === undefined) {
      group = {};
      result[path.parent] = group;
    } else if (typeof group !== 'object' || Array.isArray(group)) {
      return undefined;
    }
    if (!put(group as Record<string, unknown>, path.child, value, path.list)) return undefined;
  }
  return result;
}

/** Sets `target[name]`, or adds to the list there; false where qs would combine or merge the values. */
function put(target: Record<string, unknown>, name: string, value: string, list: boolean): boolean {
  const existing = Object.hasOwn(target, name) ? target[name] : undefined;
  if (existing === undefined) {
    target[name] = list ? [value] : value;
    return true;
  }
  if (!list || !Array.isArray(existing) || existing.length >= ARRAY_LIMIT) return false;
  existing.push(value);
  return true;
}

/** `a`, `a[]`, `a[b]` or `a[b][]` taken apart; `undefined` for any other key (qs reads those). */
function keyPath(key: string): { parent: string; child?: string; list: boolean } | undefined {
  const list = key.endsWith('[]');
  const name = list ? key.slice(0, -2) : key;
  const open = name.indexOf('[');
  if (open === -1) {
    return name === '' || name.includes(']') || isPrototypeName(name) ? undefined : { parent: name, list };
  }
  const parent = name.slice(0, open);
  const child = name.slice(open + 1, -1);
  if (
    open === 0 ||
    !name.endsWith(']') ||
    parent.includes(']') ||
    child === '' ||
    child.includes('[') ||
    child.includes(']') ||
    /^\d+$/.test(child) ||
    isPrototypeName(parent) ||
    isPrototypeName(child)
  ) {
    return undefined;
  }
  return { parent, child, list };
}

/** qs's decoder for UTF-8: `+` is a space; a string that is not valid percent-encoding stays as it is. */
function decode(text: string): string {
  if (!text.includes('%')) return text.includes('+') ? text.replaceAll('+', ' ') : text;
  const spaced = text.replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

const isPrototypeName = (name: string) => Object.hasOwn(Object.prototype, name);
