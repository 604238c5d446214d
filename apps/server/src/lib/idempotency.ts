import { createHash } from 'node:crypto';
import { inTransaction, isUniqueViolation } from '../db/transaction.ts';
import type { DbContext } from '../types.ts';
import { ApiError, invalidField } from './errors.ts';
import {
  deleteIdempotencyKeysBefore,
  findIdempotencyKey,
  insertIdempotencyKey,
  storeIdempotentAnswer,
} from './idempotency.repository.ts';

/**
 * `Idempotency-Key` for creating calls (docs/adr/0014): the first answer (status code and body) is stored with
 * the key in the same transaction as the change it answers, so a retry after a timeout gets that answer again
 * instead of a second booking. The same key with another body: 409 error.idempotencyKeyReused. A concurrent
 * duplicate waits on the key's row (PostgreSQL) or the write lock (SQLite) and then answers the stored answer.
 * Keys are kept IDEMPOTENCY_TTL_HOURS; older entries are ignored and removed.
 */

export const IDEMPOTENCY_TTL_HOURS = 24;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;

export type IdempotentAnswer<T> = { statusCode: number; body: T };

/** A stable hash of a request body (object keys sorted, so the order of fields does not matter). */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(stableJson(body)).digest('hex');
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const cutoff = (now: Date) => new Date(now.getTime() - IDEMPOTENCY_TTL_HOURS * 3_600_000).toISOString();

/**
 * Runs `work` in a transaction, once per key: `key` undefined runs it plainly. `scope` names who and what
 * (`${userId}:POST /ratio_vorgang`), so two users' keys never meet.
 */
export async function withIdempotency<T>(
  ctx: DbContext,
  input: { key: string | undefined; scope: string; body: unknown; now?: Date },
  work: (trx: DbContext) => Promise<IdempotentAnswer<T>>,
): Promise<IdempotentAnswer<T>> {
  if (input.key === undefined) return inTransaction(ctx, work);
  const key = input.key.trim();
  if (key === '' || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) throw invalidField('Idempotency-Key', 'error.invalid');
  const now = input.now ?? new Date();
  const scopeKey = `${input.scope}:${key}`;
  const hash = requestHash(input.body);

  const stored = async (db: DbContext): Promise<IdempotentAnswer<T> | null> => {
    const row = await findIdempotencyKey(db.db, scopeKey, cutoff(now));
    if (!row || row.status_code === 0) return null;
    if (row.request_hash !== hash) throw new ApiError(409, 'error.idempotencyKeyReused');
    return { statusCode: row.status_code, body: JSON.parse(row.response) as T };
  };

  try {
    return await inTransaction(ctx, async (trx) => {
      const earlier = await stored(trx);
      if (earlier) return earlier;
      await deleteIdempotencyKeysBefore(trx.db, cutoff(now), scopeKey);
      // Claim the key first: a concurrent duplicate blocks here until this transaction ends.
      await insertIdempotencyKey(trx.db, { scope_key: scopeKey, request_hash: hash, created_at: now.toISOString() });
      const answer = await work(trx);
      await storeIdempotentAnswer(trx.db, scopeKey, {
        status_code: answer.statusCode,
        response: JSON.stringify(answer.body),
      });
      return answer;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // A concurrent request with the same key committed first: answer what it stored.
    const earlier = await stored(ctx);
    if (earlier) return earlier;
    throw new ApiError(409, 'error.conflict');
  }
}

/** Removes keys older than the TTL (called by the booking job). */
export const purgeIdempotencyKeys = (ctx: DbContext, now = new Date()) =>
  deleteIdempotencyKeysBefore(ctx.db, cutoff(now));
