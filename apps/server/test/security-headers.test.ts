import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.ts';

/** Every header helmet can set or remove: the answer's security headers, whatever sets them. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-embedder-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-powered-by',
  'x-xss-protection',
] as const;

const CSP = (frameAncestors: string) =>
  `default-src 'self';base-uri 'none';font-src 'self' data:;form-action 'self';frame-ancestors ${frameAncestors};img-src 'self' data: blob: https://tile.openstreetmap.org;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self'`;

const expected = (frameAncestors = "'self'") => ({
  'content-security-policy': CSP(frameAncestors),
  'cross-origin-embedder-policy': undefined,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': undefined,
  'x-permitted-cross-domain-policies': 'none',
  'x-powered-by': undefined,
  'x-xss-protection': '0',
});

/** The API's JSON answers: only what protects a response no browser renders (plugins/security.ts). */
const JSON_ANSWER = {
  ...Object.fromEntries(SECURITY_HEADERS.map((name) => [name, undefined])),
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
};

/**
 * The security headers of every kind of answer, value for value: they are computed once at start-up instead of
 * on every request (issue #8 §4.1). Documents get exactly what helmet sent per request before; the API's JSON
 * answers the short set.
 */
describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults', config: { frameAncestors: ['https://alpenblick-reisen.example'] } });
  });
  afterAll(() => t.close());

  const headersOf = async (method: 'GET' | 'POST', url: string) => {
    const response = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
    return {
      statusCode: response.statusCode,
      headers: Object.fromEntries(SECURITY_HEADERS.map((name) => [name, response.headers[name]])),
    };
  };

  it('are the short set on every JSON answer of the API: answers, errors, missing routes', async () => {
    const answers = [
      ['GET', '/api/v1/health', 200],
      ['GET', '/api/v1/customers', 401],
      ['POST', '/api/v1/authentication', 400],
      ['GET', '/api/v1/no-such-route', 404],
    ] as const;
    for (const [method, url, statusCode] of answers) {
      expect(await headersOf(method, url), url).toEqual({ statusCode, headers: JSON_ANSWER });
    }
  });

  it('are the full set on web pages (even a JSON one) and on the API answers that are not JSON', async () => {
    expect(await headersOf('GET', '/auth/login')).toEqual({ statusCode: 404, headers: expected() });
    const docs = await t.app.inject({ method: 'GET', url: '/api/v1/docs/static/swagger-ui.css' });
    expect(docs.statusCode).toBe(200);
    expect(String(docs.headers['content-type'])).toMatch(/^text\/css/);
    expect(Object.fromEntries(SECURITY_HEADERS.map((name) => [name, docs.headers[name]]))).toEqual(expected());
    const spec = await t.app.inject({ method: 'GET', url: '/api/v1/docs/yaml' });
    expect(spec.statusCode).toBe(200);
    expect(Object.fromEntries(SECURITY_HEADERS.map((name) => [name, spec.headers[name]]))).toEqual(expected());
  });

  it('let the configured origins frame the auth iframe pages, with every other header unchanged', async () => {
    expect((await headersOf('GET', '/auth/loginIframe')).headers).toEqual(
      expected("'self' https://alpenblick-reisen.example"),
    );
  });
});

describe('CORS', () => {
  const preflight = { 'access-control-request-method': 'GET' };

  it('lets no other site call the API without CORS_ORIGINS', async () => {
    const t = await buildTestApp({ seed: 'defaults' });
    try {
      const headers = { origin: 'https://partner.example', ...preflight };
      const options = await t.app.inject({ method: 'OPTIONS', url: '/api/v1/customers', headers });
      expect(options.statusCode).toBe(404);
      const get = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers });
      for (const response of [options, get]) {
        expect(Object.keys(response.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
      }
    } finally {
      await t.close();
    }
  });

  it('lets the configured origins call the API, and no other', async () => {
    const t = await buildTestApp({ seed: 'defaults', config: { corsOrigins: ['https://partner.example'] } });
    try {
      const allowed = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/customers',
        headers: { origin: 'https://partner.example', ...preflight },
      });
      expect(allowed.statusCode).toBe(204);
      expect(allowed.headers).toMatchObject({
        'access-control-allow-origin': 'https://partner.example',
        'access-control-allow-credentials': 'true',
        'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
      });
      const get = await t.app.inject({
        method: 'GET',
        url: '/api/v1/health',
        headers: { origin: 'https://partner.example' },
      });
      expect(get.headers['access-control-allow-origin']).toBe('https://partner.example');
      const other = await t.app.inject({
        method: 'GET',
        url: '/api/v1/health',
        headers: { origin: 'https://evil.example' },
      });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
