import type { DriverInvitationState, DriverLogin, RegisterDriverBody } from '@tourdesk/contracts';
import { toBool, toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import type { AccountTtl, RequestOrigin } from '../../lib/origin.ts';
import type { DbContext } from '../../types.ts';
import { sendInvitation } from '../account/account.service.ts';
import { createCustomer } from '../customers/customers.service.ts';
import { roleIdByName } from '../roles/roles.service.ts';
import { createAccountForCard } from '../users/users.service.ts';
import { findDriverLogin, findDrivenTransport, findLatestInvitation } from './drivers.repository.ts';

/** Drivers have a login of this role (spec §6: bus drivers can get a login). */
export const DRIVER_ROLE = 'driver';

/**
 * POST /registration-driver: a driver is a customer flagged as driver, with a traveller-app login of role
 * driver on the same card. The login has no password until the driver sets one from the invitation mail,
 * which is written in the same transaction.
 */
export async function registerDriver(ctx: DbContext, body: RegisterDriverBody, from: RequestOrigin, ttl: AccountTtl) {
  return inTransaction(ctx, async (trx) => {
    const roleId = await roleIdByName(trx, DRIVER_ROLE);
    const customer = await createCustomer(trx, body, { kind: 'all' }, { isDriver: true });
    const userId = await createAccountForCard(trx, {
      kind: 'app',
      email: body.loginEmail,
      firstname: body.firstName,
      lastname: body.surname,
      roleId,
      cardId: customer.id,
      isDriver: true,
    });
    await sendInvitation(trx, userId, from, ttl);
    return { customer, userId };
  });
}

/** GET /drivers/{id}/login: the login of a driver (by card id) and where its invitation stands. */
export async function getDriverLogin(ctx: DbContext, cardId: number, now = new Date()): Promise<DriverLogin> {
  const login = await findDriverLogin(ctx.db, cardId);
  if (!login) throw notFound();
  const invitation = await findLatestInvitation(ctx.db, login.id);
  const expiresAt = toIso(invitation?.expires_at);
  let state: DriverInvitationState = 'none';
  if (toBool(login.has_password)) state = 'accepted';
  else if (invitation) state = !invitation.used_at && expiresAt! > now.toISOString() ? 'pending' : 'expired';
  return {
    userId: login.id,
    email: login.email,
    isActive: toBool(login.is_active),
    lastLogin: toIso(login.last_login_at),
    invitation: state,
    invitedAt: toIso(invitation?.created_at),
    invitationExpiresAt: expiresAt,
  };
}

/**
 * POST /drivers/{id}/invitation: mails the driver a new invitation link (the earlier one stops working).
 * A driver who has already chosen a password needs none (409 error.driverHasPassword).
 */
export async function resendDriverInvitation(
  ctx: DbContext,
  cardId: number,
  from: RequestOrigin,
  ttl: AccountTtl,
): Promise<DriverLogin> {
  await inTransaction(ctx, async (trx) => {
    const login = await getDriverLogin(trx, cardId);
    if (login.invitation === 'accepted') throw new ApiError(409, 'error.driverHasPassword');
    await sendInvitation(trx, login.userId, from, ttl);
  });
  return getDriverLogin(ctx, cardId);
}

/** A coach as its driver's phone needs it: the departure (`jrn_date.nr`), direction and journey. */
export type DrivenTransport = {
  transportId: number;
  departureId: number;
  direction: string;
  name: string;
  journeyId: number;
  /** YYYY-MM-DD */
  dateFrom: string;
  dateTill: string;
};

/**
 * The one check of the driver app (docs/adr/0020): the coach, if the app user drives it; otherwise 403
 * `error.notYourDeparture` (a driver may know other coaches exist, but acts on their own only).
 */
export async function drivenTransport(ctx: DbContext, userId: number, transportId: number): Promise<DrivenTransport> {
  const row = await findDrivenTransport(ctx.db, userId, transportId);
  if (!row) throw new ApiError(403, 'error.notYourDeparture');
  return {
    transportId: row.id,
    departureId: row.id_jrn_date,
    direction: row.direction,
    name: row.name,
    journeyId: row.id_jrn_journey,
    dateFrom: String(row.date_from).slice(0, 10),
    dateTill: String(row.date_till).slice(0, 10),
  };
}
