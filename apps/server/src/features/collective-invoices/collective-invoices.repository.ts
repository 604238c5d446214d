import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** SQL of collective invoices (docs/adr/0019): which bookings each covers, with the amounts invoiced. */

/** Records the bookings an invoice covers; UNIQUE(id_booking) refuses a booking another invoice covers. */
export async function insertCollectiveBookings(
  db: Database,
  invoiceId: number,
  rows: ReadonlyArray<{ id_booking: number; travel_cents: number; commission_cents: number }>,
): Promise<void> {
  await db
    .insertInto('collective_invoice_booking')
    .values(rows.map((row) => ({ id_invoice: invoiceId, ...row })))
    .execute();
}

/** Per invoice: how many bookings it covers and the sums invoiced. */
export async function findCollectiveTotals(db: Database, invoiceIds: readonly number[]) {
  if (invoiceIds.length === 0) return [];
  return db
    .selectFrom('collective_invoice_booking')
    .select([
      'id_invoice',
      sql<number>`count(*)`.as('bookings'),
      sql<number>`sum(travel_cents)`.as('travel_cents'),
      sql<number>`sum(commission_cents)`.as('commission_cents'),
    ])
    .where('id_invoice', 'in', [...invoiceIds])
    .groupBy('id_invoice')
    .execute();
}

/** The bookings an invoice covers as invoiced, with what a statement line shows of each, by departure. */
export const findCollectiveLines = (db: Database, invoiceId: number) =>
  db
    .selectFrom('collective_invoice_booking')
    .innerJoin('booking', 'booking.id', 'collective_invoice_booking.id_booking')
    .innerJoin('jrn_date', 'jrn_date.nr', 'booking.id_jrn_date')
    .innerJoin('jrn_journey', 'jrn_journey.id_jrn_journey', 'booking.id_jrn_journey')
    .leftJoin('vc_card', 'vc_card.id_vc_card', 'booking.id_booker_card')
    .select((eb) => [
      'booking.id',
      'booking.status',
      'booking.commission_bp',
      'jrn_journey.title as journey_title',
      'jrn_date.termincode',
      'jrn_date.date_from',
      'vc_card.name as booker_name',
      'collective_invoice_booking.travel_cents',
      'collective_invoice_booking.commission_cents',
      eb
        .selectFrom('participant')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('participant.id_booking', '=', 'booking.id')
        .as('participants'),
    ])
    .where('collective_invoice_booking.id_invoice', '=', invoiceId)
    .orderBy('jrn_date.date_from')
    .orderBy('booking.id')
    .execute();
