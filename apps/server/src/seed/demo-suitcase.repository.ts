import type { Database } from '../db/database.ts';

/** SQL of the suitcase demo (seed/demo-suitcase.ts). */

export const findUserIdByEmail = async (db: Database, email: string) =>
  (await db.selectFrom('user_account').select('id').where('email', '=', email).executeTakeFirst())?.id;

/** The first firm booking of the soonest departure: the demo traveller's journey. */
export const findFirstFirmBooking = async (db: Database) =>
  (
    await db
      .selectFrom('booking')
      .innerJoin('jrn_date', 'jrn_date.nr', 'booking.id_jrn_date')
      .select('booking.id')
      .where('booking.status', '=', 'firm')
      .orderBy('jrn_date.date_from')
      .orderBy('booking.id')
      .executeTakeFirst()
  )?.id;

export const countTemplates = async (db: Database) =>
  Number(
    (
      await db
        .selectFrom('travelbag_template')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
