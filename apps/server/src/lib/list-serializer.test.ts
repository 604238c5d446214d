import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { ZListResponse } from '@tourdesk/contracts';
import { listAwareSerializerCompiler } from './list-serializer.ts';

const ZItem = z.object({
  id: z.number().int(),
  name: z.string(),
  note: z.string().nullable(),
  active: z.boolean(),
  rate: z.number().optional(),
  kind: z.union([z.literal(1), z.literal(2)]),
  contacts: z.array(z.object({ key: z.enum(['phone', 'email']), value: z.string() })),
  card: z.object({ id: z.number().int().nullable(), name: z.string() }),
});

const compile = (compiler: typeof serializerCompiler) =>
  compiler({ schema: ZListResponse(ZItem), method: 'GET', url: '/', httpStatus: '200' }) as (data: unknown) => string;
const fast = compile(listAwareSerializerCompiler);
const zod = compile(serializerCompiler);

const item = (overrides: Record<string, unknown> = {}) => ({
  id: 7,
  name: 'Müller',
  note: null,
  active: true,
  kind: 2,
  contacts: [{ key: 'phone', value: '+49 30 123' }],
  card: { id: null, name: 'Müller, Anna' },
  ...overrides,
});
const page = (...data: unknown[]) => ({ total: 41, limit: 20, skip: 20, data });

describe('list answers', () => {
  it('are the bytes zod writes, fields in contract order, whatever order the rows have', () => {
    const reordered = Object.fromEntries(Object.entries(item({ rate: 1.5 })).reverse());
    for (const data of [page(item(), reordered), [item(), reordered], page()]) {
      expect(fast(data)).toBe(zod(data));
    }
    expect(fast(page(reordered))).toMatch(/^\{"total":41,"limit":20,"skip":20,"data":\[\{"id":7,"name":"Müller",/);
  });

  it('write every text as JSON.stringify escapes it: quotes, backslashes, control characters, lone surrogates', () => {
    const texts = ['"quoted"', 'back\\slash', 'line\nbreak\ttab\u0000nul', 'emoji 🚌', 'lone \ud800 surrogate', ''];
    for (const text of texts) {
      const data = page(item({ name: text, note: text, contacts: [{ key: 'email', value: text }] }));
      expect(fast(data)).toBe(zod(data));
    }
  });

  it('leave out fields the contract does not declare, at every depth', () => {
    const data = page(
      item({
        passwordHash: 'secret',
        contacts: [{ key: 'phone', value: '1', internal: 'x' }],
        card: { id: 1, name: 'a', token: 't' },
      }),
    );
    const written = fast(data);
    expect(written).not.toMatch(/passwordHash|internal|token|secret/);
    expect(JSON.parse(written)).toEqual(JSON.parse(zod(data)));
  });

  it('are converted as before when a value is not of its declared type (fast-json-stringify writes them)', () => {
    // An id as text and a name as a number: written as the contract's types, not as JSON.stringify would.
    const written = fast(page(item({ id: '12', name: 5, active: 1 })));
    expect(written).toContain('"id":12,"name":"5","note":null,"active":true');
  });
});
