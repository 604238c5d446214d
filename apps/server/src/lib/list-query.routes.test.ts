import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { buildTestApp, call, createLogins, type TestApp } from '../../test/helpers.ts';
import { createBrand } from '../features/brands/brands.service.ts';
import { createAgencyFixture, createCustomerFixture, createDriverFixture } from '../seed/factories.ts';
import {
  CUSTOMER_LIST_SPEC,
  customerBaseQuery,
  customerCountBase,
} from '../features/customers/customers.repository.ts';

import {
  searchWords,
  ZBrand,
  ZCountry,
  ZCustomer,
  ZListResponse,
  ZMail,
  ZOrganization,
  ZRole,
  ZSetting,
  ZUser,
} from '@tourdesk/contracts';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { runListPage, type ListField, type ListSpec } from './list-query.ts';
import { listAwareSerializerCompiler } from './list-serializer.ts';

// One app (one database) for the whole file: the tests only read the data made here.
let t: TestApp;
let superadmin: string;
beforeAll(async () => {
  t = await buildTestApp({ seed: 'defaults' });
  superadmin = (await createLogins(t.ctx)).superadmin;
  await createBrand(t.ctx, { host: 'localhost', isDevelopment: true, name: 'Tourdesk', company: 'Listen GmbH' });
  // Enough customers that searches find several pages and a page can start at 290; agencies; a driver (and
  // the invitation mail in the outbox).
  for (let n = 1; n <= 3; n++) await createAgencyFixture(t.ctx, n);
  for (let n = 1; n <= 300; n++) await createCustomerFixture(t.ctx, n);
  await createDriverFixture(t.ctx, 301);
});
afterAll(() => t.close());

/** The ids of a customer page, read with the customer list's spec changed by `overrides`, deferred or joined. */
async function customerPage(overrides: Partial<ListSpec>, query: Record<string, string>, deferred: boolean) {
  const spec: ListSpec<{ id: number }> = { ...CUSTOMER_LIST_SPEC, ...overrides, idField: 'id', selectable: ['id'] };
  const page = await runListPage(
    { db: t.ctx.db, dialect: t.ctx.dialect },
    spec,
    query,
    customerBaseQuery(t.ctx.db),
    (rows) => rows.map((row) => ({ id: row.id_vc_card })),
    deferred ? customerCountBase(t.ctx.db) : undefined,
  );
  return { total: page.total, ids: page.data.map((row) => row.id) };
}

/**
 * The list engine answers the same page whichever way it finds it: through the joins, through the base table
 * first (deferred join), through the search window or through the search index.
 */
describe('list engine paths agree', () => {
  const ids = (overrides: Partial<ListSpec>, query: Record<string, string>, deferred: boolean) =>
    customerPage(overrides, query, deferred);

  const queries: Array<Record<string, string>> = [
    { 'lit-search': 'muller' },
    { 'lit-search': 'mu' },
    { 'lit-search': 'e', $limit: '7', $skip: '14' },
    { 'lit-search': 'München', $sort: undefined as unknown as string, 'lit-sort': '-id' },
    { 'lit-search': 'de', customerType: 'regular', $limit: '5', $skip: '3' },
    { 'lit-search': 'zzzz' },
    { 'lit-search': 'e', $limit: '1' },
    { 'lit-search': 'r', $limit: '2', $skip: '1' },
    { 'lit-sort': '-name', $skip: '290', $limit: '20' },
    { 'lit-search': 'a e', 'lit-sort': 'name' },
  ];

  it.each(queries)('gives the same page through every path: %o', async (query) => {
    const clean = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
    const joined = await ids({}, clean, false);
    // searchHitCap 0: never sort all matches at once (SQLite), so the window and its fallback run.
    const tinyWindow = await ids({ searchWindow: 3, searchHitCap: 0 }, clean, true);
    const wideWindow = await ids({ searchWindow: 100_000, searchHitCap: 0 }, clean, true);
    const allHits = await ids({ searchHitCap: 100_000 }, clean, true);
    expect(tinyWindow).toEqual(joined);
    expect(wideWindow).toEqual(joined);
    expect(allHits).toEqual(joined);
  });
});

