import { tooManyRequests } from '../../lib/errors.ts';
import type { DbContext } from '../../types.ts';
import {
  claimThrottleAttempt,
  deleteQuietThrottle,
  deleteThrottle,
  refundThrottleAttempt,
  rememberLoginAddress,
  throttleKeyExists,
} from './auth.repository.ts';

/**
 * How attempts for one key (an account, an address, both) are slowed down: `free` attempts at once, then each
 * further one only after a delay that doubles from `firstDelayMs` up to `maxDelayMs`. A key quiet for
 * `forgetAfterMs` after its last allowed time starts afresh.
 */
export type ThrottlePolicy = { free: number; firstDelayMs: number; maxDelayMs: number; forgetAfterMs: number };

/**
 * A free attempt leaves the next one allowed since a minute ago, so a parallel request whose clock reading is
 * a little older (or another instance's clock) is not refused by mistake.
 */
const CLOCK_TOLERANCE_MS = 60 * 1000;

/** The time the next attempt is allowed after the 1st, 2nd, … attempt (the last entry holds for all later ones). */
function schedule(policy: ThrottlePolicy, now: number): string[] {
  const times = Array.from({ length: policy.free - 1 }, () => new Date(now - CLOCK_TOLERANCE_MS).toISOString());
  for (let delay = policy.firstDelayMs; ; delay *= 2) {
    times.push(new Date(now + Math.min(delay, policy.maxDelayMs)).toISOString());
    if (delay >= policy.maxDelayMs) return times;
  }
}

/**
 * Counts an attempt for `key` before the work it guards (a password check, a mail), atomically in the
 * database, so parallel requests and several instances share one count. False when the key must wait.
 */
export async function claimAttempt(
  ctx: DbContext,
  key: string,
  policy: ThrottlePolicy,
  now = Date.now(),
): Promise<boolean> {
  await deleteQuietThrottle(ctx.db, key, new Date(now - policy.forgetAfterMs).toISOString());
  const attempt = await claimThrottleAttempt(ctx, key, new Date(now).toISOString(), schedule(policy, now));
  return attempt !== undefined;
}

export const forgetAttempts = (ctx: DbContext, key: string) => deleteThrottle(ctx.db, key);

/**
 * Takes back the attempt counted for `key` when the work it guarded succeeded (a right password), so only
 * failures use up the key's free attempts; unlike forgetAttempts, earlier failures still count.
 */
export const refundAttempt = (ctx: DbContext, key: string) => refundThrottleAttempt(ctx.db, key);

/** Counts a request against each key's policy and answers 429 (error.tooManyRequests) once one must wait. */
export async function limitRequests(
  ctx: DbContext,
  limits: ReadonlyArray<{ key: string; policy: ThrottlePolicy }>,
): Promise<void> {
  const now = Date.now();
  for (const { key, policy } of limits) {
    if (!(await claimAttempt(ctx, key, policy, now))) throw tooManyRequests();
  }
}

const knownKey = (email: string, ip: string) => `known:${email}:${ip}`;

/** Marks an address as one the account's owner logged in from (after a successful login). */
export const rememberKnownAddress = (ctx: DbContext, email: string, ip: string) =>
  rememberLoginAddress(ctx.db, knownKey(email, ip), new Date().toISOString());

/** Whether the account's owner logged in from this address before. */
export const isKnownAddress = (ctx: DbContext, email: string, ip: string) =>
  throttleKeyExists(ctx.db, knownKey(email, ip));
