import { randomBytes } from 'node:crypto';
import {
  THIRD_PARTY_FIELDS,
  THIRD_PARTY_PROVIDERS,
  type ThirdPartyConfig,
  type ThirdPartyFieldDef,
  type ThirdPartyProvider,
} from '@tourdesk/contracts';
import { tileOrigin, type Config } from '../../config.ts';
import { openSecret, secretKeyFrom } from '../../lib/secret-box.ts';
import type { DbContext } from '../../types.ts';
import { installationSecret } from '../auth/auth.service.ts';
import { findThirdPartyRow, findThirdPartyRows, type ThirdPartyRow } from './thirdparty.repository.ts';

/** What reading a service's settings needs: the database (stored values) and the server's configuration (env). */
export type ThirdPartySource = { ctx: DbContext; config: Config };

export type PlainValue = string | number | boolean | null;
export type FieldValues = Record<string, PlainValue>;

export const fieldsOf = (provider: ThirdPartyProvider): readonly ThirdPartyFieldDef[] => THIRD_PARTY_FIELDS[provider];
export const isThirdPartyProvider = (value: string): value is ThirdPartyProvider =>
  (THIRD_PARTY_PROVIDERS as readonly string[]).includes(value);

/** The fields a service cannot work without (its "configured" state and the test's first check). */
export const REQUIRED_FIELDS: Record<ThirdPartyProvider, readonly string[]> = {
  smtp: ['host', 'port'],
  imap: ['host', 'port', 'user', 'password'],
  push: ['publicKey', 'privateKey'],
  maps: ['tileUrl'],
  adobeStock: ['url', 'apiKey'],
  ratio: ['url'],
  kuschick: ['url'],
  insurer: ['url'],
  facebook: ['graphUrl', 'pageId', 'accessToken'],
};

/** The key of the stored secrets: THIRD_PARTY_KEY, else a secret made on first start and kept in the database. */
export async function thirdPartyKey(ctx: DbContext, configured: string | null): Promise<Buffer> {
  const secret =
    configured ?? (await installationSecret(ctx, 'thirdparty', () => randomBytes(32).toString('base64url')));
  return secretKeyFrom(secret);
}

function smtpFromUrl(smtpUrl: string | null, from: string): FieldValues {
  if (!smtpUrl) return { from };
  try {
    const url = new URL(smtpUrl);
    const secure = url.protocol === 'smtps:';
    return {
      host: url.hostname || null,
      port: Number(url.port) || (secure ? 465 : 587),
      secure,
      ignoreTls: url.searchParams.get('ignoreTLS') === 'true',
      user: url.username ? decodeURIComponent(url.username) : null,
      password: url.password ? decodeURIComponent(url.password) : null,
      from,
    };
  } catch {
    return { from };
  }
}

/** What the server's environment (apps/server/src/config.ts) says for a service; stored values override these. */
export function envValues(config: Config, provider: ThirdPartyProvider): FieldValues {
  switch (provider) {
    case 'smtp':
      return smtpFromUrl(config.smtpUrl, config.mailFrom);
    case 'push':
      return {
        publicKey: config.push.vapidPublicKey,
        privateKey: config.push.vapidPrivateKey,
        subject: config.push.vapidSubject,
      };
    case 'maps':
      return { tileUrl: config.mapTileUrl };
    case 'adobeStock':
      return {
        url: config.adobeStock.url,
        apiKey: config.adobeStock.apiKey,
        accessToken: config.adobeStock.accessToken,
        product: config.adobeStock.product,
      };
    case 'ratio':
    case 'kuschick':
      return { url: config.customerImport[provider].url, apiKey: config.customerImport[provider].apiKey };
    case 'imap':
      return { port: 993, secure: true };
    case 'facebook':
      return { graphUrl: 'https://graph.facebook.com' };
    default:
      return {};
  }
}

export type StoredValues = { settings: FieldValues; secrets: Record<string, string>; updatedAt: string | null };

/** A service with nothing stored. */
export const NOTHING_STORED: StoredValues = Object.freeze({
  settings: Object.freeze({}),
  secrets: Object.freeze({}),
  updatedAt: null,
});

