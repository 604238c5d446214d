import { tooManyRequests } from '../../lib/errors.ts';
import type { DbContext } from '../../types.ts';
import {
  claimThrottleAttempt,
  deleteQuietThrottle,
  deleteThrottle,
  findNextAllowedAt,
  pruneThrottle,
  refundThrottleAttempt,
  rememberLoginAddress,
  throttleKeyWrittenSince,
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
 * database, so parallel requests and several instances share one count. Answers 0 when the attempt may go
 * ahead, else how many milliseconds the key must still wait (for `Retry-After`).
 */
export async function claimAttempt(
  ctx: DbContext,
  key: string,
  policy: ThrottlePolicy,
  now = Date.now(),
): Promise<number> {
  await deleteQuietThrottle(ctx.db, key, new Date(now - policy.forgetAfterMs).toISOString());
  const attempt = await claimThrottleAttempt(ctx, key, new Date(now).toISOString(), schedule(policy, now));
  if (attempt !== undefined) return 0;
  const nextAllowedAt = await findNextAllowedAt(ctx.db, key);
  return Math.max(1, (nextAllowedAt ? new Date(nextAllowedAt).getTime() : now + policy.firstDelayMs) - now);
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
    const waitMs = await claimAttempt(ctx, key, policy, now);
    if (waitMs > 0) throw tooManyRequests(waitMs);
  }
}

const KNOWN_PREFIX = 'known:';
const knownKey = (email: string, ip: string) => `${KNOWN_PREFIX}${email}:${ip}`;

const DAY = 24 * 60 * 60 * 1000;

/** An address counts as the owner's for 90 days after the last login from it. */
export const KNOWN_ADDRESS_TTL_MS = 90 * DAY;

/** Every policy forgets a quiet counter within hours; a day after its last allowed time it is surely stale. */
const STALE_COUNTER_MS = DAY;

/**
 * Marks an address as one the account's owner logged in from (after a successful login), and prunes known
 * addresses older than KNOWN_ADDRESS_TTL_MS and stale counters of every key, so the table does not grow.
 */
export async function rememberKnownAddress(ctx: DbContext, email: string, ip: string, now = Date.now()) {
  await rememberLoginAddress(ctx.db, knownKey(email, ip), new Date(now).toISOString());
  await pruneThrottle(ctx.db, {
    knownPrefix: KNOWN_PREFIX,
    knownBefore: new Date(now - KNOWN_ADDRESS_TTL_MS).toISOString(),
    countersBefore: new Date(now - STALE_COUNTER_MS).toISOString(),
  });
}

/** Whether the account's owner logged in from this address within the last KNOWN_ADDRESS_TTL_MS. */
export const isKnownAddress = (ctx: DbContext, email: string, ip: string, now = Date.now()) =>
  throttleKeyWrittenSince(ctx.db, knownKey(email, ip), new Date(now - KNOWN_ADDRESS_TTL_MS).toISOString());
