import type { Database } from '../db/database.ts';

/** SQL of the demo travel menu and consumption (seed/demo-travel-menu.ts). */

export const findAllJourneyIds = async (db: Database) =>
  (await db.selectFrom('jrn_journey').select('id_jrn_journey').orderBy('id_jrn_journey').execute()).map(
    (row) => row.id_jrn_journey,
  );

export const findUserIdByEmail = async (db: Database, email: string) =>
  (await db.selectFrom('user_account').select(['id', 'id_vc_card']).where('email', '=', email).executeTakeFirst()) ??
  null;

/**
 * Bookings that can have consumption: not cancelled, with a participant and a coach of the booking's departure
 * in the outbound direction; the demo traveller's linked bookings first, then those on the demo driver's coach.
 */
export const findConsumptionCandidates = (db: Database, travellerId: number | null, driverCard: number | null) =>
  db
    .selectFrom('booking')
    .innerJoin('participant', 'participant.id_booking', 'booking.id')
    .innerJoin('transport', (join) =>
      join.onRef('transport.id_jrn_date', '=', 'booking.id_jrn_date').on('transport.direction', '=', 'outbound'),
    )
    .leftJoin('traveller_booking', (join) =>
      join
        .onRef('traveller_booking.id_booking', '=', 'booking.id')
        .on('traveller_booking.id_user', '=', travellerId ?? -1),
    )
    .select([
      'booking.id as bookingId',
      'booking.id_jrn_journey as journeyId',
      'participant.id as participantId',
      'participant.position',
      'transport.id as transportId',
      'transport.id_driver_card as driverCard',
      'traveller_booking.id_user as linkedUser',
    ])
    .where('booking.cancelled_at', 'is', null)
    .where('booking.status', 'in', ['firm', 'option', 'processing'])
    .where('participant.cancelled_at', 'is', null)
    .orderBy((eb) => eb.case().when('traveller_booking.id_user', 'is not', null).then(0).else(1).end())
    .orderBy((eb) =>
      eb
        .case()
        .when('transport.id_driver_card', '=', driverCard ?? -1)
        .then(0)
        .else(1)
        .end(),
    )
    .orderBy('booking.id')
    .orderBy('participant.position')
    .limit(20)
    .execute();
