import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** SQL of agency commission (docs/adr/0019): rates, the rate frozen on a booking, the statement's bookings. */

/** The agency's rates: the default first, then by category id, with the category's name. */
export const findCommissionRates = (db: Database, agencyId: number) =>
  db
    .selectFrom('agency_commission_rate')
    .leftJoin('jrn_category', 'jrn_category.id_jrn_category', 'agency_commission_rate.id_jrn_category')
    .select(['agency_commission_rate.id_jrn_category', 'agency_commission_rate.rate_bp', 'jrn_category.name'])
    .where('agency_commission_rate.id_organization', '=', agencyId)
    .orderBy(sql`coalesce(agency_commission_rate.id_jrn_category, -1)`)
    .execute();

/** Replaces every rate of the agency (in the caller's transaction). */
export async function replaceCommissionRates(
  db: Database,
  agencyId: number,
  rates: ReadonlyArray<{ id_jrn_category: number | null; rate_bp: number }>,
): Promise<void> {
  await db.deleteFrom('agency_commission_rate').where('id_organization', '=', agencyId).execute();
  if (rates.length === 0) return;
  await db
    .insertInto('agency_commission_rate')
    .values(rates.map((rate) => ({ id_organization: agencyId, ...rate })))
    .execute();
}

/** The category ids among `ids` that exist. */
export async function existingCategoryIds(db: Database, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('jrn_category')
    .select('id_jrn_category')
    .where('id_jrn_category', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.id_jrn_category));
}

/**
 * ★ Freezes the commission rate of an agency booking that has none yet, in one statement: the agency's rate for
 * the journey's category, else its default, else 0. Bookings without an agency and bookings that already carry
 * a rate are left alone, so a later rate change never reaches an existing booking.
 */
export async function freezeCommissionRate(db: Database, bookingId: number): Promise<void> {
  await db
    .updateTable('booking')
    .set({
      commission_bp: sql<number>`coalesce(
        (select r.rate_bp from agency_commission_rate r
           inner join jrn_journey j on j.id_jrn_category = r.id_jrn_category
          where r.id_organization = booking.id_organization and j.id_jrn_journey = booking.id_jrn_journey),
        (select r.rate_bp from agency_commission_rate r
          where r.id_organization = booking.id_organization and r.id_jrn_category is null),
        0)`,
    })
    .where('id', '=', bookingId)
    .where('id_organization', 'is not', null)
    .where('commission_bp', 'is', null)
    .execute();
}

/** Statuses whose bookings earn commission (a cancelled one on its fee lines). */
export const EARNING_STATUSES = ['firm', 'processing', 'cancelled'] as const;

/**
 * The agency's bookings departing in [from, to] that earn commission: firm and in processing, and cancelled ones
 * with fee lines left. `travel_cents` is Σ of the price lines except insurance; `invoice_number` the collective
 * invoice that settled the booking, if any. Ordered by departure, then booking number.
 */
export function findCommissionBookings(
  db: Database,
  filter: { agencyId: number; from?: string; to?: string; bookingIds?: readonly number[] },
) {
  const travel = sql<number>`(select coalesce(sum(l.amount_cents), 0) from booking_price_line l
    where l.id_booking = booking.id and l.kind <> 'insurance')`;
  let query = db
    .selectFrom('booking')
    .innerJoin('jrn_date', 'jrn_date.nr', 'booking.id_jrn_date')
    .innerJoin('jrn_journey', 'jrn_journey.id_jrn_journey', 'booking.id_jrn_journey')
    .leftJoin('vc_card', 'vc_card.id_vc_card', 'booking.id_booker_card')
    .leftJoin('collective_invoice_booking', 'collective_invoice_booking.id_booking', 'booking.id')
    .leftJoin('invoice', 'invoice.id', 'collective_invoice_booking.id_invoice')
    .select((eb) => [
      'booking.id',
      'booking.status',
      'booking.commission_bp',
      'jrn_journey.title as journey_title',
      'jrn_date.termincode',
      'jrn_date.date_from',
      'jrn_date.date_till',
      'vc_card.name as booker_name',
      'invoice.number as invoice_number',
      eb
        .selectFrom('participant')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('participant.id_booking', '=', 'booking.id')
        .as('participants'),
      travel.as('travel_cents'),
    ])
    .where('booking.id_organization', '=', filter.agencyId)
    .where('booking.status', 'in', [...EARNING_STATUSES])
    .where((eb) => eb.or([eb('booking.status', '!=', 'cancelled'), eb(travel, '>', 0)]));
  if (filter.from !== undefined) query = query.where('jrn_date.date_from', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('jrn_date.date_from', '<=', filter.to);
  if (filter.bookingIds !== undefined) query = query.where('booking.id', 'in', [...filter.bookingIds]);
  return query.orderBy('jrn_date.date_from').orderBy('booking.id').execute();
}

export type CommissionBookingRow = Awaited<ReturnType<typeof findCommissionBookings>>[number];
