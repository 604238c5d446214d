import { tooManyRequests } from './errors.ts';
import { deleteThrottle, findThrottle, upsertThrottle } from '../features/auth/auth.repository.ts';
import type { DbContext } from '../types.ts';

/**
 * Counters in the database (so several instances share them): how often something happened for a key
 * (an account, an address, a client IP) within a window.
 */
export async function isOverLimit(
  ctx: DbContext,
  key: string,
  limit: number,
  windowMs: number,
  now = Date.now(),
): Promise<boolean> {
  const entry = await findThrottle(ctx.db, key);
  if (!entry) return false;
  return now - new Date(entry.window_start).getTime() < windowMs && entry.failures >= limit;
}

export async function countHit(ctx: DbContext, key: string, windowMs: number, now = Date.now()): Promise<void> {
  const entry = await findThrottle(ctx.db, key);
  const started = entry ? new Date(entry.window_start).getTime() : 0;
  if (entry && now - started < windowMs)
    await upsertThrottle(ctx.db, key, entry.failures + 1, new Date(started).toISOString());
  else await upsertThrottle(ctx.db, key, 1, new Date(now).toISOString());
}

export const resetHits = (ctx: DbContext, key: string) => deleteThrottle(ctx.db, key);

/** Counts a request against each key's limit and answers 429 (error.tooManyRequests) once one is used up. */
export async function limitRequests(
  ctx: DbContext,
  limits: ReadonlyArray<{ key: string; limit: number }>,
  windowMs: number,
): Promise<void> {
  const now = Date.now();
  for (const { key, limit } of limits) {
    if (await isOverLimit(ctx, key, limit, windowMs, now)) throw tooManyRequests();
  }
  for (const { key } of limits) await countHit(ctx, key, windowMs, now);
}
