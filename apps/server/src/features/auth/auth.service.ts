import { createHash, randomBytes } from 'node:crypto';
import { hasPermission, type LoginBody } from '@tourdesk/contracts';
import { type ApiError, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { countHit, isOverLimit, resetHits } from '../../lib/throttle.ts';
import type { AuthUser, DbContext } from '../../types.ts';
import { findAuthUser, findLoginCandidates, recordLogin } from '../users/users.service.ts';
import type { UserKind } from '../users/users.table.ts';
import { recordAudit } from './audit.service.ts';
import { findSecret, insertSecretIfMissing } from './auth.repository.ts';

/** Failed logins allowed per window, per account and per client address. */
export const LOGIN_LIMITS = { windowMs: 15 * 60 * 1000, perAccount: 10, perIp: 50 } as const;

type Meta = { ip: string; method: string; url: string };

const throttleKeys = (email: string, ip: string) => [`account:${email}`, `ip:${ip}`] as const;

/**
 * Checks e-mail and password and records the login. Wrong credentials answer 401 with the catalogue
 * message; too many failures for the account or the address answer 429 before any password is checked.
 */
export type LoginResult =
  { id: number; kind: UserKind } | { selection: Array<{ kind: UserKind; area: 'backoffice' | 'agency' | 'app' }> };

export async function login(ctx: DbContext, body: LoginBody, meta: Meta): Promise<LoginResult> {
  const now = Date.now();
  const [accountKey, ipKey] = throttleKeys(body.email, meta.ip);
  if (
    (await isOverLimit(ctx, accountKey, LOGIN_LIMITS.perAccount, LOGIN_LIMITS.windowMs, now)) ||
    (await isOverLimit(ctx, ipKey, LOGIN_LIMITS.perIp, LOGIN_LIMITS.windowMs, now))
  ) {
    await recordAudit(ctx, { action: 'login_throttled', email: body.email, ...meta });
    throw tooManyRequests();
  }

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
    await countHit(ctx, accountKey, LOGIN_LIMITS.windowMs, now);
    await countHit(ctx, ipKey, LOGIN_LIMITS.windowMs, now);
    await recordAudit(ctx, {
      action: 'login_failed',
      userId: matched?.id ?? null,
      email: body.email,
      detail: matched ? 'account disabled' : 'invalid credentials',
      ...meta,
    });
    throw unauthorized(matched ? 'error.accountDisabled' : 'error.invalidCredentials');
  }

  await resetHits(ctx, accountKey);
  await recordLogin(ctx, matched.id);
  await recordAudit(ctx, { action: 'login', userId: matched.id, email: body.email, ...meta });
  return { id: matched.id, kind: matched.kind };
}

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

/** The token signing key: JWT_SECRET when set, else one generated on first start and kept in the database. */
export async function resolveJwtSecret(
  ctx: DbContext,
  configured: string | null,
): Promise<{ secret: string; keyId: string }> {
  let secret = configured;
  if (!secret) {
    await insertSecretIfMissing(ctx.db, 'jwt', randomBytes(48).toString('base64url'));
    secret = (await findSecret(ctx.db, 'jwt'))!.value;
  }
  const keyId = createHash('sha256').update(secret).digest('base64url').slice(0, 8);
  return { secret, keyId };
}
