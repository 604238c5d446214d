import type { Database } from '../../db/database.ts';

/** SQL of the booking bells (docs/adr/0029): options ending soon, and what a booking's notice says. */

/** Options (status option) whose end lies in (now, until]: those about to lapse. */
export const findLapsingOptions = (db: Database, now: string, until: string) =>
  db
    .selectFrom('booking')
    .innerJoin('jrn_journey', 'jrn_journey.id_jrn_journey', 'booking.id_jrn_journey')
    .leftJoin('vc_card', 'vc_card.id_vc_card', 'booking.id_booker_card')
    .select(['booking.id', 'booking.option_until', 'jrn_journey.title', 'vc_card.name as booker'])
    .where('booking.status', '=', 'option')
    .where('booking.option_until', '>', now)
    .where('booking.option_until', '<=', until)
    .orderBy('booking.option_until')
    .orderBy('booking.id')
    .execute();

/** A booking's number, journey, booker and agency name: what its notice says. */
export const findBookingNotice = (db: Database, id: number) =>
  db
    .selectFrom('booking')
    .innerJoin('jrn_journey', 'jrn_journey.id_jrn_journey', 'booking.id_jrn_journey')
    .leftJoin('vc_card', 'vc_card.id_vc_card', 'booking.id_booker_card')
    .leftJoin('organization', 'organization.id', 'booking.id_organization')
    .select(['booking.id', 'jrn_journey.title', 'vc_card.name as booker', 'organization.name as agency'])
    .where('booking.id', '=', id)
    .executeTakeFirst();
