import type { z } from 'zod';
import {
  buildSearchText,
  DEFAULT_SETTINGS,
  SETTING_DESCRIPTORS,
  isErrorKey,
  type SettingHistory,
  PUBLIC_SETTING_KEYS,
  type PublicSettings,
  type CreateSettingBody,
  type ListQuery,
  type Setting,
  type UpdateSettingBody,
} from '@tourdesk/contracts';
import { nowIso, toIso } from '../../db/dialect.ts';
import { inTransaction, isUniqueViolation } from '../../db/transaction.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import { runList, type ListSpec } from '../../lib/list-query.ts';
import type { AuthUser, DbContext } from '../../types.ts';
import { findSettingHistory, insertSettingHistory } from './settings-history.repository.ts';
import {
  deleteSettingRow,
  findSettingById,
  findSettingByKey,
  findSettingsByKeys,
  insertSetting,
  settingBaseQuery,
  settingKeyTaken,
  updateSettingRow,
  type SettingRow,
} from './settings.repository.ts';

const SETTING_LIST_SPEC: ListSpec = {
  table: 'sys_settings',
  idColumn: 'id_sys_settings',
  idField: 'id_sys_settings',
  searchable: true,
  defaultSort: [['key', 1]],
  // The app loads every setting at once with $limit=9999.
  maxLimit: 10000,
  fields: {
    id_sys_settings: { column: 'sys_settings.id_sys_settings', type: 'number' },
    key: { column: 'sys_settings.key', type: 'string' },
    createdAt: { column: 'sys_settings.created_at', type: 'date' },
    updatedAt: { column: 'sys_settings.updated_at', type: 'date' },
  },
  selectable: ['id_sys_settings', 'key', 'value', 'createdAt', 'updatedAt'],
};

/** Stored text → value: parsed JSON when it parses, else the text itself. */
export function decodeSettingValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Value → stored text: strings are kept as they are (JSON text stays JSON), everything else is serialised. */
export const encodeSettingValue = (value: unknown): string =>
  typeof value === 'string' ? value : JSON.stringify(value ?? null);

const toSetting = (row: SettingRow): Setting => ({
  id_sys_settings: row.id_sys_settings,
  key: row.key,
  value: decodeSettingValue(row.value),
  createdAt: toIso(row.created_at)!,
  updatedAt: toIso(row.updated_at)!,
});

const searchText = (key: string, stored: string) => buildSearchText([key, stored]);

export const listSettings = (ctx: DbContext, query: ListQuery) =>
  runList(ctx, SETTING_LIST_SPEC, query, settingBaseQuery(ctx.db), (rows) => rows.map(toSetting));

export async function getSetting(ctx: DbContext, id: number): Promise<Setting> {
  const row = await findSettingById(ctx.db, id);
  if (!row) throw notFound();
  return toSetting(row);
}

/** The few settings the web app needs before and after login, as key → value. */
export async function getPublicSettings(ctx: DbContext): Promise<PublicSettings> {
  const rows = await findSettingsByKeys(ctx.db, PUBLIC_SETTING_KEYS);
  return Object.fromEntries(rows.map((row) => [row.key, decodeSettingValue(row.value)]));
}

/** A setting's value by key, or `fallback` when it is not set. */
export async function settingValue<T>(ctx: DbContext, key: string, fallback: T): Promise<T> {
  const row = await findSettingByKey(ctx.db, key);
  return row ? (decodeSettingValue(row.value) as T) : fallback;
}

/**
 * A setting's value checked against its contract; `fallback` when it is not set or does not fit (a slip in the
 * settings screen must not stop bookings, invoices or jobs).
 */
export async function typedSetting<T>(ctx: DbContext, key: string, schema: z.ZodType<T>, fallback: T): Promise<T> {
  const row = await findSettingByKey(ctx.db, key);
  if (!row) return fallback;
  const parsed = schema.safeParse(decodeSettingValue(row.value));
  return parsed.success ? parsed.data : fallback;
}

const keyTaken = () => invalidField('key', 'error.nameExists');

/** Who changed a setting (the history's "who"); undefined for the system itself (seeding), which leaves no entry. */
export type SettingActor = Pick<AuthUser, 'id' | 'email'> | null | undefined;

