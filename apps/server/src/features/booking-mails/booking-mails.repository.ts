import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** The booking's host (its brand heads the mails); the rest of a mail's facts come from getBooking. */
export const findBrandHost = async (db: Database, bookingId: number) =>
  (await db.selectFrom('booking').select('brand_host').where('id', '=', bookingId).executeTakeFirst())?.brand_host ??
  null;

/** Options whose end lies within the reminder window at `now` and that have not been reminded. */
export const findOptionsToRemind = (db: Database, now: string, until: string) =>
  db
    .selectFrom('booking')
    .select('id')
    .where('status', '=', 'option')
    .where('option_reminded_at', 'is', null)
    .where('option_until', '>', now)
    .where('option_until', '<=', until)
    .orderBy('option_until')
    .orderBy('id')
    .execute();

/**
 * Claims an option's reminder: one conditional update, so of two runs (two instances, a retried run) only one
 * sends it. False when it was reminded already, confirmed, released, or its end moved out of the window.
 */
export async function claimOptionReminder(db: Database, bookingId: number, now: string, until: string) {
  const result = await db
    .updateTable('booking')
    .set({ option_reminded_at: now })
    .where('id', '=', bookingId)
    .where('status', '=', 'option')
    .where('option_reminded_at', 'is', null)
    .where('option_until', '>', now)
    .where('option_until', '<=', until)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A new option, or an option whose end moved past `beyond` (the end of the reminder window), earns a new
 * reminder: its claim is given back. Without `beyond` any option's claim is given back (it just became one).
 */
export const resetOptionReminder = (db: Database, bookingId: number, beyond: string | null) => {
  let query = db
    .updateTable('booking')
    .set({ option_reminded_at: null })
    .where('id', '=', bookingId)
    .where('status', '=', 'option')
    .where('option_reminded_at', 'is not', null);
  if (beyond !== null) query = query.where('option_until', '>', beyond);
  return query.execute();
};

/** The history of a booking, oldest first, with the name of who made each change. */
export const findBookingEvents = (db: Database, bookingId: number) =>
  db
    .selectFrom('booking_event')
    .leftJoin('user_account', 'user_account.id', 'booking_event.by_user')
    .select([
      'booking_event.id',
      'booking_event.at',
      'booking_event.by_user',
      'booking_event.kind',
      'booking_event.data',
      'user_account.firstname',
      'user_account.lastname',
      'user_account.email',
    ])
    .where('booking_event.id_booking', '=', bookingId)
    .orderBy('booking_event.id')
    .execute();

/**
 * The waiting bookings of a date in the order the waiting list offers them (oldest request first, as
 * findWaitingBookings of the bookings feature), with booker and number of participants still travelling.
 */
export const findWaitlistOfDate = (db: Database, dateNr: number) =>
  db
    .selectFrom('booking')
    .leftJoin('vc_card', 'vc_card.id_vc_card', 'booking.id_booker_card')
    .select((eb) => [
      'booking.id',
      'booking.id_organization',
      'booking.created_at',
      'vc_card.name as booker_name',
      eb
        .selectFrom('participant')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('participant.id_booking', '=', 'booking.id')
        .where('participant.cancelled_at', 'is', null)
        .as('participants'),
    ])
    .where('booking.id_jrn_date', '=', dateNr)
    .where('booking.status', '=', 'waitlist')
    .orderBy('booking.created_at')
    .orderBy('booking.id')
    .execute();

/** Whether a customer card books any booking (cancelled ones count: their history and invoices stay). */
export const isBookerOfAnyBooking = async (db: Database, cardId: number) =>
  (await db.selectFrom('booking').select('id').where('id_booker_card', '=', cardId).limit(1).executeTakeFirst()) !==
  undefined;
