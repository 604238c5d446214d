import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, createLogin, type TestApp } from './helpers.ts';

/**
 * The hooks Fastify runs for one route, by lifecycle stage, as `printRoutes` lists them. `path` is the route's
 * path as the tree prints it: the prefix, then each nested part (`'/api/v1/customers', '/:id'`).
 */
function hooksOf(t: TestApp, method: string, ...path: string[]): Record<string, string[]> {
  const lines = t.app.printRoutes({ includeHooks: true, commonPrefix: false }).split('\n');
  let at = -1;
  path.forEach((part, index) => {
    const last = index === path.length - 1;
    at = lines.findIndex(
      (line, n) => n > at && (last ? line.trimEnd().endsWith(` ${part} (${method})`) : line.includes(` ${part} (`)),
    );
  });
  expect(at, `${method} ${path.join('')} is a route`).toBeGreaterThan(-1);
  const hooks: Record<string, string[]> = {};
  for (const line of lines.slice(at + 1)) {
    const hook = /• \((\w+)\) (\[.*\])$/.exec(line);
    if (!hook) break;
    hooks[hook[1]!] = JSON.parse(hook[2]!) as string[];
  }
  return hooks;
}

/**
 * Every hook on a route is work on each of its requests, and a stage without hooks is skipped by Fastify as a
 * whole. A list page — the request staff make most — runs only what it needs (bench/README.md, "5 December 2026
 * (thirty-fifth session)"); what guards other routes stays on them.
 */
describe('the hooks a request passes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
  });
  afterAll(() => t.close());

  it('a list page: its guard and compression first, its headers last, and nothing in between', () => {
    const hooks = hooksOf(t, 'GET', '/api/v1/customers');
    expect(hooks.onRequest).toEqual(['check()', 'onRequest()']);
    expect(hooks.onSend).toEqual(['anonymous()', 'onSend()']);
    expect(Object.keys(hooks).sort()).toEqual(['onRequest', 'onSend']);
  });

  it('routes with a body, path parameters or a query no contract reads are checked for NUL characters', () => {
    expect(hooksOf(t, 'POST', '/api/v1/customers').preValidation).toEqual(['refuseNul()']);
    expect(hooksOf(t, 'GET', '/api/v1/customers', '/:id').preValidation).toEqual(['refuseNul()']);
    expect(hooksOf(t, 'GET', '/api/v1/health').preValidation).toEqual(['refuseNul()']);
  });

  it('a list page refuses a NUL character in its query through its query contract', async () => {
    const office = await createLogin(t.ctx, 'office');
    for (const url of ['/customers?lit-search=a%00b', '/customers?name%00=x', '/customers?%24sort%5Bname%00%5D=1']) {
      const response = await call(t.app, office, { method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ key: 'error.invalidQuery', errors: [{ key: 'error.invalid' }] });
    }
  });
});
