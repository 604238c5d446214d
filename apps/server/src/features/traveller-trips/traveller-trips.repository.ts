import type { Database } from '../../db/database.ts';
import type { TravellerRelation, TravellerTripStatus } from './traveller-trips.table.ts';

/** SQL of the traveller's access to bookings (docs/adr/0020). */

/** The booking, departure and journey of each booking the user may see (confirmed), newest departure first. */
export const findConfirmedTrips = (db: Database, userId: number) =>
  db
    .selectFrom('traveller_booking')
    .innerJoin('booking', 'booking.id', 'traveller_booking.id_booking')
    .innerJoin('jrn_date', 'jrn_date.nr', 'booking.id_jrn_date')
    .select([
      'booking.id as bookingId',
      'booking.id_jrn_date as departureId',
      'booking.id_jrn_journey as journeyId',
      'jrn_date.date_from as dateFrom',
      'jrn_date.date_till as dateTill',
      'traveller_booking.relation',
    ])
    .where('traveller_booking.id_user', '=', userId)
    .where('traveller_booking.status', '=', 'confirmed')
    .orderBy('jrn_date.date_from', 'desc')
    .orderBy('booking.id', 'desc')
    .execute();

/** The user's row for one booking, confirmed or not. */
export const findTravellerBooking = (db: Database, userId: number, bookingId: number) =>
  db
    .selectFrom('traveller_booking')
    .innerJoin('booking', 'booking.id', 'traveller_booking.id_booking')
    .select([
      'booking.id as bookingId',
      'booking.id_jrn_date as departureId',
      'booking.id_jrn_journey as journeyId',
      'traveller_booking.relation',
      'traveller_booking.status',
    ])
    .where('traveller_booking.id_user', '=', userId)
    .where('traveller_booking.id_booking', '=', bookingId)
    .executeTakeFirst();

/** Links the user to the booking, or changes the link (a requested guest becoming confirmed, a guest becoming booker). */
export async function upsertTravellerBooking(
  db: Database,
  row: { userId: number; bookingId: number; relation: TravellerRelation; status: TravellerTripStatus },
): Promise<void> {
  const confirmedAt = row.status === 'confirmed' ? new Date().toISOString() : null;
  await db
    .insertInto('traveller_booking')
    .values({
      id_user: row.userId,
      id_booking: row.bookingId,
      relation: row.relation,
      status: row.status,
      confirmed_at: confirmedAt,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['id_user', 'id_booking'])
        .doUpdateSet({ relation: row.relation, status: row.status, confirmed_at: confirmedAt }),
    )
    .execute();
}

/** A booking by its number (the id) or its RATIO number, with what identifies its booker (surname, postcodes). */
export async function findBookingsByCode(db: Database, code: string) {
  const numeric = /^\d{1,9}$/.test(code) ? Number(code) : null;
  return db
    .selectFrom('booking')
    .innerJoin('jrn_journey', 'jrn_journey.id_jrn_journey', 'booking.id_jrn_journey')
    .leftJoin('vc_person', 'vc_person.id_vc_card', 'booking.id_booker_card')
    .leftJoin('vc_address', 'vc_address.id_vc_person', 'vc_person.id_vc_person')
    .select([
      'booking.id',
      'booking.language',
      'booking.brand_host',
      'jrn_journey.title as journeyTitle',
      'vc_person.surname',
      'vc_address.zip',
    ])
    .where((eb) =>
      numeric === null
        ? eb('booking.ratio_vorgangnr', '=', code)
        : eb.or([eb('booking.id', '=', numeric), eb('booking.ratio_vorgangnr', '=', code)]),
    )
    .execute();
}

/** The travellers linked to a booking with their accounts (booker first). */
export const findLinksOfBooking = (db: Database, bookingId: number) =>
  db
    .selectFrom('traveller_booking')
    .innerJoin('user_account', 'user_account.id', 'traveller_booking.id_user')
    .select([
      'traveller_booking.id_user as userId',
      'traveller_booking.relation',
      'traveller_booking.status',
      'traveller_booking.requested_at as requestedAt',
      'user_account.email',
      'user_account.firstname',
      'user_account.lastname',
      'user_account.language',
    ])
    .where('traveller_booking.id_booking', '=', bookingId)
    .orderBy('traveller_booking.requested_at')
    .orderBy('traveller_booking.id_user')
    .execute();

export const deleteTravellerBooking = (db: Database, userId: number, bookingId: number) =>
  db
    .deleteFrom('traveller_booking')
    .where('id_user', '=', userId)
    .where('id_booking', '=', bookingId)
    .executeTakeFirst();

