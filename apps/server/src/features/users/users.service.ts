import {
  buildSearchText,
  dinSortKey,
  phoneSearchKey,
  hasPermission,
  parseAccessText,
  permissionsFromAccess,
  type CreateUserBody,
  type ListQuery,
  type UpdateUserBody,
  type User,
  type UserData,
} from '@tourdesk/contracts';
import { nowIso, toBool, toIso } from '../../db/dialect.ts';
import { inTransaction, isUniqueViolation } from '../../db/transaction.ts';
import { ApiError, forbidden, invalidField, notFound, tooManyRequests } from '../../lib/errors.ts';
import { runList } from '../../lib/list-query.ts';
import { assertStrongPassword, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { AuthUser, DbContext } from '../../types.ts';
import {
  cardKindOf,
  contactsOfCards,
  createCard,
  personIdOfCard,
  removeCard,
  saveContactRows,
  updateCardData,
} from '../cards/cards.service.ts';
import { claimAttempt, forgetAttempts, type ThrottlePolicy } from '../auth/throttle.service.ts';
import { forgetAuditEmail } from '../auth/audit.service.ts';
import { updateCustomer } from '../customers/customers.service.ts';
import { agencyExists } from '../organizations/organizations.service.ts';
import {
  deleteUserRow,
  emailTaken,
  findAccountsByEmail,
  findAccountSummaryRow,
  findAccountSummaryRowsByEmail,
  findAuthUserRow,
  findPasswordHash,
  findRoleForAssignment,
  findUserById,
  insertUser,
  updateLoginTimes,
  updateUserRow,
  USER_LIST_SPEC,
  userListQueries,
  type UserRow,
} from './users.repository.ts';
import type { UserKind } from './users.table.ts';

const cardName = (firstname: string, lastname: string) => `${firstname} ${lastname}`.trim();

async function toUsers(ctx: DbContext, rows: UserRow[]): Promise<User[]> {
  const contacts = await contactsOfCards(
    ctx,
    rows.flatMap((row) => (row.id_vc_card ? [row.id_vc_card] : [])),
  );
  return rows.map((row) => {
    const own = (row.id_vc_card && contacts.get(row.id_vc_card)) || { phones: [], emails: [] };
    return {
      id: row.id,
      email: row.email,
      firstname: row.firstname,
      lastname: row.lastname,
      street: row.street,
      number: row.number,
      zip: row.zip,
      city: row.city,
      country: row.country,
      nationality: row.nationality,
      state: row.state,
      sex: row.sex,
      birthday: row.birthday,
      placeofbirth: row.placeofbirth,
      maritalstatus: row.maritalstatus,
      role: row.id_roles,
      roleName: row.role_name ?? null,
      status: row.status,
      username: row.username,
      isDriver: toBool(row.is_driver),
      ratio_id: row.ratio_id,
      kuschick_id: row.kuschick_id,
      isActive: toBool(row.is_active),
      phones: own.phones,
      emails: own.emails,
      avatar: row.avatar,
      agencyId: row.card_agency_id ?? null,
      vc_card: {
        id_vc_card: row.id_vc_card,
        name: row.card_name ?? cardName(row.firstname, row.lastname),
        agencyId: row.card_agency_id ?? null,
      },
      lastLogin: toIso(row.previous_login_at),
      createdAt: toIso(row.created_at)!,
      updatedAt: toIso(row.updated_at)!,
    };
  });
}

export async function listUsers(ctx: DbContext, kind: UserKind, query: ListQuery) {
  const { base, countBase } = userListQueries(ctx.db, kind);
  return runList(ctx, USER_LIST_SPEC, query, base, (rows) => toUsers(ctx, rows), countBase);
}

export async function getUser(ctx: DbContext, id: number, kind?: UserKind): Promise<User> {
  const row = await findUserById(ctx.db, id, kind);
  if (!row) throw notFound();
  const [user] = await toUsers(ctx, [row]);
  return user!;
}

type SearchSource = Pick<
  User,
  'firstname' | 'lastname' | 'email' | 'username' | 'city' | 'zip' | 'ratio_id' | 'kuschick_id' | 'phones' | 'emails'
>;

/** What the user list searches and sorts by, written with every change of the user. */
const userListKeys = (user: SearchSource) => ({
  search_text: buildSearchText([
    user.firstname,
    user.lastname,
    user.email,
    user.username,
    user.city,
    user.zip,
    user.ratio_id,
    user.kuschick_id,
    ...user.phones.map((phone) => phone.value),
    ...user.phones.map((phone) => phoneSearchKey(phone.value)),
    ...user.emails.map((email) => email.value),
  ]),
  sort_lastname: dinSortKey(user.lastname),
  sort_firstname: dinSortKey(user.firstname),
  sort_phone: user.phones[0]?.value ? phoneSearchKey(user.phones[0].value) : null,
});

/** Role rules: the role must exist, and only a superadmin may hand out the superadmin role. */
async function checkRole(ctx: DbContext, roleId: number, actor: AuthUser | null): Promise<void> {
  const role = await findRoleForAssignment(ctx.db, roleId);
  if (!role) throw invalidField('role', 'error.invalid');
  if (role.role === 'superadmin' && actor && !hasPermission(actor, 'superadmin')) throw forbidden();
}

async function checkAgency(ctx: DbContext, agencyId: number | null | undefined): Promise<void> {
  if (agencyId && !(await agencyExists(ctx, agencyId))) throw invalidField('agencyId', 'error.invalid');
}

/** Traveller accounts carry the customer number of the booking system (spec §5). */
function checkRatioId(kind: UserKind, ratioId: string | null | undefined): void {
  if (kind === 'app' && !ratioId) throw invalidField('ratio_id', 'error.ratioIdRequired');
}

const emailExists = () => invalidField('email', 'error.emailExists');

export type CreateUserOptions = {
  actor: AuthUser | null;
  /** Created without access until activated (the blocked-user flow). */
  blocked?: boolean;
  /** Skip the ratio-id rule (self-registration and drivers have none yet). */
  skipRatioRule?: boolean;
};

export async function createUser(
  ctx: DbContext,
  kind: UserKind,
  body: CreateUserBody,
  options: CreateUserOptions,
): Promise<User> {
  if (!options.skipRatioRule) checkRatioId(kind, body.ratio_id);
  assertStrongPassword(body.password, [body.email, body.firstname, body.lastname]);
  const passwordHash = await hashPassword(body.password);
  try {
    const id = await inTransaction(ctx, async (trx) => {
      if (await emailTaken(trx.db, body.email, kind)) throw emailExists();
      await checkRole(trx, body.role, options.actor);
      await checkAgency(trx, body.agencyId);
      const phones = body.phones ?? [];
      const emails = body.emails ?? [];
      const cardId = await createCard(trx, {
        kind: 'user',
        name: cardName(body.firstname, body.lastname),
        agencyId: body.agencyId ?? null,
        ratioId: body.ratio_id ?? null,
        kuschickId: body.kuschick_id ?? null,
        person: { firstName: body.firstname, surname: body.lastname },
        contacts: { phones, emails },
      });
      const now = nowIso();
      return insertUser(trx.db, {
        kind,
        email: body.email,
        password_hash: passwordHash,
        firstname: body.firstname,
        lastname: body.lastname,
        street: body.street ?? null,
        number: body.number ?? null,
        zip: body.zip ?? null,
        city: body.city ?? null,
        country: body.country ?? null,
        nationality: body.nationality ?? null,
        state: body.state ?? null,
        sex: body.sex ?? null,
        birthday: body.birthday ?? null,
        placeofbirth: body.placeofbirth ?? null,
        maritalstatus: body.maritalstatus ?? null,
        id_roles: body.role,
        status: body.status ?? null,
        username: body.username ?? null,
        is_driver: body.isDriver ?? false,
        ratio_id: body.ratio_id ?? null,
        kuschick_id: body.kuschick_id ?? null,
        is_active: options.blocked ? false : (body.isActive ?? true),
        id_vc_card: cardId,
        ...userListKeys({
          ...body,
          username: body.username ?? null,
          city: body.city ?? null,
          zip: body.zip ?? null,
          ratio_id: body.ratio_id ?? null,
          kuschick_id: body.kuschick_id ?? null,
          phones,
          emails,
        }),
        created_at: now,
        updated_at: now,
      });
    });
    return getUser(ctx, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw emailExists();
    throw error;
  }
}

/** Fields a user may not change on their own account without the right to edit users. */
const PRIVILEGED_FIELDS = ['role', 'isActive', 'isDriver', 'agencyId', 'ratio_id', 'kuschick_id', 'status'] as const;

export async function updateUser(
  ctx: DbContext,
  id: number,
  body: UpdateUserBody,
  options: { actor: AuthUser; kind?: UserKind },
): Promise<User> {
  const { actor } = options;
  const self = actor.id === id;
  const mayEditUsers = hasPermission(actor, 'user-update');
  if (!self && !mayEditUsers) throw forbidden();
  const current = await getUser(ctx, id, options.kind);
  // Only a superadmin may change a superadmin, in any field (as for deleting and role changes).
  if (current.roleName === 'superadmin' && !hasPermission(actor, 'superadmin')) throw forbidden();
  if (!mayEditUsers) {
    const changed = PRIVILEGED_FIELDS.filter((field) => body[field] !== undefined && body[field] !== current[field]);
    if (changed.length > 0) throw forbidden();
  }
  if (self && body.isActive === false) throw invalidField('isActive', 'error.actionFailed');
  const kind: UserKind = (await findUserById(ctx.db, id))!.kind;
  if (body.ratio_id !== undefined) checkRatioId(kind, body.ratio_id);
  if (body.password) {
    if (self) await checkCurrentPassword(ctx, id, body.currentPassword);
    assertStrongPassword(body.password, [body.email ?? current.email, current.firstname, current.lastname]);
  }
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;

  try {
    await inTransaction(ctx, async (trx) => {
      const email = body.email ?? current.email;
      if (body.email && (await emailTaken(trx.db, body.email, kind, id))) throw emailExists();
      if (body.role !== undefined && body.role !== current.role) await checkRole(trx, body.role, actor);
      if (body.agencyId !== undefined) await checkAgency(trx, body.agencyId);
      const next = { ...current, ...definedOnly(body), email };
      const now = nowIso();
      await updateUserRow(trx.db, id, {
        email,
        firstname: next.firstname,
        lastname: next.lastname,
        street: next.street,
        number: next.number,
        zip: next.zip,
        city: next.city,
        country: next.country,
        nationality: next.nationality,
        state: next.state,
        sex: next.sex,
        birthday: next.birthday,
        placeofbirth: next.placeofbirth,
        maritalstatus: next.maritalstatus,
        id_roles: next.role,
        status: next.status,
        username: next.username,
        is_driver: next.isDriver,
        ratio_id: next.ratio_id,
        kuschick_id: next.kuschick_id,
        is_active: next.isActive,
        avatar: next.avatar,
        ...userListKeys(next),
        updated_at: now,
        // A new password ends every session of the account; after one's own change, the route issues a fresh token.
        ...(passwordHash ? { password_hash: passwordHash, tokens_valid_after: now } : {}),
      });
      if (current.vc_card.id_vc_card) await updateUserCard(trx, current.vc_card.id_vc_card, body, next);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailExists();
    throw error;
  }
  return getUser(ctx, id);
}

/**
 * Carries what a login edit sent over to the login's card, and nothing it did not send: a driver's or
 * traveller's customer card keeps its surname-first name, agency, numbers and the contact lists the edit left
 * out, and changes through the customers service (which keeps its search text). A login's own card is named
 * "First Last".
 */
async function updateUserCard(
  ctx: DbContext,
  cardId: number,
  body: UpdateUserBody,
  name: { firstname: string; lastname: string },
): Promise<void> {
  const sent = definedOnly({
    agencyId: body.agencyId,
    ratio_id: body.ratio_id,
    kuschick_id: body.kuschick_id,
    phones: body.phones,
    emails: body.emails,
  });
  if ((await cardKindOf(ctx, cardId)) === 'customer') {
    await updateCustomer(
      ctx,
      cardId,
      { ...sent, ...definedOnly({ firstName: body.firstname, surname: body.lastname }) },
      { kind: 'all' },
    );
    return;
  }
  const renamed = body.firstname !== undefined || body.lastname !== undefined;
  const { firstname: firstName, lastname: surname } = name;
  await updateCardData(ctx, cardId, {
    ...(renamed ? { name: cardName(firstName, surname), person: { firstName, surname } } : {}),
    ...(sent.agencyId !== undefined ? { agencyId: sent.agencyId } : {}),
    ...(sent.ratio_id !== undefined ? { ratioId: sent.ratio_id } : {}),
    ...(sent.kuschick_id !== undefined ? { kuschickId: sent.kuschick_id } : {}),
  });
  if (sent.phones || sent.emails) {
    await saveContactRows(ctx, await personIdOfCard(ctx, cardId), { phones: sent.phones, emails: sent.emails });
  }
}

/** Wrong current passwords count like failed logins (one account, growing delays), so a stolen session cannot guess it. */
const CURRENT_PASSWORD_POLICY: ThrottlePolicy = {
  free: 5,
  firstDelayMs: 30 * 1000,
  maxDelayMs: 15 * 60 * 1000,
  forgetAfterMs: 15 * 60 * 1000,
};

/** Changing one's own password needs the current one (error.empty / error.currentPasswordWrong on currentPassword). */
async function checkCurrentPassword(ctx: DbContext, id: number, currentPassword: string | undefined): Promise<void> {
  if (!currentPassword) throw invalidField('currentPassword', 'error.empty');
  const key = `current-password:${id}`;
  const waitMs = await claimAttempt(ctx, key, CURRENT_PASSWORD_POLICY);
  if (waitMs > 0) throw tooManyRequests(waitMs);
  if (!(await verifyPassword(await findPasswordHash(ctx.db, id), currentPassword))) {
    throw invalidField('currentPassword', 'error.currentPasswordWrong');
  }
  await forgetAttempts(ctx, key);
}

/** Drops undefined values so a partial body can be spread over the current record. */
function definedOnly<T extends Record<string, unknown>>(body: T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export async function deleteUser(ctx: DbContext, id: number, kind: UserKind, actor: AuthUser): Promise<User> {
  if (actor.id === id) throw new ApiError(400, 'error.actionFailed');
  const user = await getUser(ctx, id, kind);
  if (user.roleName === 'superadmin' && !hasPermission(actor, 'superadmin')) throw forbidden();
  await inTransaction(ctx, async (trx) => {
    await deleteUserRow(trx.db, id);
    if (user.vc_card.id_vc_card) await removeCard(trx, user.vc_card.id_vc_card);
  });
  return user;
}

/** The accounts an e-mail can log in to, with what the login check needs. */
export async function findLoginCandidates(ctx: DbContext, email: string) {
  const rows = await findAccountsByEmail(ctx.db, email);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    passwordHash: row.password_hash,
    isActive: toBool(row.is_active),
  }));
}

/** What the permission check needs of a user, read on every authenticated request. */
export async function findAuthUser(ctx: DbContext, id: number) {
  const row = await findAuthUserRow(ctx.db, id);
  if (!row) return undefined;
  const auth: AuthUser = {
    id: row.id,
    kind: row.kind,
    email: row.email,
    admin: toBool(row.role_admin),
    role: row.role_name ?? '',
    access: parseAccessText(row.role_access),
    agencyId: row.agency_id ?? null,
  };
  return { auth, isActive: toBool(row.is_active), tokensValidAfter: toIso(row.tokens_valid_after) };
}

/** Remembers this login; `lastLogin` shows the one before. */
export async function recordLogin(ctx: DbContext, id: number): Promise<void> {
  await updateLoginTimes(ctx.db, id, nowIso());
}

/** GET /userdata: the user with permissions, card and last login. */
export async function getUserData(ctx: DbContext, id: number): Promise<UserData> {
  const row = await findUserById(ctx.db, id);
  if (!row) throw notFound();
  const [user] = await toUsers(ctx, [row]);
  const access = parseAccessText(row.role_access);
  return {
    ...user!,
    kind: row.kind,
    permissions: { admin: toBool(row.role_admin), role: row.role_name ?? '', access },
    permissionNames: permissionsFromAccess(access),
  };
}

/**
 * Creates a login for an existing card (drivers, registrations): no password yet when `passwordHash` is
 * null, so it cannot be used until one is set. Call inside a transaction.
 */
export async function createAccountForCard(
  ctx: DbContext,
  input: {
    kind: UserKind;
    email: string;
    firstname: string;
    lastname: string;
    roleId: number;
    cardId: number;
    isDriver?: boolean;
    passwordHash?: string | null;
    isActive?: boolean;
    language?: string;
    address?: { street: string | null; zip: string | null; city: string | null };
  },
): Promise<number> {
  if (await emailTaken(ctx.db, input.email, input.kind)) throw invalidField('loginEmail', 'error.emailExists');
  const now = nowIso();
  return insertUser(ctx.db, {
    kind: input.kind,
    email: input.email,
    password_hash: input.passwordHash ?? null,
    firstname: input.firstname,
    lastname: input.lastname,
    id_roles: input.roleId,
    is_driver: input.isDriver ?? false,
    is_active: input.isActive ?? true,
    language: input.language ?? 'en',
    street: input.address?.street ?? null,
    zip: input.address?.zip ?? null,
    city: input.address?.city ?? null,
    id_vc_card: input.cardId,
    ...userListKeys({
      firstname: input.firstname,
      lastname: input.lastname,
      email: input.email,
      username: null,
      city: input.address?.city ?? null,
      zip: input.address?.zip ?? null,
      ratio_id: null,
      kuschick_id: null,
      phones: [],
      emails: [],
    }),
    created_at: now,
    updated_at: now,
  });
}

/** What the account flows need to know of a login. */
export async function findAccountSummary(ctx: DbContext, id: number) {
  const row = await findAccountSummaryRow(ctx.db, id);
  return row && { ...row, isActive: toBool(row.is_active) };
}

export async function findAccountsByEmailAddress(ctx: DbContext, email: string) {
  const rows = await findAccountSummaryRowsByEmail(ctx.db, email);
  return rows.map((row) => ({ ...row, isActive: toBool(row.is_active) }));
}

/**
 * Changes what decides whether an account can be used: its password, its active flag, and whether its
 * existing tokens still work (`revokeTokens` ends every session at once).
 */
export async function updateAccountAccess(
  ctx: DbContext,
  id: number,
  change: { passwordHash?: string; isActive?: boolean; revokeTokens?: boolean },
): Promise<void> {
  const now = nowIso();
  await updateUserRow(ctx.db, id, {
    updated_at: now,
    ...(change.passwordHash ? { password_hash: change.passwordHash } : {}),
    ...(change.isActive !== undefined ? { is_active: change.isActive } : {}),
    ...(change.revokeTokens ? { tokens_valid_after: now } : {}),
  });
}

/**
 * Deletes a login for good: the row goes (its tokens are refused at once), the audit log forgets its address,
 * and a card of its own goes too (a customer card the operator keeps for bookings stays).
 */
export async function eraseAccount(ctx: DbContext, id: number): Promise<void> {
  const account = await findAccountSummary(ctx, id);
  if (!account) return;
  await forgetAuditEmail(ctx, id);
  await deleteUserRow(ctx.db, id);
  if (account.id_vc_card && (await cardKindOf(ctx, account.id_vc_card)) === 'user')
    await removeCard(ctx, account.id_vc_card);
}
