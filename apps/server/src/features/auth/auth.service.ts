import { createHash, randomBytes } from 'node:crypto';
import { hasPermission, type LoginBody } from '@tourdesk/contracts';
import { type ApiError, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { AuthUser, DbContext } from '../../types.ts';
import { findAuthUser, findLoginCandidates, recordLogin } from '../users/users.service.ts';
import type { UserKind } from '../users/users.table.ts';
import { recordAudit } from './audit.service.ts';
import { findSecret, insertSecretIfMissing } from './auth.repository.ts';
import {
  claimAttempt,
  forgetAttempts,
  refundAttempt,
  isKnownAddress,
  rememberKnownAddress,
  type ThrottlePolicy,
} from './throttle.service.ts';

const MINUTE = 60 * 1000;

/**
 * Login attempts, counted before any password is checked. The attacker is slowed down, not the owner: one
 * address guessing one account waits after 5 tries, growing to 15 minutes; an address trying many accounts
 * after 50; and an account tried from addresses it never logged in from after 10 — while its owner, from an
 * address that logged in before, still gets in.
 */
export const LOGIN_POLICIES = {
  accountAndAddress: { free: 5, firstDelayMs: MINUTE / 2, maxDelayMs: 15 * MINUTE, forgetAfterMs: 15 * MINUTE },
  address: { free: 50, firstDelayMs: MINUTE / 2, maxDelayMs: 15 * MINUTE, forgetAfterMs: 15 * MINUTE },
  accountFromNewAddresses: { free: 10, firstDelayMs: MINUTE / 2, maxDelayMs: 15 * MINUTE, forgetAfterMs: 15 * MINUTE },
} as const satisfies Record<string, ThrottlePolicy>;

type Meta = { ip: string; method: string; url: string };

/**
 * Checks e-mail and password and records the login. Wrong credentials answer 401 with the catalogue
 * message; an attempt that must wait (LOGIN_POLICIES) answers 429 before any password is checked.
 */
export type LoginResult =
  { id: number; kind: UserKind } | { selection: Array<{ kind: UserKind; area: 'backoffice' | 'agency' | 'app' }> };

const loginKeys = (email: string, ip: string) => ({ pair: `login:${email}:${ip}`, address: `ip:${ip}` });

async function claimLoginAttempt(ctx: DbContext, email: string, meta: Meta, now: number): Promise<void> {
  const keys = loginKeys(email, meta.ip);
  const claims: Array<[string, ThrottlePolicy]> = [
    [keys.pair, LOGIN_POLICIES.accountAndAddress],
    [keys.address, LOGIN_POLICIES.address],
  ];
  if (!(await isKnownAddress(ctx, email, meta.ip))) {
    claims.push([`account:${email}`, LOGIN_POLICIES.accountFromNewAddresses]);
  }
  for (const [key, policy] of claims) {
    const waitMs = await claimAttempt(ctx, key, policy, now);
    if (waitMs > 0) {
      await recordAudit(ctx, { action: 'login_throttled', email, detail: key.split(':')[0]!, ...meta });
      throw tooManyRequests(waitMs);
    }
  }
}

export async function login(ctx: DbContext, body: LoginBody, meta: Meta): Promise<LoginResult> {
  await claimLoginAttempt(ctx, body.email, meta, Date.now());

  const candidates = (await findLoginCandidates(ctx, body.email)).filter(
    (candidate) => !body.kind || candidate.kind === body.kind,
  );
  if (candidates.length === 0) await verifyPassword(null, body.password);
  const matches: typeof candidates = [];
  for (const candidate of candidates) {
    if (await verifyPassword(candidate.passwordHash, body.password)) matches.push(candidate);
  }
  const usable = matches.filter((candidate) => candidate.isActive);
  if (usable.length > 1) {
    const selection = await Promise.all(
      usable.map(async (candidate) => {
        const auth = await findAuthUser(ctx, candidate.id);
        const area = candidate.kind === 'app' ? 'app' : auth?.auth.agencyId ? 'agency' : 'backoffice';
        return { kind: candidate.kind, area } as const;
      }),
    );
    return { selection };
  }
  const matched = usable[0] ?? matches[0];

  if (!matched || !matched.isActive) {
    await recordAudit(ctx, {
      action: 'login_failed',
      userId: matched?.id ?? null,
      email: body.email,
      detail: matched ? 'account disabled' : 'invalid credentials',
      ...meta,
    });
    throw unauthorized(matched ? 'error.accountDisabled' : 'error.invalidCredentials');
  }

  // The owner got in: this pair starts afresh, and the address keeps its free attempts for failures only, so
  // an office whose staff log in from one address is never held back by its own logins.
  const keys = loginKeys(body.email, meta.ip);
  await forgetAttempts(ctx, keys.pair);
  await refundAttempt(ctx, keys.address);
  await rememberKnownAddress(ctx, body.email, meta.ip);
  await recordLogin(ctx, matched.id);
  await recordAudit(ctx, { action: 'login', userId: matched.id, email: body.email, ...meta });
  return { id: matched.id, kind: matched.kind };
}

type AuthRecord = Awaited<ReturnType<typeof findAuthUser>>;

/**
 * The user behind a token, checked on every request: a deleted or disabled account, or a token issued
 * before the account's tokens were revoked, is refused at once.
 */
export async function resolveAuthUser(ctx: DbContext, id: number, issuedAtMs: number): Promise<AuthUser | ApiError> {
  if (!Number.isInteger(id)) return unauthorized('error.tokenInvalid');
  // Reused for a moment between requests; any write (disabling the account, changing its role) ends that.
  const user = ctx.cache
    ? await ctx.cache.get('auth', String(id), () => findAuthUser(ctx, id))
    : await findAuthUser(ctx, id);
  return checkedAuthUser(user, issuedAtMs);
}

/**
 * `resolveAuthUser` without waiting, when the account was read a moment ago and is still in the read cache (most
 * requests of a session); `undefined` when it has to be read.
 */
export function knownAuthUser(ctx: DbContext, id: number, issuedAtMs: number): AuthUser | ApiError | undefined {
  if (!Number.isInteger(id)) return unauthorized('error.tokenInvalid');
  const user = ctx.cache?.peek<AuthRecord>('auth', String(id));
  return user === undefined ? undefined : checkedAuthUser(user, issuedAtMs);
}

function checkedAuthUser(user: AuthRecord, issuedAtMs: number): AuthUser | ApiError {
  if (!user) return unauthorized('error.tokenInvalid');
  if (!user.isActive) return unauthorized('error.accountDisabled');
  if (user.tokensValidAfter && (!issuedAtMs || issuedAtMs < new Date(user.tokensValidAfter).getTime())) {
    return unauthorized('error.tokenInvalid');
  }
  return user.auth;
}

/** Agency features need the user's card to carry an agencyId (spec §6). */
export const agencyOf = (auth: AuthUser): number | null =>
  hasPermission(auth, 'agencydata-read') ? auth.agencyId : null;

/**
 * A secret of this installation, made once by `make` and kept in the database (every instance reads the same).
 * Of several instances starting at once, the first insert wins and all use its value.
 */
export async function installationSecret(ctx: DbContext, name: string, make: () => string): Promise<string> {
  const existing = await findSecret(ctx.db, name);
  if (existing) return existing.value;
  await insertSecretIfMissing(ctx.db, name, make());
  return (await findSecret(ctx.db, name))!.value;
}

/** The token signing key: JWT_SECRET when set, else one generated on first start and kept in the database. */
export async function resolveJwtSecret(
  ctx: DbContext,
  configured: string | null,
): Promise<{ secret: string; keyId: string }> {
  const secret = configured ?? (await installationSecret(ctx, 'jwt', () => randomBytes(48).toString('base64url')));
  const keyId = createHash('sha256').update(secret).digest('base64url').slice(0, 8);
  return { secret, keyId };
}
