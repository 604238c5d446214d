import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DIALECT, type TestApp } from '../../../test/helpers.ts';

describe('GET /health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it('answers ok with the database engine once the database is usable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: TEST_DIALECT });
  });

  it('answers 503 when the database is gone', async () => {
    const broken = await buildTestApp({ seed: false });
    await broken.database.destroy();
    const response = await broken.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', database: TEST_DIALECT });
    await broken.app.close();
  });

  it('answers an unknown API route with 404 and error.routeNotFound, without a stack trace', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'This API route does not exist.',
      key: 'error.routeNotFound',
    });
  });

  it('answers malformed JSON with 400 and a key', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().key).toBe('error.badRequest');
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('sets the tightened security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    // A JSON answer: a CSP that allows nothing and no framing (web pages get the full policy).
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const page = await t.app.inject({ method: 'GET', url: '/auth/login' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('requests the HTTP parser refuses', () => {
  it('answer 400 in the API error shape', async () => {
    const { connect } = await import('node:net');
    const t = await buildTestApp({ seed: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write('GET /api/v1/users-lit?lit-search=MÜLL HTTP/1.1\r\nHost: x\r\n\r\n'),
      );
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    await t.close();
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toMatchObject({ statusCode: 400, key: 'error.badRequest' });
  });
});
