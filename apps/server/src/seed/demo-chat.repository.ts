import type { Database } from '../db/database.ts';

/** The SQL of the chat's demo data (seed/demo-chat.ts). */

export const findUserIdsByEmail = async (db: Database, emails: readonly string[]) =>
  new Map(
    (await db.selectFrom('user_account').select(['id', 'email']).where('email', 'in', emails).execute()).map((row) => [
      row.email,
      row.id,
    ]),
  );

export const hasChatMessages = async (db: Database) =>
  (await db.selectFrom('chat_message').select('id').limit(1).executeTakeFirst()) !== undefined;

/** The demo driver's departure of today or later (the driver app's day trip), soonest first. */
export const findDrivenDepartureFrom = (db: Database, userId: number, day: string) =>
  db
    .selectFrom('transport')
    .innerJoin('user_account', 'user_account.id_vc_card', 'transport.id_driver_card')
    .innerJoin('jrn_date', 'jrn_date.nr', 'transport.id_jrn_date')
    .select('jrn_date.nr')
    .where('user_account.id', '=', userId)
    .where('jrn_date.date_till', '>=', day)
    .orderBy('jrn_date.date_from')
    .executeTakeFirst();

/** Dates a message back (the demo's conversation happened over the last hours). */
export const backdateMessage = (db: Database, id: number, at: string) =>
  db.updateTable('chat_message').set({ created_at: at }).where('id', '=', id).execute();
