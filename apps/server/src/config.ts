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
  /** CHECK_LIST_ANSWERS=1: every list answer is also written by zod and must match (tests; lib/list-serializer.ts). */
  checkListAnswers: boolean;
  /** smtp://user:password@host:port — without it mails wait in the outbox (visible at /email/debug). */
  smtpUrl: string | null;
  /** Sender of every mail when the brand has no e-mail address. */
  mailFrom: string;
  /** Delivery retries: the n-th retry waits base × 2^(n-1), at most an hour; after the last, the mail is failed. */
  mailRetryBaseMs: number;
  mailMaxAttempts: number;
  /** How often the delivery worker looks for due mails. */
  mailPollMs: number;
  /** MAIL_INBOX_POLL_MS: how often the IMAP inboxes are checked for new messages (spec §9: 100000 ms) */
  mailInboxPollMs: number;
  /** MAIL_INBOX_KEY: the key the mailbox passwords are encrypted with (default: one made on first start) */
  mailInboxKey: string | null;
  /** MAIL_INBOX_IDLE: `0` turns IMAP IDLE off (new mail is then noticed by polling only; docs/adr/0025) */
  mailInboxIdle: boolean;
  /**
   * MAIL_IMAGE_PROXY_ALLOW_HOSTS: `host:port` entries the mail image proxy may reach although they are not public
   * addresses (a local image server in tests; default none)
   */
  mailImageProxyAllowHosts: string[];
  /** THIRD_PARTY_KEY: the key the third-party passwords and keys are encrypted with (default: one made on first start) */
  thirdPartyKey: string | null;
  /** How often the booking job releases expired options and offers freed places to the waiting list. */
  bookingJobPollMs: number;
  /** Options ending within this many hours ring the bell of staff holding vorgang-read (docs/adr/0029). */
  optionLapsingHours: number;
  /** How long verification and reset links work; invitations and activations have their own. */
  actionCodeTtlHours: number;
  inviteCodeTtlHours: number;
  /** Where uploaded files are kept: a local folder (default `data/files`) or an S3-compatible bucket. */
  fileStore: FileStoreConfig;
  /** Largest accepted upload (UPLOAD_LIMIT_MB, default 15 MB). */
  uploadLimitBytes: number;
  /** Map tiles of the boarding point maps: a Leaflet URL template (`{z}/{x}/{y}`, optionally `{s}`). */
  mapTileUrl: string;
  /** Adobe Stock (stock images): off until ADOBE_STOCK_API_KEY is set; licensing also needs the access token. */
  adobeStock: AdobeStockConfig;
  /** Web Push (issue #16): VAPID keys are generated once and kept in the database when not set. */
  push: PushConfig;
  /** The ratio and Kuschick servers customers are imported from (issue #18, docs/adr/0031). */
  customerImport: CustomerImportConfig;
};

/** An outside server Tourdesk imports from: its base URL and the key it is called with (null: not configured). */
export type ImportServerConfig = { url: string | null; apiKey: string | null };

export type CustomerImportConfig = {
  /** RATIO_URL (e.g. https://ratio.example.com) and RATIO_API_KEY (sent as a bearer token) */
  ratio: ImportServerConfig;
  /** KUSCHICK_URL and KUSCHICK_API_KEY (sent as X-Api-Key) */
  kuschick: ImportServerConfig;
  /** CUSTOMER_IMPORT_TIMEOUT_MS: how long one call to ratio or Kuschick may take (default 15 s) */
  timeoutMs: number;
  /** CUSTOMER_IMPORT_EVERY_MS: how often the scheduled import of changed customers runs (default daily) */
  everyMs: number;
};

export type PushConfig = {
  /** VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY (URL-safe base64, as `web-push generate-vapid-keys` prints them) */
  vapidPublicKey: string | null;
  vapidPrivateKey: string | null;
  /** VAPID_SUBJECT: a mailto: or https: contact the push services may use (default: the sender address) */
  vapidSubject: string | null;
  /** PUSH_POLL_MS: how often the delivery worker looks for due pushes */
  pollMs: number;
  /** PUSH_RETRY_BASE_MS, PUSH_MAX_ATTEMPTS: a failed push waits base × 2^(n-1) (at most an hour), then fails */
  retryBaseMs: number;
  maxAttempts: number;
};

export type AdobeStockConfig = {
  /** ADOBE_STOCK_URL, default https://stock.adobe.io */
  url: string;
  apiKey: string | null;
  /** ADOBE_STOCK_ACCESS_TOKEN: the OAuth bearer token of the operator's Adobe account (licensing). */
  accessToken: string | null;
  /** The x-product header (ADOBE_STOCK_PRODUCT). */
  product: string;
  /** Where the preview thumbnails come from (ADOBE_STOCK_IMAGE_ORIGINS, comma-separated), allowed by the CSP. */
  imageOrigins: string[];
};

/**
 * `FILE_STORE_URL`: a folder (`file:///srv/tourdesk/files` or a plain path) or a bucket
 * (`s3://bucket/optional/prefix?endpoint=https://s3.example.com&region=eu-central-1&forcePathStyle=true`).
 * The bucket's credentials come from `S3_ACCESS_KEY_ID` and `S3_SECRET_ACCESS_KEY` (else the AWS SDK's own
 * chain: AWS_* variables, profile, instance role); `S3_ENDPOINT`, `S3_REGION` override the URL's parameters.
 */