const parseObject = (text: string | null): Record<string, unknown> => {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

const isPlain = (value: unknown): value is PlainValue =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** A stored row, its secrets opened. Secrets sealed with another key read as not set (the key was changed). */
export function openRow(row: ThirdPartyRow | undefined, key: Buffer): StoredValues {
  if (!row) return NOTHING_STORED;
  const settings: FieldValues = Object.fromEntries(
    Object.entries(parseObject(row.settings)).filter((entry): entry is [string, PlainValue] => isPlain(entry[1])),
  );
  let secrets: Record<string, string> = {};
  if (row.secrets) {
    try {
      secrets = Object.fromEntries(
        Object.entries(parseObject(openSecret(key, row.secrets))).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      );
    } catch {
      secrets = {};
    }
  }
  const updatedAt = row.updated_at ? new Date(row.updated_at).toISOString() : null;
  return { settings, secrets, updatedAt };
}

export type ResolvedField = { def: ThirdPartyFieldDef; value: PlainValue; source: 'stored' | 'env' | 'none' };

/** Each field's effective value: stored over env over nothing (a flag without value is false). */
export function resolveFields(provider: ThirdPartyProvider, stored: StoredValues, env: FieldValues): ResolvedField[] {
  return fieldsOf(provider).map((def) => {
    const own = def.kind === 'secret' ? stored.secrets[def.name] : stored.settings[def.name];
    if (own !== undefined && own !== null) return { def, value: own, source: 'stored' };
    const fromEnv = env[def.name];
    if (fromEnv !== undefined && fromEnv !== null) return { def, value: fromEnv, source: 'env' };
    return { def, value: def.kind === 'flag' ? false : null, source: 'none' };
  });
}

export const valuesOf = (fields: readonly ResolvedField[]): FieldValues =>
  Object.fromEntries(fields.map((field) => [field.def.name, field.value]));

export async function storedValues(source: ThirdPartySource, provider: ThirdPartyProvider): Promise<StoredValues> {
  const key = await thirdPartyKey(source.ctx, source.config.thirdPartyKey);
  return openRow(await findThirdPartyRow(source.ctx.db, provider), key);
}

export async function allStoredValues(source: ThirdPartySource): Promise<Map<string, StoredValues>> {
  const key = await thirdPartyKey(source.ctx, source.config.thirdPartyKey);
  const rows = await findThirdPartyRows(source.ctx.db);
  return new Map(rows.map((row) => [row.provider, openRow(row, key)]));
}

/**
 * The one accessor features read an outside service's settings through (docs/adr/0033): the values stored at
 * /basedata/thirdparty over the server's environment, secrets in clear. Read it when the service is used (it is
 * one primary-key read), so a change on the screen takes effect without a restart. Never log or answer its result.
 */
export async function thirdPartyConfig<P extends ThirdPartyProvider>(
  source: ThirdPartySource,
  provider: P,
): Promise<ThirdPartyConfig<P>> {
  return effectiveConfig(provider, await storedValues(source, provider), source.config);
}

/** A service's effective settings from its stored values, already read: stored over env (what thirdPartyConfig answers). */
export function effectiveConfig<P extends ThirdPartyProvider>(
  provider: P,
  stored: StoredValues,
  config: Config,
): ThirdPartyConfig<P> {
  return valuesOf(resolveFields(provider, stored, envValues(config, provider))) as ThirdPartyConfig<P>;
}

/**
 * Where the web app loads images from outside: the map tile server and, while Adobe Stock is configured, its image
 * servers — as configured now, for the page's Content-Security-Policy (plugins/security.ts).
 */
export async function thirdPartyImageOrigins(source: ThirdPartySource): Promise<string[]> {
  // Runs on every page load: one read of the key and one of the rows, for both services.
  const stored = await allStoredValues(source);
  const maps = effectiveConfig('maps', stored.get('maps') ?? NOTHING_STORED, source.config);
  const stock = effectiveConfig('adobeStock', stored.get('adobeStock') ?? NOTHING_STORED, source.config);
  const tiles = tileOrigin(maps.tileUrl ?? source.config.mapTileUrl);
  return [...(tiles ? [tiles] : []), ...(stock.apiKey ? source.config.adobeStock.imageOrigins : [])];
}
