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
  logLevel: string;
  /** Built web app served at `/`, when present. */
  webDist: string;
  bodyLimitBytes: number;
  trustProxy: boolean;
};

const repoRoot = resolve(import.meta.dirname, '../../..');

const int = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return value && Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    databaseUrl: env.DATABASE_URL || `sqlite:${resolve(repoRoot, 'data/tourdesk.db')}`,
    port: int(env.PORT, 3000),
    host: env.HOST || '0.0.0.0',
    seedDemo: env.SEED_DEMO !== '0',
    jwtSecret: env.JWT_SECRET || null,
    tokenTtlSeconds: int(env.TOKEN_TTL_SECONDS, 8 * 60 * 60),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    logLevel: env.LOG_LEVEL || 'info',
    webDist: env.WEB_DIST || resolve(repoRoot, 'apps/web/dist'),
    bodyLimitBytes: int(env.BODY_LIMIT_BYTES, 1024 * 1024),
    trustProxy: env.TRUST_PROXY === '1',
  };
}
