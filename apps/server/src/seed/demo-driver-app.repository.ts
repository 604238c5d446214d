import type { Database } from '../db/database.ts';

/** SQL of the driver-app demo: the demo driver's card, boarding points, and the QR_TICKETS switch. */

export const findUserByEmail = (db: Database, email: string) =>
  db.selectFrom('user_account').select(['id', 'id_vc_card']).where('email', '=', email).executeTakeFirst();

export const findBoardingPoints = (db: Database, names: readonly string[]) =>
  db
    .selectFrom('zus_zustiege')
    .select(['id_zus_zustiege', 'name'])
    .where('name', 'in', [...names])
    .execute();

export const findAnyBoardingPoints = (db: Database, count: number) =>
  db.selectFrom('zus_zustiege').select(['id_zus_zustiege', 'name']).orderBy('id_zus_zustiege').limit(count).execute();

export const findBookingIdsOfDate = (db: Database, nr: number) =>
  db.selectFrom('booking').select('id').where('id_jrn_date', '=', nr).orderBy('id').execute();

export async function switchOnQrTickets(db: Database): Promise<void> {
  await db.updateTable('sys_settings').set({ value: '1' }).where('key', '=', 'QR_TICKETS').execute();
}
