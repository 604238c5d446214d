import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { customerBaseQuery, customerCountBase } from '../features/customers/customers.repository.ts';
import { CUSTOMER_LIST_SPEC } from '../features/customers/customers.service.ts';
import { createCustomerFixture } from '../seed/factories.ts';
import { runList, type ListSpec } from './list-query.ts';

/**
 * The list engine answers the same page whichever way it finds it: through the joins, through the base table
 * first (deferred join), through the search window or through the search index.
 */
describe('list engine paths agree', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    // Enough customers that searches find several pages and a page can start at 290.
    for (let n = 1; n <= 300; n++) await createCustomerFixture(t.ctx, n);
  });
  afterAll(() => t.close());

  const ids = async (spec: ListSpec, query: Record<string, string>, deferred: boolean) => {
    const page = await runList(
      { db: t.ctx.db, dialect: t.ctx.dialect },
      spec,
      query,
      customerBaseQuery(t.ctx.db),
      (rows) => rows.map((row) => ({ id: row.id_vc_card })),
      deferred ? customerCountBase(t.ctx.db) : undefined,
    );
    if (Array.isArray(page)) throw new Error('expected a page');
    return { total: page.total, ids: page.data.map((row) => row.id) };
  };

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
    const joined = await ids(CUSTOMER_LIST_SPEC, clean, false);
    const tinyWindow = await ids({ ...CUSTOMER_LIST_SPEC, searchWindow: 3 }, clean, true);
    const wideWindow = await ids({ ...CUSTOMER_LIST_SPEC, searchWindow: 100_000 }, clean, true);
    expect(tinyWindow).toEqual(joined);
    expect(wideWindow).toEqual(joined);
  });
});