export type FileStoreConfig =
  | { kind: 'local'; root: string }
  | {
      kind: 's3';
      bucket: string;
      prefix: string;
      endpoint: string | null;
      region: string;
      forcePathStyle: boolean;
      accessKeyId: string | null;
      secretAccessKey: string | null;
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
    checkListAnswers: env.CHECK_LIST_ANSWERS === '1',
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Tourdesk <no-reply@tourdesk.local>',
    mailRetryBaseMs: int(env.MAIL_RETRY_BASE_MS, 30_000),
    mapTileUrl: tileUrl(env.MAP_TILE_URL),
    mailMaxAttempts: int(env.MAIL_MAX_ATTEMPTS, 8),
    mailPollMs: int(env.MAIL_POLL_MS, 2_000),
    mailInboxPollMs: int(env.MAIL_INBOX_POLL_MS, 100_000),
    mailInboxKey: env.MAIL_INBOX_KEY || null,
    mailInboxIdle: env.MAIL_INBOX_IDLE !== '0',
    mailImageProxyAllowHosts: list(env.MAIL_IMAGE_PROXY_ALLOW_HOSTS).map((entry) => entry.toLowerCase()),
    thirdPartyKey: env.THIRD_PARTY_KEY || null,
    bookingJobPollMs: int(env.BOOKING_JOB_POLL_MS, 60_000),
    optionLapsingHours: int(env.OPTION_LAPSING_HOURS, 24),
    actionCodeTtlHours: int(env.ACTION_CODE_TTL_HOURS, 24),
    inviteCodeTtlHours: int(env.INVITE_CODE_TTL_HOURS, 7 * 24),
    fileStore: fileStoreConfig(env),
    uploadLimitBytes: int(env.UPLOAD_LIMIT_MB, 15) * 1024 * 1024,
    adobeStock: {
      url: (env.ADOBE_STOCK_URL || 'https://stock.adobe.io').replace(/\/+$/, ''),
      apiKey: env.ADOBE_STOCK_API_KEY || null,
      accessToken: env.ADOBE_STOCK_ACCESS_TOKEN || null,
      product: env.ADOBE_STOCK_PRODUCT || 'Tourdesk/1.0',
      imageOrigins: env.ADOBE_STOCK_IMAGE_ORIGINS
        ? list(env.ADOBE_STOCK_IMAGE_ORIGINS).filter((origin) => /^https?:\/\/[\w.*-]+(:\d+)?$/.test(origin))
        : ['https://*.ftcdn.net'],
    },
    push: {
      vapidPublicKey: env.VAPID_PUBLIC_KEY || null,
      vapidPrivateKey: env.VAPID_PRIVATE_KEY || null,
      vapidSubject: env.VAPID_SUBJECT || null,
      pollMs: int(env.PUSH_POLL_MS, 2_000),
      retryBaseMs: int(env.PUSH_RETRY_BASE_MS, 30_000),
      maxAttempts: int(env.PUSH_MAX_ATTEMPTS, 6),
    },
    customerImport: {
      ratio: { url: serverUrl(env.RATIO_URL), apiKey: env.RATIO_API_KEY || null },
      kuschick: { url: serverUrl(env.KUSCHICK_URL), apiKey: env.KUSCHICK_API_KEY || null },
      timeoutMs: int(env.CUSTOMER_IMPORT_TIMEOUT_MS, 15_000),
      everyMs: int(env.CUSTOMER_IMPORT_EVERY_MS, 24 * 60 * 60 * 1000),
    },
  };
}

/** An http(s) base URL without its trailing slashes, or null. */
const serverUrl = (value: string | undefined) =>
  value && /^https?:\/\/\S+$/.test(value.trim()) ? value.trim().replace(/\/+$/, '') : null;

/** The file store of `FILE_STORE_URL` (see `FileStoreConfig`); without it the folder `data/files`. */
export function fileStoreConfig(env: NodeJS.ProcessEnv): FileStoreConfig {
  const value = env.FILE_STORE_URL?.trim();
  if (!value) return { kind: 'local', root: resolve(repoRoot, 'data/files') };
  if (!value.startsWith('s3://')) {
    return { kind: 'local', root: resolve(repoRoot, value.startsWith('file://') ? new URL(value).pathname : value) };
  }
  const url = new URL(value);
  const option = (name: string) => url.searchParams.get(name);
  const endpoint = env.S3_ENDPOINT || option('endpoint');
  return {
    kind: 's3',
    bucket: url.hostname,
    prefix: url.pathname.replace(/^\/+|\/+$/g, ''),
    endpoint: endpoint || null,
    region: env.S3_REGION || option('region') || 'us-east-1',
    // A custom endpoint (MinIO, Ceph, s3rver) usually wants path-style addresses.
    forcePathStyle: (option('forcePathStyle') ?? (endpoint ? 'true' : 'false')) === 'true',
    accessKeyId: env.S3_ACCESS_KEY_ID || null,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || null,
  };
}