/**
 * Issue #8, 4.2: however a search finds its page (all matches sorted, the window, the search index), the total is
 * the exact number of matching records and the page holds the first of them in list order. Checked against a
 * plain substring test over every customer's stored search text.
 */
describe('search totals are exact', () => {
  const searches = ['schä', 'köhl', 'hoffm', 'münchen', 'anna müll', 'MÜLL', 'groß', 'gross', 'mu', 'e', '0176'];

  it.each(searches)('%s', async (query) => {
    const all = await t.ctx.db
      .selectFrom('vc_card')
      .select(['id_vc_card', 'sort_name', 'search_text'])
      .where('kind', '=', 'customer')
      .execute();
    const words = searchWords(query);
    const expected = all
      .filter((row) => words.every((word) => row.search_text.includes(word)))
      .sort((a, b) => (a.sort_name < b.sort_name ? -1 : a.sort_name > b.sort_name ? 1 : a.id_vc_card - b.id_vc_card))
      .map((row) => row.id_vc_card);
    for (const searchHitCap of [0, 5, 100_000]) {
      const page = await customerPage({ searchHitCap }, { 'lit-search': query }, true);
      expect(page.total, `${query}, searchHitCap ${searchHitCap}`).toBe(expected.length);
      expect(page.ids).toEqual(expected.slice(0, 20));
    }
  });
});

/**
 * Issue #8, 4.1: a search builds and compiles its statements once per shape (db/compiled-once.ts); a later search
 * with other words of the same shape runs them with its own values, through every path a search can take.
 */
