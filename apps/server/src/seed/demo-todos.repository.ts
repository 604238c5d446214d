import type { Database } from '../db/database.ts';

/** The SQL the to-do and task-board demo data needs to find its people and records. */

export async function findStaffIdsByEmail(db: Database, emails: readonly string[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('user_account')
    .select(['id', 'email'])
    .where('email', 'in', [...emails])
    .execute();
  return new Map(rows.map((row) => [row.email, row.id]));
}

/** A few of the operator's own customers (no agency), oldest first. */
export const findSomeCustomerCards = (db: Database, count: number) =>
  db
    .selectFrom('vc_card')
    .select(['id_vc_card', 'name'])
    .where('kind', '=', 'customer')
    .where('id_organization', 'is', null)
    .orderBy('id_vc_card')
    .limit(count)
    .execute();

/** A few bookings, newest first. */
export const findSomeBookingIds = async (db: Database, count: number) =>
  (await db.selectFrom('booking').select('id').orderBy('id', 'desc').limit(count).execute()).map((row) => row.id);
