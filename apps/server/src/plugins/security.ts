import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import cors from '@fastify/cors';
import { tileOrigin } from '../config.ts';
import { ApiError, fieldError } from '../lib/errors.ts';

/** The web app's pages that other sites may embed (spec §8: the auth iframe layout). */
const EMBEDDABLE_PAGE = /^\/auth\/[^/?]*Iframe(?:[/?]|$)/;

/**
 * Where a NUL character hides in a parsed request part (strings and keys at any depth), as a field path,
 * or null. PostgreSQL refuses NUL in text, so it never gets further than this. Walks without recursion.
 */
export function findNulPath(value: unknown): string | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (current && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return childPath.replaceAll('\u0000', '');
        stack.push({ value: child, path: childPath });
      }
    }
  }
  return null;
}

/**
 * 400 for a NUL character anywhere in params, query or body (checked before validation), on the routes where one
 * could get past the query validators (the onRoute hook of `securityPlugin`; `refusingNulInQueries` guards the
 * rest). Params and query come from the URL, where a NUL can only arrive percent-encoded (the HTTP parser refuses a
 * raw one), so they are walked only when the URL holds `%00`.
 */
function refuseNul(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  const url = request.url;
  const parts =
    url.includes('%00') || url.includes('\u0000')
      ? ([
          ['params', request.params],
          ['querystring', request.query],
          ['body', request.body],
        ] as const)
      : ([['body', request.body]] as const);
  for (const [part, value] of parts) {
    if (value === undefined || value === null) continue;
    const path = findNulPath(value);
    if (path === null) continue;
    return done(nulRefused(part, path));
  }
  done();
}

const nulRefused = (part: 'params' | 'querystring' | 'body', path: string) =>
  new ApiError(400, part === 'body' ? 'error.badRequest' : 'error.invalidQuery', [fieldError(path, 'error.invalid')]);

/**
 * The headers helmet sets for `options`, worked out once. Helmet's middleware builds its header values from the
 * options each time it is created, and @fastify/helmet creates it on every request; with static options they
 * never change, so they are recorded here once and copied onto every answer.
 */
export function securityHeaders(options: HelmetOptions): ReadonlyArray<readonly [string, string]> {
  // By lower-case name, with the name as helmet spells it.
  const headers = new Map<string, readonly [string, string]>();
  const recorder = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), [name, value]),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers.values()];
}

/**
 * The security headers of a JSON answer. Most of helmet's headers only mean something for a document a browser
 * renders (COOP, Origin-Agent-Cluster, Referrer-Policy, X-DNS-Prefetch-Control, X-Download-Options,
 * X-Permitted-Cross-Domain-Policies, X-XSS-Protection, the page's CSP); JSON keeps what protects any response
 * (OWASP REST Security Cheat Sheet): no sniffing, HTTPS only, no loading from other sites, and a CSP that allows
 * nothing and no framing, should a browser ever be pointed at it. About 500 bytes less on every API answer.
 */
export const JSON_ANSWER_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
];

export type SecurityOptions = {
  /**
   * Where images may come from besides the app, as configured now: the map tile server and Adobe Stock's image
   * servers (/basedata/thirdparty over the environment). Read again for every page load, so a tile server saved
   * on the screen is allowed by the next page's CSP. Without it, the environment's (MAP_TILE_URL, ADOBE_STOCK_*).
   */
  imageOrigins?: () => Promise<string[]>;
};

/** The map tile server and Adobe Stock's image servers as the environment configures them. */
const envImageOrigins = (app: FastifyInstance): string[] => [
  ...[tileOrigin(app.config.mapTileUrl) ?? []].flat(),
  // Stock image previews come from Adobe Stock's image servers (while the adapter is on).
  ...(app.config.adobeStock.apiKey ? app.config.adobeStock.imageOrigins : []),
];

type HeaderSets = {
  /** the image origins these headers allow, joined */
  origins: string;
  headers: ReadonlyArray<readonly [string, string]>;
  /** the auth iframe pages' headers: framing also by FRAME_ANCESTORS */
  embeddable: ReadonlyArray<readonly [string, string]>;
};

