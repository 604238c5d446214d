import type { Database } from '../../db/database.ts';

/** SQL of the documents: what a booking confirmation shows beyond the booking itself. */

/** The host whose brand heads the booking's documents, and the booker's postal address. */
export function findBookingLetterhead(db: Database, bookingId: number) {
  return db
    .selectFrom('booking')
    .leftJoin('vc_person', 'vc_person.id_vc_card', 'booking.id_booker_card')
    .leftJoin('vc_address', 'vc_address.id_vc_person', 'vc_person.id_vc_person')
    .select(['booking.brand_host', 'vc_address.street', 'vc_address.zip', 'vc_address.city', 'vc_address.country'])
    .where('booking.id', '=', bookingId)
    .orderBy('vc_person.id_vc_person')
    .orderBy('vc_address.id_vc_address')
    .executeTakeFirst();
}

/** The travel stops of a departure date with the boarding point's name and pick-up time. */
export function findStopsOfDate(db: Database, dateNr: number) {
  return db
    .selectFrom('travel_stop')
    .innerJoin('zus_zustiege', 'zus_zustiege.id_zus_zustiege', 'travel_stop.id_zus_zustiege')
    .select([
      'travel_stop.direction',
      'travel_stop.knotenhaltnr',
      'travel_stop.time',
      'zus_zustiege.name',
      'zus_zustiege.city',
    ])
    .where('travel_stop.id_jrn_date', '=', dateNr)
    .execute();
}

/** The booking's payment schedule (deposit, balance) as last written. */
export function findPaymentDues(db: Database, bookingId: number) {
  return db
    .selectFrom('payment_due')
    .select(['kind', 'amount_cents', 'due_date'])
    .where('id_booking', '=', bookingId)
    .orderBy('due_date')
    .orderBy('id')
    .execute();
}
