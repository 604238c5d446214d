import { HOLDING_STATUSES } from '@tourdesk/contracts';
import type { Database } from '../../db/database.ts';

/** SQL of the manifests: reads of a departure, its coaches, stops, and the travellers of holding bookings. */

export function findManifestDeparture(db: Database, nr: number) {
  return db
    .selectFrom('jrn_date')
    .innerJoin('jrn_journey', 'jrn_journey.id_jrn_journey', 'jrn_date.id_jrn_journey')
    .select([
      'jrn_date.nr',
      'jrn_date.termincode',
      'jrn_date.date_from',
      'jrn_date.date_till',
      'jrn_journey.title',
      'jrn_journey.code',
    ])
    .where('jrn_date.nr', '=', nr)
    .executeTakeFirst();
}

export function findManifestTransports(db: Database, nr: number) {
  return db
    .selectFrom('transport')
    .leftJoin('vc_card', 'vc_card.id_vc_card', 'transport.id_driver_card')
    .select([
      'transport.id',
      'transport.direction',
      'transport.position',
      'transport.name',
      'transport.layout',
      'transport.blocked_seats',
      'transport.vehicle',
      'vc_card.name as driver_name',
    ])
    .where('transport.id_jrn_date', '=', nr)
    .orderBy('transport.direction')
    .orderBy('transport.position')
    .execute();
}

export function findManifestStops(db: Database, nr: number) {
  return db
    .selectFrom('travel_stop')
    .innerJoin('zus_zustiege', 'zus_zustiege.id_zus_zustiege', 'travel_stop.id_zus_zustiege')
    .select([
      'travel_stop.id',
      'travel_stop.direction',
      'travel_stop.knotenhaltnr',
      'travel_stop.position',
      'travel_stop.time',
      'travel_stop.day_offset',
      'zus_zustiege.name',
      'zus_zustiege.street',
      'zus_zustiege.number',
      'zus_zustiege.zip',
      'zus_zustiege.city',
    ])
    .where('travel_stop.id_jrn_date', '=', nr)
    .orderBy('travel_stop.direction')
    .orderBy('travel_stop.knotenhaltnr')
    .execute();
}

/** Participants of the departure's capacity-holding bookings (option, firm, in processing). */
export function findManifestParticipants(db: Database, nr: number) {
  return (
    db
      .selectFrom('participant')
      .innerJoin('booking', 'booking.id', 'participant.id_booking')
      .select([
        'participant.id',
        'participant.id_booking',
        'participant.position',
        'participant.anrede',
        'participant.titel',
        'participant.name',
        'participant.name1',
        'participant.geburtstag',
        'participant.nation',
        'participant.telefon',
        'participant.email',
        'participant.id_travel_stop_out',
        'participant.id_travel_stop_ret',
        'participant.id_booking_room',
        'booking.status',
        'booking.id_booker_card',
      ])
      .where('booking.id_jrn_date', '=', nr)
      .where('booking.status', 'in', [...HOLDING_STATUSES])
      // a participant cancelled on their own no longer travels (docs/adr/0017)
      .where('participant.cancelled_at', 'is', null)
      .orderBy('participant.id_booking')
      .orderBy('participant.position')
      .execute()
  );
}

export function findManifestSeats(db: Database, transportIds: number[]) {
  if (transportIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('seat_assignment')
    .select(['id_transport', 'seat', 'id_participant'])
    .where('id_transport', 'in', transportIds)
    .execute();
}

/** The bookers' phone numbers (field type 2), first one first. */
export function findBookerPhones(db: Database, cardIds: number[]) {
  if (cardIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('vc_field')
    .innerJoin('vc_person', 'vc_person.id_vc_person', 'vc_field.id_vc_person')
    .select(['vc_person.id_vc_card', 'vc_field.value', 'vc_field.drop'])
    .where('vc_person.id_vc_card', 'in', cardIds)
    .where('vc_field.id_vc_field_type', '=', 2)
    .orderBy('vc_person.id_vc_card')
    .orderBy('vc_person.id_vc_person')
    .orderBy('vc_field.position')
    .orderBy('vc_field.id_vc_field')
    .execute();
}

export function findManifestRooms(db: Database, bookingIds: number[]) {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('booking_room')
    .innerJoin('jrn_room_type', 'jrn_room_type.id', 'booking_room.id_jrn_room_type')
    .innerJoin('jrn_accommodation', 'jrn_accommodation.id', 'jrn_room_type.id_jrn_accommodation')
    .select([
      'booking_room.id',
      'booking_room.id_booking',
      'booking_room.position',
      'jrn_room_type.kind',
      'jrn_room_type.name as room_type_name',
      'jrn_accommodation.id as accommodation_id',
      'jrn_accommodation.name as accommodation_name',
      'jrn_accommodation.position as accommodation_position',
    ])
    .where('booking_room.id_booking', 'in', bookingIds)
    .orderBy('jrn_accommodation.position')
    .orderBy('jrn_accommodation.id')
    .orderBy('booking_room.id_booking')
    .orderBy('booking_room.position')
    .orderBy('booking_room.id')
    .execute();
}

export async function findUserLanguage(db: Database, userId: number): Promise<string | null> {
  const row = await db.selectFrom('user_account').select('language').where('id', '=', userId).executeTakeFirst();
  return row?.language ?? null;
}
