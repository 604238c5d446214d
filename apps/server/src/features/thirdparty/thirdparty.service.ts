import type {
  ThirdPartyField,
  ThirdPartyList,
  ThirdPartyProvider,
  ThirdPartyService,
  ThirdPartyTestBody,
  ThirdPartyTestResult,
  ThirdPartyUpdateBody,
} from '@tourdesk/contracts';
import { THIRD_PARTY_PROVIDERS } from '@tourdesk/contracts';
import { nowIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { invalidField } from '../../lib/errors.ts';
import { sealSecret } from '../../lib/secret-box.ts';
import type { AuthUser } from '../../types.ts';
import { recordAudit } from '../auth/audit.service.ts';
import { probeService } from './thirdparty-test.ts';
import {
  allStoredValues,
  envValues,
  fieldsOf,
  NOTHING_STORED,
  openRow,
  REQUIRED_FIELDS,
  resolveFields,
  storedValues,
  thirdPartyKey,
  valuesOf,
  type FieldValues,
  type PlainValue,
  type ResolvedField,
  type StoredValues,
  type ThirdPartySource,
} from './thirdparty.config.ts';
import { findThirdPartyRow, saveThirdPartyRow } from './thirdparty.repository.ts';

/** A secret's hint: its last four characters, only when it is long enough that they give little away. */
const hintOf = (secret: string) => (secret.length >= 12 ? `…${secret.slice(-4)}` : null);

const toField = (field: ResolvedField): ThirdPartyField =>
  field.def.kind === 'secret'
    ? {
        name: field.def.name,
        kind: 'secret',
        value: null,
        source: field.source,
        set: typeof field.value === 'string',
        hint: typeof field.value === 'string' ? hintOf(field.value) : null,
      }
    : { name: field.def.name, kind: field.def.kind, value: field.value, source: field.source, set: false, hint: null };

const isConfigured = (provider: ThirdPartyProvider, values: FieldValues) =>
  REQUIRED_FIELDS[provider].every((name) => values[name] !== null && values[name] !== undefined && values[name] !== '');

function toService(source: ThirdPartySource, provider: ThirdPartyProvider, stored: StoredValues): ThirdPartyService {
  const fields = resolveFields(provider, stored, envValues(source.config, provider));
  return {
    provider,
    configured: isConfigured(provider, valuesOf(fields)),
    fields: fields.map(toField),
    updatedAt: stored.updatedAt,
  };
}

export async function listThirdParty(source: ThirdPartySource): Promise<ThirdPartyList> {
  const stored = await allStoredValues(source);
  return {
    data: THIRD_PARTY_PROVIDERS.map((provider) => toService(source, provider, stored.get(provider) ?? NOTHING_STORED)),
  };
}

export async function getThirdParty(source: ThirdPartySource, provider: ThirdPartyProvider) {
  return toService(source, provider, await storedValues(source, provider));
}

const URL_PATTERN = /^https?:\/\/[^\s/?#]+[^\s]*$/;
const TILE_PATTERN = /^(https?:\/\/[\w.{}-]+(:\d+)?)?\/\S*$/;

/** One plain value checked against its field; a field error (400, `values.<name>`) when it does not fit. */
function checkValue(provider: ThirdPartyProvider, name: string, value: PlainValue): PlainValue {
  const def = fieldsOf(provider).find((field) => field.name === name && field.kind !== 'secret');
  const field = `values.${name}`;
  if (!def) throw invalidField(field, 'error.invalid');
  if (value === null) return null;
  switch (def.kind) {
    case 'number':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 65535) {
        throw invalidField(field, 'error.invalid');
      }
      return value;
    case 'flag':
      if (typeof value !== 'boolean') throw invalidField(field, 'error.invalid');
      return value;
    default: {
      if (typeof value !== 'string') throw invalidField(field, 'error.invalid');
      const trimmed = value.trim();
      if (trimmed === '') return null;
      if (trimmed.length > 500) throw invalidField(field, 'error.tooLong');
      const pattern = provider === 'maps' ? TILE_PATTERN : URL_PATTERN;
      if (def.kind === 'url' && !pattern.test(trimmed)) throw invalidField(field, 'error.invalid');
      return trimmed;
    }
  }
}

function checkSecret(provider: ThirdPartyProvider, name: string, value: string | null): string | null {
  const field = `secrets.${name}`;
  if (!fieldsOf(provider).some((def) => def.name === name && def.kind === 'secret')) {
    throw invalidField(field, 'error.invalid');
  }
  if (value === null) return null;
  if (value.trim() === '') throw invalidField(field, 'error.empty');
  return value;
}

/** The stored values with a change applied (null removes a value; a left-out secret stays). */
function applyChange(
  provider: ThirdPartyProvider,
  stored: StoredValues,
  body: Partial<ThirdPartyUpdateBody>,
): StoredValues {
  const settings: FieldValues = { ...stored.settings };
  for (const [name, raw] of Object.entries(body.values ?? {})) {
    const value = checkValue(provider, name, raw);
    if (value === null) delete settings[name];
    else settings[name] = value;
  }
  const secrets: Record<string, string> = { ...stored.secrets };
  for (const [name, raw] of Object.entries(body.secrets ?? {})) {
    const value = checkSecret(provider, name, raw);
    if (value === null) delete secrets[name];
    else secrets[name] = value;
  }
  return { settings, secrets, updatedAt: stored.updatedAt };
}

/** Stores a service's change (secrets sealed) and records who changed which fields (names only) in the audit log. */
export async function updateThirdParty(
  source: ThirdPartySource,
  provider: ThirdPartyProvider,
  body: ThirdPartyUpdateBody,
  actor: AuthUser | null,
): Promise<ThirdPartyService> {
  const key = await thirdPartyKey(source.ctx, source.config.thirdPartyKey);
  await inTransaction(source.ctx, async (trx) => {
    const stored = openRow(await findThirdPartyRow(trx.db, provider), key);
    const next = applyChange(provider, stored, body);
    await saveThirdPartyRow(trx.db, {
      provider,
      settings: JSON.stringify(next.settings),
      secrets: Object.keys(next.secrets).length > 0 ? sealSecret(key, JSON.stringify(next.secrets)) : null,
      updated_by: actor?.id ?? null,
      updated_at: nowIso(),
    });
    const changed = [...Object.keys(body.values), ...Object.keys(body.secrets)];
    await recordAudit(trx, {
      action: 'thirdparty_update',
      userId: actor?.id ?? null,
      email: actor?.email ?? null,
      detail: `${provider}: ${changed.join(', ') || '-'}`,
    });
  });
  return getThirdParty(source, provider);
}

/** Every secret's text in `values` blanked out of `detail`: a test's answer never repeats a password. */
export function scrubSecrets(detail: string | null, secrets: readonly string[]): string | null {
  if (detail === null) return null;
  let clean = detail;
  for (const secret of secrets) {
    if (secret.length >= 3) clean = clean.split(secret).join('•••');
  }
  return clean.slice(0, 500);
}

/**
 * "Verbindung testen": tries the service with its effective settings, or with values typed but not yet saved
 * (`body`, applied like a change but not stored), and says what failed.
 */
export async function testThirdParty(
  source: ThirdPartySource,
  provider: ThirdPartyProvider,
  body: ThirdPartyTestBody,
  options: { timeoutMs: number },
): Promise<ThirdPartyTestResult> {
  const stored = await storedValues(source, provider);
  const tried = applyChange(provider, stored, body);
  const env = envValues(source.config, provider);
  const fields = resolveFields(provider, tried, env);
  const values = valuesOf(fields);
  const secrets = [
    ...Object.values(stored.secrets),
    ...Object.values(tried.secrets),
    ...fields
      .filter((field) => field.def.kind === 'secret' && typeof field.value === 'string')
      .map((f) => String(f.value)),
  ];
  const started = performance.now();
  const missing = REQUIRED_FIELDS[provider].filter((name) => values[name] === null || values[name] === '');
  const probe = missing.length
    ? { outcome: 'incomplete' as const, detail: missing.join(', ') }
    : await probeService(provider, values, options);
  return {
    provider,
    ok: probe.outcome === 'ok',
    outcome: probe.outcome,
    detail: scrubSecrets(probe.detail, secrets),
    durationMs: Math.round(performance.now() - started),
  };
}

export {
  effectiveConfig,
  storedValues,
  thirdPartyConfig,
  thirdPartyImageOrigins,
  type ThirdPartySource,
} from './thirdparty.config.ts';

/**
 * A service's health for the debug page: not configured, or its connection test (secrets blanked out of the
 * detail, as in every test answer).
 */
export async function thirdPartyHealth(
  source: ThirdPartySource,
  provider: ThirdPartyProvider,
  timeoutMs: number,
): Promise<{ status: 'ok' | 'failing' | 'notConfigured'; outcome: string | null; detail: string | null }> {
  const fields = resolveFields(provider, await storedValues(source, provider), envValues(source.config, provider));
  const values = valuesOf(fields);
  if (!isConfigured(provider, values)) return { status: 'notConfigured', outcome: null, detail: null };
  const probe = await probeService(provider, values, { timeoutMs });
  const secrets = fields
    .filter((field) => field.def.kind === 'secret' && typeof field.value === 'string')
    .map((field) => String(field.value));
  return {
    status: probe.outcome === 'ok' ? 'ok' : 'failing',
    outcome: probe.outcome,
    detail: scrubSecrets(probe.detail, secrets),
  };
}
