import type { Database } from '../../db/database.ts';

/** The traveller-app login on a driver's card (a card that is not a driver's has none here). */
export const findDriverLogin = (db: Database, cardId: number) =>
  db
    .selectFrom('user_account')
    .innerJoin('vc_card', 'vc_card.id_vc_card', 'user_account.id_vc_card')
    .select((eb) => [
      'user_account.id',
      'user_account.email',
      'user_account.is_active',
      'user_account.last_login_at',
      eb('user_account.password_hash', 'is not', null).as('has_password'),
    ])
    .where('vc_card.id_vc_card', '=', cardId)
    .where('vc_card.kind', '=', 'customer')
    .where('vc_card.is_driver', '=', true)
    .where('user_account.kind', '=', 'app')
    .orderBy('user_account.id')
    .executeTakeFirst();

/** The most recent invitation mailed to a login. */
export const findLatestInvitation = (db: Database, userId: number) =>
  db
    .selectFrom('action_code')
    .select(['created_at', 'expires_at', 'used_at'])
    .where('user_id', '=', userId)
    .where('purpose', '=', 'invite')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** The coach `transportId` with its departure, if the app user `userId` is its driver (their card drives it). */
export const findDrivenTransport = (db: Database, userId: number, transportId: number) =>
  db
    .selectFrom('transport')
    .innerJoin('user_account', 'user_account.id_vc_card', 'transport.id_driver_card')
    .innerJoin('jrn_date', 'jrn_date.nr', 'transport.id_jrn_date')
    .select([
      'transport.id',
      'transport.id_jrn_date',
      'transport.direction',
      'transport.name',
      'jrn_date.id_jrn_journey',
      'jrn_date.date_from',
      'jrn_date.date_till',
    ])
    .where('transport.id', '=', transportId)
    .where('user_account.id', '=', userId)
    .where('user_account.kind', '=', 'app')
    .executeTakeFirst();
