import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrand } from '../src/features/brands/brands.service.ts';
import {
  createAgencyFixture,
  createCustomerFixture,
  createDriverFixture,
  createJourneyFixture,
} from '../src/seed/factories.ts';
import { buildTestApp, call, createLogin, type TestApp } from './helpers.ts';
import { isWeakPassword } from '../src/lib/passwords.ts';
import { renderPdf } from '../src/lib/pdf.ts';
import { sanitizeRichText } from '../src/lib/rich-text.ts';

/** Values a client can send where a string, number, date or id is expected. */
const HOSTILE_VALUES: readonly unknown[] = [
  'nul\u0000byte',
  'not-a-date',
  '2026-02-30',
  '',
  'x'.repeat(20_000),
  -1,
  0,
  1.5,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER * 1000,
  1e308,
  true,
  [],
  {},
  null,
];

/** The hostile values tried one field at a time (the rest come with every field at once). */
const FIELD_VALUES: readonly unknown[] = [
  'nul\u0000byte',
  '2026-02-30',
  'x'.repeat(20_000),
  2_147_483_648,
  1e308,
  [],
  {},
];

const PATH_VALUES = ['1', '0', '-1', '1.5', '99999999999', '1e400', 'abc', '%00', 'x'.repeat(5000)];

const QUERY_STRINGS = [
  'createdAt=not-a-date',
  'createdAt=2026-02-30',
  'updatedAt[$in][]=2026-13-01',
  'id=99999999999',
  'id=1e400',
  'id[$in][]=abc',
  '$limit=99999999999',
  '$limit=-5',
  '$skip=1e30',
  '$skip=-1',
  '$sort[id]=sideways',
  '$sort[nope]=1',
  'lit-sort=-nope',
  '$select[]=nope',
  'lit-search=%00',
  `lit-search=${'a'.repeat(5000)}`,
  'pagination=maybe',
  'role=%00',
  'status[$gt]=1',
];

type OpenApi = {
  paths: Record<
    string,
    Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: object } }> } }>
  >;
};

/**
 * Issue #8 "Done when": every registered operation, called by a superadmin (who passes every permission
 * check) with NUL bytes, bad dates, wrong types and huge values in its path, query and body, answers no 5xx.
 */
describe('fuzz pass over every operation', () => {
  let t: TestApp;
  let spec: OpenApi;
  let superadmin: string;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    superadmin = await createLogin(t.ctx, 'superadmin');
    // A record of each kind, so the paths with id 1 reach the services behind a lookup.
    await createBrand(t.ctx, { host: 'fuzz-brand.example', name: 'Fuzz' });
    await createAgencyFixture(t.ctx, 1);
    await createCustomerFixture(t.ctx, 1);
    await createDriverFixture(t.ctx, 2);
    await createJourneyFixture(t.ctx, 1);
    await createLogin(t.ctx, 'traveller');
    spec = t.app.swagger() as unknown as OpenApi;
    // The server loads its document, e-invoice, password and rich-text libraries on first use; load them here,
    // so the pass below spends its time on the requests.
    isWeakPassword('warm-up');
    sanitizeRichText('<p>warm-up</p>');
    await Promise.all([renderPdf({ content: [] }), import('@e-invoice-eu/core')]);
  }, 120_000);
  afterAll(() => t.close());

  /** The body properties an operation's contract names (from the OpenAPI document generated from zod). */
  const bodyFields = (method: string, url: string): string[] => {
    const path = url.replaceAll(/:(\w+)/g, '{$1}');
    const operation = spec.paths[path]?.[method.toLowerCase()];
    const schema = operation?.requestBody?.content?.['application/json']?.schema;
    return Object.keys(schema?.properties ?? {});
  };

  it('finds the body fields of the contracts', () => {
    expect(bodyFields('POST', '/api/v1/users-lit')).toEqual(expect.arrayContaining(['email', 'password', 'role']));
  });

  it('answers no 5xx to hostile input anywhere', async () => {
    const failures: string[] = [];
    const send = async (method: string, url: string, payload?: unknown) => {
      const response = await call(t.app, superadmin, {
        method: method as 'GET',
        url,
        ...(payload === undefined
          ? {}
          : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
        remoteAddress: '198.51.100.250',
      });
      if (response.statusCode >= 500)
        failures.push(
          `${method} ${url.slice(0, 120)} ${JSON.stringify(payload)?.slice(0, 120)} → ${response.statusCode}`,
        );
    };
    for (const { method, url } of t.app.routePermissions) {
      const paths = url.includes(':') ? PATH_VALUES.map((value) => url.replaceAll(/:(\w+)/g, value)) : [url];
      for (const path of paths) {
        await send(method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
      }
      const base = url.replaceAll(/:(\w+)/g, '1');
      if (method === 'GET') {
        for (const query of QUERY_STRINGS) await send(method, `${base}?${query}`);
      }
      if (method === 'GET' || method === 'DELETE') continue;
      const fields = bodyFields(method, `/api/v1${url.replace(/^\/api\/v1/, '')}`);
      for (const value of HOSTILE_VALUES) {
        await send(method, base, Object.fromEntries(fields.map((field) => [field, value])));
        await send(method, base, value);
      }
      // One hostile value at a time next to sensible ones, so the checks behind the first rule are reached.
      for (const field of fields) {
        for (const value of FIELD_VALUES) await send(method, base, { ...plausibleBody(fields), [field]: value });
      }
    }
    expect(failures).toEqual([]);
    // Every route of every feature, one request after another: it grows with the API.
  }, 300_000);
});

/** Values that pass most contracts, so a single hostile field reaches the service behind the validation. */
function plausibleBody(fields: readonly string[]): Record<string, unknown> {
  const known: Record<string, unknown> = {
    email: 'fuzz@example.org',
    password: 'Bergtour-2027',
    passwordRepeat: 'Bergtour-2027',
    firstname: 'Fritz',
    lastname: 'Fuzzer',
    name: 'Fuzz',
    role: 1,
    key: 'fuzz',
    value: 1,
    host: 'fuzz.example',
    acceptTerms: true,
    acceptPrivacy: true,
  };
  return Object.fromEntries(fields.filter((field) => field in known).map((field) => [field, known[field]]));
}