describe('searches are compiled once per shape', () => {
  it.each([
    ['all matches sorted', {}],
    ['the window', { searchHitCap: 0, searchWindow: 100_000 }],
    ['the search index after an empty window', { searchHitCap: 0, searchWindow: 0 }],
  ] as const)('%s', async (_path, overrides: Partial<ListSpec>) => {
    let compiles = 0;
    const counted = t.ctx.db.withPlugin({
      transformQuery: (args) => {
        compiles++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const page = (words: string) =>
      runListPage(
        { db: counted, dialect: t.ctx.dialect },
        { ...CUSTOMER_LIST_SPEC, ...overrides, idField: 'id', selectable: ['id'] } as ListSpec<{ id: number }>,
        // One row a page, so that both pages have the same shape.
        { 'lit-search': words, $limit: 1 },
        customerBaseQuery(counted),
        (rows) => rows.map((row) => ({ id: row.id_vc_card })),
        customerCountBase(counted),
      );
    // Two surnames of the customers made above, as different words of the same shape.
    const surnames = await counted
      .selectFrom('vc_person')
      .innerJoin('vc_card', 'vc_card.id_vc_card', 'vc_person.id_vc_card')
      .where('vc_card.kind', '=', 'customer')
      .select('vc_person.surname')
      .execute();
    const [one, two] = [...new Set(surnames.map((row) => (row.surname ?? '').slice(0, 4)))].filter(
      (prefix) => prefix.length === 4,
    );
    const first = await page(one!);
    const afterFirst = compiles;
    expect(afterFirst).toBeGreaterThan(0);
    const second = await page(two!);
    expect(compiles).toBe(afterFirst);
    // Each search still finds its own customers, as the joined path (no shortcuts) does.
    for (const [words, found] of [
      [one!, first],
      [two!, second],
    ] as const) {
      const joined = await customerPage({}, { 'lit-search': words, $limit: '1' }, false);
      expect(joined.total).toBeGreaterThan(0);
      expect({ total: found.total, ids: found.data.map((row) => row.id) }).toEqual(joined);
    }
  });
});

describe('list specs are typed', () => {
  it('name only columns that exist and fields the answer has (checked by the type check)', () => {
    type Field = ListField['column'];
    type Selectable = NonNullable<ListSpec<{ id: number; name: string }>['selectable']>;
    expectTypeOf<'vc_card.name'>().toExtend<Field>();
    // vc_card has no column `nmae`
    expectTypeOf<'vc_card.nmae'>().not.toExtend<Field>();
    expectTypeOf<['id', 'name']>().toExtend<Selectable>();
    // the answer has no field `email`
    expectTypeOf<['id', 'email']>().not.toExtend<Selectable>();
  });
});

/**
 * Issue #8, 4.1: list answers are written from the contract (lib/list-serializer.ts): a compiled projection and
 * `JSON.stringify`, or zod where the projection cannot follow the contract. Each must be the very bytes zod's
 * serializer writes for the same data.
 */
describe('list answers are serialized as zod would', () => {
  const compile = (compiler: typeof serializerCompiler, schema: z.ZodType) =>
    compiler({ schema, method: 'GET', url: '/', httpStatus: '200' }) as (data: unknown) => string;
  const zodWrites = (schema: z.ZodType, data: unknown) => compile(serializerCompiler, schema)(data);
  const listWrites = (schema: z.ZodType, data: unknown, check = false) =>
    compile(listAwareSerializerCompiler({ check }), schema)(data);

  it.each([
    ['/customers?$limit=50', ZCustomer],
    ['/customers?lit-search=muller&$select[]=email&$select[]=phones', ZCustomer],
    ['/customers?pagination=false&customerType=regular', ZCustomer],
    ['/users-lit?$limit=-1', ZUser],
    ['/roles-lit', ZRole],
    ['/organization', ZOrganization],
    ['/brands', ZBrand],
    ['/sys_settings', ZSetting],
    ['/mail-outbox', ZMail],
    ['/country?$limit=-1', ZCountry],
  ] as const)('%s', async (url, item) => {
    const response = await call(t.app, superadmin, { method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    const data: unknown = JSON.parse(response.body);
    const written = listWrites(ZListResponse(item), data);
    expect(written).toBe(zodWrites(ZListResponse(item), data));
    expect(response.body).toBe(written);
  });

  const ZRow = z.object({
    id: z.number(),
    name: z.string().nullable(),
    ['__proto__']: z.string().optional(),
    contacts: z.array(z.object({ kind: z.enum(['phone', 'email']), value: z.string() })),
    address: z.object({ city: z.string(), zip: z.string().optional() }).nullable(),
    vip: z.boolean().default(false),
  });
  const row = {
    secret: 'not declared',
    contacts: [{ value: '0711 1234', kind: 'phone', internal: true }],
    name: null,
    id: 7,
    address: { city: 'Stuttgart', password: 'x' },
    ...JSON.parse('{"__proto__": "a field, not a prototype"}'),
  };

  it('keeps only the declared fields, in the contract order, also in nested objects and arrays', () => {
    const page = { total: 1, limit: 20, skip: 0, data: [row, { ...row, address: null, contacts: [], vip: true }] };
    const written = listWrites(ZListResponse(ZRow), page);
    expect(written).toBe(zodWrites(ZListResponse(ZRow), page));
    expect(written).not.toMatch(/secret|internal|password|__proto__/);
    expect(JSON.parse(written).data[0]).toEqual({
      id: 7,
      name: null,
      contacts: [{ kind: 'phone', value: '0711 1234' }],
      address: { city: 'Stuttgart' },
    });
    expect(listWrites(ZListResponse(ZRow), [row])).toBe(zodWrites(ZListResponse(ZRow), [row]));
  });

  it('writes a contract the projection cannot follow (a union of objects, a record) as zod does', () => {
    const ZEvent = z.object({
      id: z.number(),
      payload: z.union([z.object({ seat: z.string() }), z.object({ stop: z.number(), note: z.string() })]),
      labels: z.record(z.string(), z.string()),
    });
    const events = [
      { id: 1, payload: { seat: '12A', extra: 1 }, labels: { de: 'Sitz' } },
      { id: 2, payload: { stop: 3, note: 'Ulm' }, labels: {} },
    ];
    expect(listWrites(ZListResponse(ZEvent), events)).toBe(zodWrites(ZListResponse(ZEvent), events));
  });

  it('with the check on (as in the tests), refuses an answer that is not what its contract declares', () => {
    // PostgreSQL hands numerics over as strings: a mapper that forgets to convert one must fail its test.
    const page = { total: '1', limit: 20, skip: 0, data: [{ ...row, id: '7' }] };
    expect(() => listWrites(ZListResponse(ZRow), page, true)).toThrow();
    expect(listWrites(ZListResponse(ZRow), page)).toContain('"id":"7"');
    expect(listWrites(ZListResponse(ZRow), [row], true)).toBe(zodWrites(ZListResponse(ZRow), [row]));
  });
});
