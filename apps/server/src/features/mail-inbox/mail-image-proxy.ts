import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { ErrorKey } from '@tourdesk/contracts';
import { ApiError } from '../../lib/errors.ts';
import type { DbContext } from '../../types.ts';
import { installationSecret } from '../auth/auth.service.ts';

/**
 * The mail image proxy (docs/adr/0025): a remote image of a mail the user allowed is fetched by the server, so the
 * sender never sees the reader's address, cookies or Referer, and the browser only talks to Tourdesk (the CSP keeps
 * `img-src 'self'`). Only URLs the server itself signed, for one user and for a few hours, are fetched; only public
 * addresses are reached (every resolved address is checked, and the connection goes to the address checked, so a
 * second DNS answer cannot swap it); at most 3 redirects, 5 s, 5 MB, and only raster images come back.
 */
export const IMAGE_PROXY_PATH = '/api/v1/mail-image';
/** How long a signed image link works after the message was read. */
export const IMAGE_LINK_TTL_MS = 12 * 60 * 60 * 1000;

export type ImageProxyLimits = {
  /** `host:port` (lower case) the proxy may reach although the address is not public: tests' local servers */
  allowHosts: readonly string[];
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
};
export const DEFAULT_LIMITS: Omit<ImageProxyLimits, 'allowHosts'> = {
  timeoutMs: 5_000,
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 3,
};

const fail = (status: number, key: ErrorKey) => new ApiError(status, key);

/** The signing key, one per installation, kept in the database so every instance signs and checks alike. */
export const imageProxyKey = (ctx: DbContext) =>
  installationSecret(ctx, 'mail-image', () => randomBytes(32).toString('base64url'));

const sign = (key: string, url: string, access: string) =>
  createHmac('sha256', key).update(`${access}\n${url}`).digest('base64url');

/** The proxy address of a remote image, signed for this user at this moment. */
export function signedImageUrl(key: string, url: string, userId: number, nowMs = Date.now()): string {
  const access = `${userId}.${nowMs}`;
  const query = new URLSearchParams({ u: url, a: access, s: sign(key, url, access) });
  return `${IMAGE_PROXY_PATH}?${query.toString()}`;
}

/** The user a signed link was made for and when, or a 403 when the signature is wrong or the link too old. */
export function verifyImageSignature(
  key: string,
  query: { u: string; a: string; s: string },
  nowMs = Date.now(),
): { userId: number; issuedAtMs: number } {
  const expected = Buffer.from(sign(key, query.u, query.a));
  const given = Buffer.from(query.s);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw fail(403, 'error.mailImageSignature');
  }
  const [user, issued] = query.a.split('.').map(Number);
  if (!user || !issued || nowMs - issued > IMAGE_LINK_TTL_MS || issued - nowMs > 60_000) {
    throw fail(403, 'error.mailImageSignature');
  }
  return { userId: user, issuedAtMs: issued };
}

/**
 * Whether an address is on the public internet: ipaddr.js names every special range (private, loopback,
 * link-local, multicast, unique-local, carrier-grade NAT, reserved, NAT64, 6to4, Teredo, …); only plain `unicast`
 * passes. IPv4-mapped IPv6 addresses are judged as the IPv4 address they carry.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '').toLowerCase();

/** The addresses the proxy will connect to for a URL, all checked; the first is used. */
async function resolveChecked(url: URL, limits: ImageProxyLimits): Promise<{ address: string; family: 4 | 6 }> {
  const host = bare(url.hostname);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const allowed = limits.allowHosts.includes(`${host}:${port}`);
  let addresses: Array<{ address: string; family: number }>;
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = await dnsLookup(host, { all: true, verbatim: true });
    } catch {
      throw fail(502, 'error.mailImageFetch');
    }
  }
  if (addresses.length === 0) throw fail(502, 'error.mailImageFetch');
  if (!allowed && addresses.some((entry) => !isPublicAddress(entry.address))) {
    throw fail(403, 'error.mailImageAddress');
  }
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** A `lookup` that always answers the address already checked: the socket cannot go anywhere else. */
const pinnedLookup =
  (address: string, family: 4 | 6): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };

type Fetched = { kind: 'redirect'; location: string } | { kind: 'image'; contentType: string; body: Buffer };

function requestOnce(
  url: URL,
  target: { address: string; family: 4 | 6 },
  limits: ImageProxyLimits,
  signal: AbortSignal,
): Promise<Fetched> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Fetched>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'GET',
        agent: false,
        lookup: pinnedLookup(target.address, target.family),
        signal,
        // Nothing of the reader goes along: no cookies, no Referer, no language, a neutral agent.
        headers: {
          accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif,image/*;q=0.8',
          'user-agent': 'Tourdesk image proxy',
        },
      },
      (response: IncomingMessage) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          resolve({ kind: 'redirect', location: response.headers.location });
          return;
        }
        if (status !== 200) {
          response.resume();
          reject(fail(502, 'error.mailImageFetch'));
          return;
        }
        const contentType = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        // Raster images only: an SVG is a document that can carry scripts and links.
        if (!/^image\/[a-z0-9.+-]+$/.test(contentType) || contentType.startsWith('image/svg')) {
          response.destroy();
          reject(fail(502, 'error.mailImageType'));
          return;
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > limits.maxBytes) {
          response.destroy();
          reject(fail(502, 'error.mailImageTooLarge'));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.maxBytes) {
            response.destroy();
            reject(fail(502, 'error.mailImageTooLarge'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ kind: 'image', contentType, body: Buffer.concat(chunks) }));
        response.on('error', () => reject(fail(502, 'error.mailImageFetch')));
      },
    );
    request.on('error', () => reject(fail(502, 'error.mailImageFetch')));
    request.end();
  });
}

const parseHttpUrl = (value: string, base?: URL): URL => {
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    throw fail(400, 'error.mailImageUrl');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw fail(400, 'error.mailImageUrl');
  if (url.username || url.password) throw fail(400, 'error.mailImageUrl');
  return url;
};

/**
 * Fetches a remote image: only http/https, only public addresses (or the configured exceptions), each redirect
 * checked again, within the time and size limits. Every failure is an ApiError with a key (4xx or 502).
 */
export async function fetchRemoteImage(
  value: string,
  limits: ImageProxyLimits,
): Promise<{ contentType: string; body: Buffer }> {
  let url = parseHttpUrl(value);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
  const timedOut = new Promise<never>((_resolve, reject) => {
    controller.signal.addEventListener('abort', () => reject(fail(502, 'error.mailImageFetch')), { once: true });
  });
  timedOut.catch(() => undefined);
  try {
    for (let hop = 0; ; hop++) {
      const target = await Promise.race([resolveChecked(url, limits), timedOut]);
      const fetched = await Promise.race([requestOnce(url, target, limits, controller.signal), timedOut]);
      if (fetched.kind === 'image') return fetched;
      if (hop >= limits.maxRedirects) throw fail(502, 'error.mailImageRedirects');
      url = parseHttpUrl(fetched.location, url);
    }
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}
