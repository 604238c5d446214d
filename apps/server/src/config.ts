import { resolve } from 'node:path';

export type Config = {
  databaseUrl: string;
  port: number;
  host: string;
  seedDemo: boolean;
  /** HS256 signing key; generated once and kept in the database when not set. */
  jwtSecret: string | null;
  tokenTtlSeconds: number;
  /** Origins allowed to call the API from another site (the app itself is same-origin). */
  corsOrigins: string[];
  /** Origins (besides the app's own) whose pages may embed the /auth/*Iframe pages. */
  frameAncestors: string[];
  logLevel: string;
  /** Built web app served at `/`, when present. */
  webDist: string;
  bodyLimitBytes: number;
  trustProxy: boolean;
  /** How long a list total may be reused before counting again (0: always count). */
  countCacheMs: number;
  /** How long a logged-in user's account and role may be reused between requests (0: always read). */
  authCacheMs: number;
  /** smtp://user:password@host:port — without it mails wait in the outbox (visible at /email/debug). */
  smtpUrl: string | null;
  /** Sender of every mail when the brand has no e-mail address. */
  mailFrom: string;
  /** Delivery retries: the n-th retry waits base × 2^(n-1), at most an hour; after the last, the mail is failed. */
  mailRetryBaseMs: number;
  mailMaxAttempts: number;
  /** How often the delivery worker looks for due mails. */
  mailPollMs: number;
  /** How long verification and reset links work; invitations and activations have their own. */
  actionCodeTtlHours: number;
  inviteCodeTtlHours: number;
  /** Map tiles of the boarding point maps: a Leaflet URL template (`{z}/{x}/{y}`, optionally `{s}`). */
  mapTileUrl: string;
};

export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** A tile URL template: http(s) or a path on this server; anything else falls back to OpenStreetMap. */
const tileUrl = (value: string | undefined) =>
  value && /^(https?:\/\/[\w.{}-]+(:\d+)?)?\/\S*$/.test(value) ? value : DEFAULT_MAP_TILE_URL;

/** The origin of a tile URL template for the CSP's img-src (`{s}` subdomains become `*`), or null for own paths. */
export function tileOrigin(template: string): string | null {
  const match = /^(https?:\/\/[^/]+)/.exec(template);
  return match ? match[1]!.replace(/\{s\}/g, '*') : null;
}

const repoRoot = resolve(import.meta.dirname, '../../..');

const int = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return value && Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
};

/** A comma-separated list, trimmed, without empty entries. */
const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    databaseUrl: env.DATABASE_URL || `sqlite:${resolve(repoRoot, 'data/tourdesk.db')}`,
    port: int(env.PORT, 3000),
    host: env.HOST || '0.0.0.0',
    seedDemo: env.SEED_DEMO !== '0',
    jwtSecret: env.JWT_SECRET || null,
    tokenTtlSeconds: int(env.TOKEN_TTL_SECONDS, 8 * 60 * 60),
    corsOrigins: list(env.CORS_ORIGINS),
    frameAncestors: list(env.FRAME_ANCESTORS).filter((origin) => /^https?:\/\/[\w.*-]+(:\d+)?$/.test(origin)),
    logLevel: env.LOG_LEVEL || 'info',
    webDist: env.WEB_DIST || resolve(repoRoot, 'apps/web/dist'),
    bodyLimitBytes: int(env.BODY_LIMIT_BYTES, 1024 * 1024),
    trustProxy: env.TRUST_PROXY === '1',
    countCacheMs: env.COUNT_CACHE_MS === '0' ? 0 : int(env.COUNT_CACHE_MS, 5000),
    authCacheMs: env.AUTH_CACHE_MS === '0' ? 0 : int(env.AUTH_CACHE_MS, 2000),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Tourdesk <no-reply@tourdesk.local>',
    mailRetryBaseMs: int(env.MAIL_RETRY_BASE_MS, 30_000),
    mapTileUrl: tileUrl(env.MAP_TILE_URL),
    mailMaxAttempts: int(env.MAIL_MAX_ATTEMPTS, 8),
    mailPollMs: int(env.MAIL_POLL_MS, 2_000),
    actionCodeTtlHours: int(env.ACTION_CODE_TTL_HOURS, 24),
    inviteCodeTtlHours: int(env.INVITE_CODE_TTL_HOURS, 7 * 24),
  };
}