/**
 * A known setting's value checked against its type (issue #18 item 8): 400 on the field `value` with the rule's
 * message key when it does not fit. Text that parses as JSON is checked as what it parses to.
 */
function checkSettingValue(key: string, value: unknown): void {
  const descriptor = SETTING_DESCRIPTORS[key];
  if (!descriptor) return;
  const decoded = typeof value === 'string' && descriptor.type !== 'text' ? decodeSettingValue(value) : value;
  const parsed = descriptor.schema.safeParse(decoded);
  if (parsed.success) return;
  const message = parsed.error.issues[0]?.message;
  throw invalidField('value', message && isErrorKey(message) ? message : 'error.invalid');
}

async function recordChange(
  ctx: DbContext,
  actor: SettingActor,
  key: string,
  oldValue: string | null,
  newValue: string | null,
): Promise<void> {
  if (actor === undefined || oldValue === newValue) return;
  await insertSettingHistory(ctx.db, {
    setting_key: key,
    old_value: oldValue,
    new_value: newValue,
    user_id: actor?.id ?? null,
    user_email: actor?.email ?? null,
    at: nowIso(),
  });
}

/** The last 100 changes of a setting (by its current key), newest first. */
export async function getSettingHistory(ctx: DbContext, id: number): Promise<SettingHistory> {
  const setting = await getSetting(ctx, id);
  const rows = await findSettingHistory(ctx.db, setting.key, 100);
  return {
    data: rows.map((row) => ({
      id: row.id,
      key: row.setting_key,
      at: toIso(row.at)!,
      userId: row.user_id,
      userEmail: row.user_email,
      oldValue: row.old_value === null ? null : decodeSettingValue(row.old_value),
      newValue: row.new_value === null ? null : decodeSettingValue(row.new_value),
    })),
  };
}

export async function createSetting(ctx: DbContext, body: CreateSettingBody, actor?: SettingActor): Promise<Setting> {
  checkSettingValue(body.key, body.value);
  const stored = encodeSettingValue(body.value);
  try {
    const id = await inTransaction(ctx, async (trx) => {
      if (await settingKeyTaken(trx.db, body.key)) throw keyTaken();
      const now = nowIso();
      await recordChange(trx, actor, body.key, null, stored);
      return insertSetting(trx.db, {
        key: body.key,
        value: stored,
        search_text: searchText(body.key, stored),
        created_at: now,
        updated_at: now,
      });
    });
    return getSetting(ctx, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw keyTaken();
    throw error;
  }
}

export async function updateSetting(
  ctx: DbContext,
  id: number,
  body: UpdateSettingBody,
  actor?: SettingActor,
): Promise<Setting> {
  const current = await getSetting(ctx, id);
  const key = body.key ?? current.key;
  const value = body.value !== undefined ? body.value : current.value;
  checkSettingValue(key, value);
  const stored = encodeSettingValue(value);
  try {
    await inTransaction(ctx, async (trx) => {
      if (await settingKeyTaken(trx.db, key, id)) throw keyTaken();
      const before = await findSettingById(trx.db, id);
      await recordChange(trx, actor, key, before?.value ?? null, stored);
      await updateSettingRow(trx.db, id, {
        key,
        value: stored,
        search_text: searchText(key, stored),
        updated_at: nowIso(),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw keyTaken();
    throw error;
  }
  return getSetting(ctx, id);
}

export async function deleteSetting(ctx: DbContext, id: number, actor?: SettingActor): Promise<Setting> {
  const setting = await getSetting(ctx, id);
  await inTransaction(ctx, async (trx) => {
    const before = await findSettingById(trx.db, id);
    await recordChange(trx, actor, setting.key, before?.value ?? null, null);
    await deleteSettingRow(trx.db, id);
  });
  return setting;
}

/** Seeds the defaults of spec §9 that are missing; existing values are left alone. */
export async function seedDefaultSettings(ctx: DbContext): Promise<void> {
  for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) {
    if (await findSettingByKey(ctx.db, key)) continue;
    await createSetting(ctx, { key, value });
  }
}
