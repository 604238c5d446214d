import { createHash, randomBytes } from 'node:crypto';
import type { CreateUserBody, EmailOnlyBody, ErrorKey, RegistrationBody, SetPasswordBody } from '@tourdesk/contracts';
import { nowIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { ApiError, invalidField } from '../../lib/errors.ts';
import type { AccountTtl, RequestOrigin } from '../../lib/origin.ts';
import { assertStrongPassword, hashPassword } from '../../lib/passwords.ts';
import type { AuthUser, DbContext } from '../../types.ts';
import type { UserKind } from '../users/users.table.ts';
import { createCard, personIdOfCard, saveAddress, saveContactRows } from '../cards/cards.service.ts';
import { limitRequests, type ThrottlePolicy } from '../auth/throttle.service.ts';
import { enqueueMail, type MailTemplate } from '../mail/mail.service.ts';
import { roleIdByName } from '../roles/roles.service.ts';
import {
  createAccountForCard,
  createUser,
  eraseAccount,
  findAccountSummary,
  findAccountsByEmailAddress,
  updateAccountAccess,
} from '../users/users.service.ts';
import type { ActionPurpose } from './account.table.ts';
import { findActionCode, insertActionCode, retireCodes, useActionCode } from './account.repository.ts';

const HOUR = 60 * 60 * 1000;
const hourly = (free: number): ThrottlePolicy => ({ free, firstDelayMs: HOUR, maxDelayMs: HOUR, forgetAfterMs: HOUR });

/** Requests that mail a code: per address and per client, within an hour. */
export const MAIL_REQUEST_LIMITS = { perAddress: hourly(5), perIp: hourly(30) } as const;

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** The web page each code's link opens. */
const LINK_PATHS: Record<ActionPurpose, string> = {
  verify: '/auth/verify-email/',
  reset: '/auth/reset-page/',
  activate: '/auth/set-password/',
  invite: '/auth/set-password/',
  disable: '/auth/disable/',
  delete: '/auth/delete-account?code=',
};

const TEMPLATES: Record<ActionPurpose, MailTemplate> = {
  verify: 'verify',
  reset: 'reset',
  activate: 'activate',
  invite: 'invite',
  disable: 'passwordChanged',
  delete: 'deleteRequest',
};

/** The message a wrong, used or expired code gets. */
const INVALID_CODE: Record<ActionPurpose, ErrorKey> = {
  verify: 'error.verificationCodeIncorrect',
  reset: 'error.actionLinkInvalid',
  activate: 'error.actionLinkInvalid',
  invite: 'error.actionLinkInvalid',
  disable: 'error.actionLinkInvalid',
  delete: 'error.deletionCodeInvalid',
};

/**
 * Mails a single-use code to a user: 256 random bits, only its hash stored, earlier codes of the same purpose
 * retired. Writes the mail into the outbox in the caller's transaction.
 */
async function mailCode(
  ctx: DbContext,
  userId: number,
  purpose: ActionPurpose,
  from: RequestOrigin,
  ttlHours: number,
): Promise<void> {
  const account = await findAccountSummary(ctx, userId);
  if (!account) return;
  const code = randomBytes(32).toString('base64url');
  const now = nowIso();
  await retireCodes(ctx.db, userId, purpose, now);
  await insertActionCode(ctx.db, {
    code_hash: hashCode(code),
    purpose,
    user_id: userId,
    expires_at: new Date(Date.now() + ttlHours * 3600 * 1000).toISOString(),
    created_at: now,
  });
  await enqueueMail(ctx, {
    to: account.email,
    template: TEMPLATES[purpose],
    language: account.language,
    brand: from.brand,
    variables: {
      name: `${account.firstname} ${account.lastname}`.trim(),
      link: `${from.origin}${LINK_PATHS[purpose]}${code}`,
      hours: ttlHours,
    },
  });
}

/** Uses a code of one of `purposes` up and answers its user, or the purpose's message when it is wrong, used or expired. */
async function consumeCode(
  ctx: DbContext,
  code: string,
  purposes: readonly ActionPurpose[],
): Promise<{ userId: number; purpose: ActionPurpose }> {
  const found = await findActionCode(ctx.db, hashCode(code));
  const invalid = () => new ApiError(400, INVALID_CODE[purposes[0]!]);
  if (!found || !purposes.includes(found.purpose)) throw invalid();
  if (!(await useActionCode(ctx.db, found.id, nowIso()))) throw invalid();
  return { userId: found.user_id, purpose: found.purpose };
}

/**
 * Whether a code of one of `purposes` still works (unused, not expired), without using it up: the page a link
 * opens asks first, so a used or expired link says so before anyone types a new password.
 */
export async function checkCode(ctx: DbContext, code: string, purposes: readonly ActionPurpose[]) {
  const found = await findActionCode(ctx.db, hashCode(code));
  const live =
    found &&
    purposes.includes(found.purpose) &&
    found.used_at === null &&
    new Date(found.expires_at).getTime() > Date.now();
  if (!live) throw new ApiError(400, INVALID_CODE[purposes[0]!]);
  return { ok: true as const };
}

async function limitMailRequests(ctx: DbContext, kind: string, email: string, ip: string): Promise<void> {
  await limitRequests(ctx, [
    { key: `mail:${kind}:${email}`, policy: MAIL_REQUEST_LIMITS.perAddress },
    { key: `mail-ip:${ip}`, policy: MAIL_REQUEST_LIMITS.perIp },
  ]);
}

export const TRAVELLER_ROLE = 'traveller';

/**
 * POST /registration: a traveller account that can log in once its e-mail address is confirmed. The
 * verification mail goes into the outbox in the same transaction.
 */
export async function register(
  ctx: DbContext,
  body: RegistrationBody,
  from: RequestOrigin,
  ttl: AccountTtl,
): Promise<{ email: string }> {
  assertStrongPassword(body.password, [body.email, body.firstname, body.lastname]);
  await limitMailRequests(ctx, 'register', body.email, from.ip);
  const passwordHash = await hashPassword(body.password);
  await inTransaction(ctx, async (trx) => {
    if ((await findAccountsByEmailAddress(trx, body.email)).some((account) => account.kind === 'app')) {
      throw invalidField('email', 'error.userExists');
    }
    const roleId = await roleIdByName(trx, TRAVELLER_ROLE);
    const cardId = await createCard(trx, {
      kind: 'user',
      name: `${body.firstname} ${body.lastname}`,
      person: {
        firstName: body.firstname,
        surname: body.lastname,
        salutation: body.salutation ?? null,
        title: body.title ?? null,
      },
    });
    const personId = await personIdOfCard(trx, cardId);
    await saveAddress(trx, personId, { street: body.address ?? null, zip: body.zip ?? null, city: body.city ?? null });
    await saveContactRows(trx, personId, {
      phones: body.tel ? [{ key: 'phone-private', value: body.tel }] : [],
      emails: [{ key: 'email-private', value: body.email }],
    });
    const userId = await createAccountForCard(trx, {
      kind: 'app',
      email: body.email,
      firstname: body.firstname,
      lastname: body.lastname,
      roleId,
      cardId,
      passwordHash,
      isActive: false,
      language: body.language,
      address: { street: body.address ?? null, zip: body.zip ?? null, city: body.city ?? null },
    });
    await mailCode(trx, userId, 'verify', from, ttl.actionCodeTtlHours);
  });
  return { email: body.email };
}

/** PATCH /registration/{code}: confirms the address; the account can log in from now on. */
export async function verifyRegistration(ctx: DbContext, code: string) {
  return inTransaction(ctx, async (trx) => {
    const { userId } = await consumeCode(trx, code, ['verify']);
    await updateAccountAccess(trx, userId, { isActive: true });
    const account = (await findAccountSummary(trx, userId))!;
    return { email: account.email, kind: account.kind };
  });
}

/**
 * POST /password-reset: mails a reset link to every account of the address. The answer is the same whether
 * the address is known or not, so it tells nobody which addresses have accounts.
 */
export async function requestPasswordReset(
  ctx: DbContext,
  body: EmailOnlyBody,
  from: RequestOrigin,
  ttl: AccountTtl,
): Promise<void> {
  await limitMailRequests(ctx, 'reset', body.email, from.ip);
  await inTransaction(ctx, async (trx) => {
    for (const account of await findAccountsByEmailAddress(trx, body.email)) {
      await mailCode(trx, account.id, 'reset', from, ttl.actionCodeTtlHours);
    }
  });
}

/**
 * Sets the password from a mailed link: a reset, or the first password of an invited driver or a blocked user
 * (which activates the account). Every other session of the account ends; a reset also mails a notice with a
 * link to disable the account in case it was not the owner.
 */
export async function setPasswordWithCode(
  ctx: DbContext,
  code: string,
  body: SetPasswordBody,
  purposes: readonly ActionPurpose[],
  from: RequestOrigin,
  ttl: AccountTtl,
) {
  const passwordHash = await hashPassword(body.password);
  return inTransaction(ctx, async (trx) => {
    const { userId, purpose } = await consumeCode(trx, code, purposes);
    const account = (await findAccountSummary(trx, userId))!;
    // Checked once the code is known good, with the account's own words; a refusal keeps the code usable.
    assertStrongPassword(body.password, [account.email, account.firstname, account.lastname]);
    await updateAccountAccess(trx, userId, {
      passwordHash,
      revokeTokens: true,
      ...(purpose === 'activate' || purpose === 'invite' ? { isActive: true } : {}),
    });
    if (purpose === 'reset') await mailCode(trx, userId, 'disable', from, ttl.actionCodeTtlHours);
    return { email: account.email, kind: account.kind };
  });
}

/** PATCH /users-disable/{code}: the owner locks the account (isActive 0); its sessions end at once. */
export async function disableWithCode(ctx: DbContext, code: string) {
  return inTransaction(ctx, async (trx) => {
    const { userId } = await consumeCode(trx, code, ['disable']);
    await updateAccountAccess(trx, userId, { isActive: false, revokeTokens: true });
    const account = (await findAccountSummary(trx, userId))!;
    return { email: account.email, kind: account.kind };
  });
}

/** Mails a blocked (inactive) user the link to set a password and become active; for staff to send and resend. */
export async function sendActivation(
  ctx: DbContext,
  userId: number,
  from: RequestOrigin,
  ttl: AccountTtl,
): Promise<void> {
  await inTransaction(ctx, async (trx) => {
    const account = await findAccountSummary(trx, userId);
    if (!account) throw new ApiError(404, 'error.notFound');
    if (account.isActive) throw new ApiError(409, 'error.actionFailed');
    await mailCode(trx, userId, 'activate', from, ttl.inviteCodeTtlHours);
  });
}

/** Mails an invited driver the link to choose a password. */
export async function sendInvitation(
  ctx: DbContext,
  userId: number,
  from: RequestOrigin,
  ttl: AccountTtl,
): Promise<void> {
  await mailCode(ctx, userId, 'invite', from, ttl.inviteCodeTtlHours);
}

/** POST /users-app-delete: mails the owner of a traveller account the link that deletes it. Same answer for unknown addresses. */
export async function requestDeletion(
  ctx: DbContext,
  body: EmailOnlyBody,
  from: RequestOrigin,
  ttl: AccountTtl,
): Promise<void> {
  await limitMailRequests(ctx, 'delete', body.email, from.ip);
  await inTransaction(ctx, async (trx) => {
    for (const account of await findAccountsByEmailAddress(trx, body.email)) {
      if (account.kind === 'app') await mailCode(trx, account.id, 'delete', from, ttl.actionCodeTtlHours);
    }
  });
}

/**
 * PATCH /users-app-delete/{code}: deletes a traveller account for good. The login goes (so its tokens are
 * refused at once), its personal card goes, the audit log forgets the address, and a last mail confirms it.
 */
export async function deleteAccountWithCode(ctx: DbContext, code: string, from: RequestOrigin) {
  return inTransaction(ctx, async (trx) => {
    const { userId } = await consumeCode(trx, code, ['delete']);
    const account = (await findAccountSummary(trx, userId))!;
    await enqueueMail(trx, {
      to: account.email,
      template: 'deleted',
      language: account.language,
      brand: from.brand,
      variables: { name: `${account.firstname} ${account.lastname}`.trim() },
    });
    await eraseAccount(trx, userId);
    return { ok: true as const };
  });
}

/**
 * Staff create a user blocked: no access until the user sets a password from the activation mail (spec §4).
 * User and mail are written in one transaction.
 */
export async function createBlockedUser(
  ctx: DbContext,
  kind: UserKind,
  body: CreateUserBody,
  actor: AuthUser,
  from: RequestOrigin,
  ttl: AccountTtl,
) {
  return inTransaction(ctx, async (trx) => {
    const user = await createUser(trx, kind, body, { actor, blocked: true });
    await mailCode(trx, user.id, 'activate', from, ttl.inviteCodeTtlHours);
    return user;
  });
}