/** The list columns of the user's confirmed trips: journey, destination, status, first picture. */
export const findTripSummaries = (db: Database, userId: number) =>
  db
    .selectFrom('traveller_booking')
    .innerJoin('booking', 'booking.id', 'traveller_booking.id_booking')
    .innerJoin('jrn_date', 'jrn_date.nr', 'booking.id_jrn_date')
    .innerJoin('jrn_journey', 'jrn_journey.id_jrn_journey', 'booking.id_jrn_journey')
    .leftJoin('jrn_destination', 'jrn_destination.id_jrn_destination', 'jrn_journey.id_jrn_destination')
    .select((eb) => [
      'booking.id',
      'booking.title',
      'booking.status',
      'jrn_journey.title as journeyTitle',
      'jrn_journey.subtitle',
      'jrn_date.date_from as dateFrom',
      'jrn_date.date_till as dateTill',
      'traveller_booking.relation',
      'jrn_destination.name as destination',
      eb
        .selectFrom('jrn_journey_image')
        .select('jrn_journey_image.id_stored_file')
        .whereRef('jrn_journey_image.id_jrn_journey', '=', 'jrn_journey.id_jrn_journey')
        .where('jrn_journey_image.id_jrn_accommodation', 'is', null)
        .orderBy('jrn_journey_image.position')
        .limit(1)
        .as('imageId'),
    ])
    .where('traveller_booking.id_user', '=', userId)
    .where('traveller_booking.status', '=', 'confirmed')
    .orderBy('jrn_date.date_from', 'desc')
    .orderBy('booking.id', 'desc')
    .execute();

export const findJourneyDays = (db: Database, journeyId: number) =>
  db
    .selectFrom('jrn_journey_day')
    .select(['day_no as dayNo', 'daytitle', 'daytext'])
    .where('id_jrn_journey', '=', journeyId)
    .orderBy('day_no')
    .execute();

export const findAccommodations = (db: Database, journeyId: number) =>
  db
    .selectFrom('jrn_accommodation')
    .select(['name', 'street', 'zip', 'city', 'country', 'stars'])
    .where('id_jrn_journey', '=', journeyId)
    .orderBy('position')
    .execute();

/** The booking's participants (not cancelled) with their travel stops (boarding point, time, day offset). */
export const findParticipantStops = (db: Database, bookingId: number) =>
  db
    .selectFrom('participant')
    .leftJoin('travel_stop as out', 'out.id', 'participant.id_travel_stop_out')
    .leftJoin('zus_zustiege as outPoint', 'outPoint.id_zus_zustiege', 'out.id_zus_zustiege')
    .leftJoin('travel_stop as ret', 'ret.id', 'participant.id_travel_stop_ret')
    .leftJoin('zus_zustiege as retPoint', 'retPoint.id_zus_zustiege', 'ret.id_zus_zustiege')
    .select([
      'participant.id',
      'participant.position',
      'participant.name',
      'participant.name1',
      'out.time as outTime',
      'out.day_offset as outOffset',
      'outPoint.name as outName',
      'outPoint.street as outStreet',
      'outPoint.number as outNumber',
      'outPoint.zip as outZip',
      'outPoint.city as outCity',
      'outPoint.lat as outLat',
      'outPoint.lon as outLon',
      'ret.time as retTime',
      'ret.day_offset as retOffset',
      'retPoint.name as retName',
      'retPoint.street as retStreet',
      'retPoint.number as retNumber',
      'retPoint.zip as retZip',
      'retPoint.city as retCity',
      'retPoint.lat as retLat',
      'retPoint.lon as retLon',
    ])
    .where('participant.id_booking', '=', bookingId)
    .where('participant.cancelled_at', 'is', null)
    .orderBy('participant.position')
    .execute();

/** The seats the booking's participants hold, with the direction of each coach. */
export const findSeatsOfBooking = (db: Database, bookingId: number) =>
  db
    .selectFrom('seat_assignment')
    .innerJoin('transport', 'transport.id', 'seat_assignment.id_transport')
    .select(['seat_assignment.id_participant as participantId', 'seat_assignment.seat', 'transport.direction'])
    .where('seat_assignment.id_booking', '=', bookingId)
    .execute();

export const findEmergencyNumbers = (db: Database) =>
  db.selectFrom('emergency_number').select(['label', 'phone']).orderBy('position').execute();

export async function replaceEmergencyNumbers(
  db: Database,
  items: ReadonlyArray<{ label: string; phone: string }>,
): Promise<void> {
  await db.deleteFrom('emergency_number').execute();
  if (items.length === 0) return;
  await db
    .insertInto('emergency_number')
    .values(items.map((item, index) => ({ position: index + 1, label: item.label, phone: item.phone })))
    .execute();
}
