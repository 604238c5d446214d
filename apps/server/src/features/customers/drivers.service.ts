import type { RegisterDriverBody } from '@tourdesk/contracts';
import { sendInvitation } from '../account/account.service.ts';
import type { AccountTtl, RequestOrigin } from '../../lib/origin.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { DbContext } from '../../types.ts';
import { roleIdByName } from '../roles/roles.service.ts';
import { createAccountForCard } from '../users/users.service.ts';
import { createCustomer } from './customers.service.ts';

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