function headerSets(app: FastifyInstance, imageOrigins: readonly string[]): HeaderSets {
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'none'"],
        'object-src': ["'none'"],
        'frame-ancestors': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:', ...imageOrigins],
        'style-src': ["'self'", "'unsafe-inline'"],
        'script-src': ["'self'"],
        'connect-src': ["'self'"],
        'font-src': ["'self'", 'data:'],
        'upgrade-insecure-requests': null,
      },
    },
    // frame-ancestors decides; the legacy header cannot name other origins.
    frameguard: false,
    strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
    referrerPolicy: { policy: 'no-referrer' },
  });
  const frameAncestors = ["'self'", ...app.config.frameAncestors].join(' ');
  const csp = headers.find(([name]) => name.toLowerCase() === 'content-security-policy')?.[1] ?? '';
  const embeddable = (
    app.config.frameAncestors.length > 0
      ? headers.map(([name, value]) =>
          name.toLowerCase() === 'content-security-policy'
            ? ([name, csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${frameAncestors}`)] as const)
            : ([name, value] as const),
        )
      : headers
  ) as ReadonlyArray<readonly [string, string]>;
  return { origins: imageOrigins.join(' '), headers, embeddable };
}

/** A request for a page of the web app (not the API, not a built asset): the answer whose CSP a browser applies. */
const isPageLoad = (request: FastifyRequest) =>
  request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/assets/');

/**
 * Security headers (CSP tightened beyond helmet's defaults: `object-src 'none'`, `base-uri 'none'`,
 * framing only by the app itself), CORS for the configured origins only, and no NUL characters in any input.
 * The auth iframe pages may also be framed by the origins of FRAME_ANCESTORS.
 */
export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  let sets = headerSets(app, envImageOrigins(app));
  const { imageOrigins } = options;

  const withHeaders = (request: FastifyRequest, reply: FastifyReply) => {
    const type = reply.getHeader('content-type');
    const chosen =
      typeof type === 'string' && type.startsWith('application/json') && request.url.startsWith('/api/')
        ? JSON_ANSWER_HEADERS
        : EMBEDDABLE_PAGE.test(request.url)
          ? sets.embeddable
          : sets.headers;
    for (const [name, value] of chosen) if (!reply.hasHeader(name)) reply.header(name, value);
  };

  // Every answer gets its headers when it is sent (errors and missing routes too): the short set for the API's
  // JSON answers, the full set for everything else (web pages, the API docs, PDFs, CSV, files). A page of the web
  // app first reads the image origins again, so that its CSP allows a tile server saved a moment ago. One hook
  // with `done` for all: an API request waits for nothing, and no other per-request hook is needed.
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    if (!imageOrigins || !isPageLoad(request)) {
      withHeaders(request, reply);
      return done(null, payload);
    }
    imageOrigins().then(
      (origins) => {
        if (origins.join(' ') !== sets.origins) sets = headerSets(app, origins);
        withHeaders(request, reply);
        done(null, payload);
      },
      (error: unknown) => {
        request.log.warn({ err: error }, 'image origins not read; the CSP keeps the last ones');
        withHeaders(request, reply);
        done(null, payload);
      },
    );
  });
  // Without configured origins CORS adds nothing to any answer, so its per-request hook is left out.
  if (app.config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: app.config.corsOrigins,
      credentials: true,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    });
  }

  // What can carry a NUL past the query validators: a body, path parameters, a query no schema reads.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const takesBody = methods.some((method) => !['GET', 'HEAD', 'OPTIONS'].includes(method));
    const hasParams = route.url.includes(':') || route.url.includes('*');
    if (takesBody || hasParams || !route.schema?.querystring) {
      route.preValidation = [refuseNul, ...[route.preValidation ?? []].flat()];
    }
  });
});

/**
 * Wraps a validator compiler so that a query string validator refuses a NUL character before anything else, with
 * the answer `refuseNul` gives. A list route (a GET with a query contract and no path parameters) is then guarded
 * by its query validator alone, which remembers its answers (lib/query-string.ts), instead of by a
 * preValidation hook on every request.
 */
export const refusingNulInQueries =
  <T>(compile: FastifySchemaCompiler<T>): FastifySchemaCompiler<T> =>
  (route) => {
    const validate = compile(route);
    if (route.httpPart !== 'querystring') return validate;
    return (data: unknown) => {
      const path = findNulPath(data);
      return path === null ? validate(data) : { error: nulRefused('querystring', path) };
    };
  };
