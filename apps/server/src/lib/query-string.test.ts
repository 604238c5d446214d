import fc from 'fast-check';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import type { FastifySchemaCompiler } from 'fastify';
import { parseQueryString, QS_OPTIONS, simpleQuery, validatingQueriesOnce } from './query-string.ts';

const byQs = (query: string) => qs.parse(query, QS_OPTIONS);

/** Pieces that meet every branch of both parsers: brackets raw and encoded, bad escapes, prototype names. */
const PIECES = [
  'a',
  'b',
  '$sort',
  'name',
  'lit-search',
  '[',
  ']',
  '[]',
  '%5B',
  '%5d',
  '=',
  '&',
  '&',
  '%',
  '%2',
  '%24',
  '%E0',
  '%C3%BC',
  '%00',
  '+',
  '0',
  '12',
  '-1',
  '__proto__',
  'toString',
  'constructor',
  '.',
  'ü',
];

describe('query strings', () => {
  it('read by the fast path: plain keys, one named bracket level and lists', () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      ['', {}],
      ['%24skip=1000', { $skip: '1000' }],
      ['%24sort%5Bname%5D=1', { $sort: { name: '1' } }],
      ['$sort[id]=-1&$sort[name]=1&$limit=50', { $sort: { id: '-1', name: '1' }, $limit: '50' }],
      ['lit-search=M%C3%BCller+Hans', { 'lit-search': 'Müller Hans' }],
      ['lit-search=100%', { 'lit-search': '100%' }],
      ['flag&=x&a=b=c', { flag: '', a: 'b=c' }],
      ['%24select%5B%5D=email&%24select%5B%5D=id', { $select: ['email', 'id'] }],
      [
        'status[$in][]=option&$limit=5&status[$in][]=request&status[x]=1',
        { status: { $in: ['option', 'request'], x: '1' }, $limit: '5' },
      ],
      ['a[]&a[]=1', { a: ['', '1'] }],
      [Array.from({ length: 100 }, () => 'id[]=7').join('&'), { id: Array.from({ length: 100 }, () => '7') }],
    ];
    for (const [query, expected] of cases) {
      expect(simpleQuery(query), query).toStrictEqual(expected);
      expect(byQs(query), query).toStrictEqual(expected);
    }
  });

  it('leaves indices, deeper brackets, repeated keys, long lists and prototype names to qs', () => {
    for (const query of [
      'a[0]=1',
      'a[b][c]=1',
      'a[][]=1',
      'a[]=1&a=2',
      'a=1&a[]=2',
      'a[b]=1&a[b][]=2',
      'a[]=1&a[b]=2',
      Array.from({ length: 101 }, () => 'id[]=7').join('&'),
      'a=1&a=2',
      'a=1&a[b]=2',
      'a[b]=1&a[b]=2',
      'toString=1',
      'a[__proto__]=1',
      'a[b=1',
      Array.from({ length: 201 }, (_, index) => `k${index}=1`).join('&'),
    ]) {
      expect(simpleQuery(query), query).toBeUndefined();
      expect(parseQueryString(query), query).toStrictEqual(byQs(query));
    }
  });

  // 25,000 generated strings take about 2 s on an idle core; the time limit leaves room for a busy machine (the
  // suite's default of 5 s was once too short while other test files ran beside it).
  it('answers exactly what qs answers, for any string', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 14 }), (pieces) => {
        const query = pieces.join('');
        expect(parseQueryString(query)).toStrictEqual(byQs(query));
      }),
      { numRuns: 20_000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (query) => {
        expect(parseQueryString(query)).toStrictEqual(byQs(query));
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('remembered query strings', () => {
  it('give the same frozen object for the same string, and a new one for another', () => {
    const first = parseQueryString('%24sort%5Bname%5D=1&status%5B%24in%5D%5B%5D=option');
    expect(parseQueryString('%24sort%5Bname%5D=1&status%5B%24in%5D%5B%5D=option')).toBe(first);
    expect(parseQueryString('%24sort%5Bname%5D=-1')).not.toBe(first);
    expect(first).toStrictEqual({ $sort: { name: '1' }, status: { $in: ['option'] } });
    // Shared by every request with this string: changing it at any depth fails instead of changing theirs.
    expect(() => Object.assign(first, { $skip: '20' })).toThrow(TypeError);
    expect(() => Object.assign(first.$sort as object, { id: '1' })).toThrow(TypeError);
    expect(() => (first.status as { $in: string[] }).$in.push('request')).toThrow(TypeError);
  });

  it('read a long string each time, frozen all the same', () => {
    const long = `lit-search=${'m%C3%BCller+'.repeat(60)}`;
    const parsed = parseQueryString(long);
    expect(parseQueryString(long)).not.toBe(parsed);
    expect(parseQueryString(long)).toStrictEqual(parsed);
    expect(Object.isFrozen(parsed)).toBe(true);
  });
});

describe('validatingQueriesOnce', () => {
  /** A compiler whose validators count their calls: `bad` in the data is an error, anything else a new value. */
  const counting = () => {
    const calls: string[] = [];
    const compile: FastifySchemaCompiler<unknown> = (route) => (data: Record<string, unknown>) => {
      calls.push(route.httpPart ?? '');
      return data.bad ? { error: new Error('bad') } : { value: { ...data, checked: { by: 'zod' } } };
    };
    return { calls, validatorFor: validatingQueriesOnce(compile) };
  };
  const route = (httpPart: string) => ({ schema: {}, method: 'GET', url: '/items', httpPart });
  type Answer = { value?: { checked: object }; error?: Error };

  it('validates a remembered query once and shares its frozen value', () => {
    const { calls, validatorFor } = counting();
    const validate = validatorFor(route('querystring'));
    const query = parseQueryString('%24skip=20');
    const first = validate(query) as Answer;
    expect(validate(query)).toBe(first);
    expect(validate(parseQueryString('%24skip=20'))).toBe(first);
    expect(calls).toEqual(['querystring']);
    expect(first.value).toStrictEqual({ $skip: '20', checked: { by: 'zod' } });
    expect(Object.isFrozen(first.value) && Object.isFrozen(first.value!.checked)).toBe(true);
    // Another route's validator has its own answers.
    validatorFor(route('querystring'))(query);
    expect(calls).toHaveLength(2);
  });

  it('validates an invalid query, an unfrozen one and every other part each time', () => {
    const { calls, validatorFor } = counting();
    const query = validatorFor(route('querystring'));
    const bad = parseQueryString('bad=1');
    expect((query(bad) as Answer).error?.message).toBe('bad');
    expect(query(bad)).not.toBe(query(bad));
    const unfrozen = { $skip: '20' };
    expect(query(unfrozen)).not.toBe(query(unfrozen));
    const body = validatorFor(route('body'));
    const frozenBody = Object.freeze({ name: 'Anna' });
    expect(body(frozenBody)).not.toBe(body(frozenBody));
    expect(calls).toEqual([...Array<string>(5).fill('querystring'), 'body', 'body']);
  });

  it('validates a query it did not remember each time, frozen or not', () => {
    const { calls, validatorFor } = counting();
    const query = validatorFor(route('querystring'));
    // Too long to be remembered: read, frozen and validated anew for each request, its answer not kept.
    const long = parseQueryString(`lit-search=${'a'.repeat(600)}`);
    expect(Object.isFrozen(long)).toBe(true);
    const answer = query(long) as Answer;
    expect(query(long)).not.toBe(answer);
    // Its value is read-only all the same, like every request's query.
    expect(Object.isFrozen(answer.value)).toBe(true);
    const made = Object.freeze({ $skip: '20' });
    expect(query(made)).not.toBe(query(made));
    expect(calls).toHaveLength(4);
  });
});
