import { sql, type Insertable, type SqlBool } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PaymentDueTable, PaymentTable } from './payments.table.ts';

/** Payments of a booking, its schedule and its reminder level (docs/adr/0017). All the feature's SQL. */

/** The statuses that hold capacity, and so carry a payment schedule and appear among the open items. */
const HOLDING = ['option', 'firm', 'processing'] as const;

/** What the schedule and the account are made of: the booking's money, status, dates and the journey's terms. */
export const findBookingMoney = (db: Database, bookingId: number) =>
  db
    .selectFrom('booking')
    .innerJoin('jrn_date', 'jrn_date.nr', 'booking.id_jrn_date')
    .innerJoin('jrn_journey', 'jrn_journey.id_jrn_journey', 'booking.id_jrn_journey')
    .select([
      'booking.id',
      'booking.status',
      'booking.total_cents',
      'booking.paid_cents',
      'booking.dunning_level',
      'booking.dunned_at',
      'booking.confirmed_at',
      'booking.created_at',
      'booking.language',
      'booking.brand_host',
      'booking.id_booker_card',
      'booking.id_organization',
      'jrn_date.date_from',
      'jrn_journey.title as journey_title',
      'jrn_journey.payment_terms',
    ])
    .where('booking.id', '=', bookingId)
    .executeTakeFirst();
export type BookingMoneyRow = NonNullable<Awaited<ReturnType<typeof findBookingMoney>>>;

export const findPaymentDues = (db: Database, bookingId: number) =>
  db
    .selectFrom('payment_due')
    .select(['id', 'kind', 'amount_cents', 'due_date'])
    .where('id_booking', '=', bookingId)
    .orderBy('due_date')
    .orderBy('id')
    .execute();

/** Replaces the booking's schedule (deleted and written again in the change's transaction). */
export async function replacePaymentDues(
  db: Database,
  bookingId: number,
  rows: ReadonlyArray<Omit<Insertable<PaymentDueTable>, 'id_booking'>>,
): Promise<void> {
  await db.deleteFrom('payment_due').where('id_booking', '=', bookingId).execute();
  if (rows.length > 0)
    await db
      .insertInto('payment_due')
      .values(rows.map((row) => ({ ...row, id_booking: bookingId })))
      .execute();
}

export const findPayments = (db: Database, bookingId: number) =>
  db
    .selectFrom('payment')
    .leftJoin('user_account', 'user_account.id', 'payment.created_by')
    .select([
      'payment.id',
      'payment.id_booking',
      'payment.amount_cents',
      'payment.paid_on',
      'payment.method',
      'payment.reference',
      'payment.created_by',
      'payment.created_at',
      'user_account.firstname',
      'user_account.lastname',
    ])
    .where('payment.id_booking', '=', bookingId)
    .orderBy('payment.paid_on')
    .orderBy('payment.id')
    .execute();

export async function insertPayment(db: Database, values: Insertable<PaymentTable>): Promise<number> {
  const row = await db.insertInto('payment').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes one payment of a booking; returns what it was, or undefined when the booking has no such payment. */
export const deletePaymentRow = (db: Database, bookingId: number, paymentId: number) =>
  db
    .deleteFrom('payment')
    .where('id', '=', paymentId)
    .where('id_booking', '=', bookingId)
    .returning(['id', 'amount_cents', 'paid_on', 'method', 'reference'])
    .executeTakeFirst();

/**
 * Adds a payment to `booking.paid_cents`, only while it does not exceed the open amount (one conditional
 * update, so two payments at once can never together pay more than is open). False when refused.
 */
export async function addPaid(db: Database, bookingId: number, cents: number): Promise<boolean> {
  const result = await db
    .updateTable('booking')
    .set({ paid_cents: sql`paid_cents + ${cents}` })
    .where('id', '=', bookingId)
    .where(sql<SqlBool>`total_cents - paid_cents >= ${cents}`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function subtractPaid(db: Database, bookingId: number, cents: number): Promise<boolean> {
  const result = await db
    .updateTable('booking')
    .set({ paid_cents: sql`paid_cents - ${cents}` })
    .where('id', '=', bookingId)
    .where('paid_cents', '>=', cents)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Moves the reminder level from the level read to the next, guarded by that level: of two runs (or instances)
 * that read the same level only one succeeds, so a level is never sent twice.
 */
export async function claimDunningLevel(
  db: Database,
  bookingId: number,
  from: number,
  to: number,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('booking')
    .set({ dunning_level: to, dunned_at: at })
    .where('id', '=', bookingId)
    .where('dunning_level', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sets the reminder level back to 0 (nothing is overdue any more), guarded by the level read. */
export async function resetDunningLevel(db: Database, bookingId: number, from: number): Promise<void> {
  await db
    .updateTable('booking')
    .set({ dunning_level: 0 })
    .where('id', '=', bookingId)
    .where('dunning_level', '=', from)
    .execute();
}

/**
 * Holding bookings with money open, a reminder level below `maxLevel` and an instalment due before `today`:
 * the candidates of the reminder job (which then checks each one's oldest open instalment itself).
 */
export const findDunningCandidates = (db: Database, today: string, maxLevel: number) =>
  db
    .selectFrom('booking')
    .select(['booking.id'])
    .where('booking.status', 'in', HOLDING)
    .where(sql<SqlBool>`booking.total_cents > booking.paid_cents`)
    .where('booking.dunning_level', '<', maxLevel)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('payment_due')
          .select('payment_due.id')
          .whereRef('payment_due.id_booking', '=', 'booking.id')
          .where('payment_due.due_date', '<', today),
      ),
    )
    .orderBy('booking.id')
    .execute();

/**
 * The earliest instalment the payments do not fully cover: the first due date at which the schedule's running
 * sum (oldest first) exceeds what has been paid.
 */
const nextDueDate = sql<string | Date | null>`(
  select min(d.due_date) from payment_due d
  where d.id_booking = booking.id
    and (
      select sum(d2.amount_cents) from payment_due d2
      where d2.id_booking = d.id_booking and (d2.due_date < d.due_date or (d2.due_date = d.due_date and d2.id <= d.id))
    ) > booking.paid_cents
)`;

/** GET /open-items: holding bookings with money open, each with its next instalment (list engine base). */
export function openItemsBase(
  db: Database,
  options: { agencyId: number | null; overdueBefore?: { today: string; overdue: boolean } },
) {
  let query = db
    .selectFrom('booking')
    .innerJoin('jrn_date', 'jrn_date.nr', 'booking.id_jrn_date')
    .innerJoin('jrn_journey', 'jrn_journey.id_jrn_journey', 'booking.id_jrn_journey')
    .leftJoin('vc_card', 'vc_card.id_vc_card', 'booking.id_booker_card')
    .select([
      'booking.id',
      'booking.status',
      'booking.total_cents',
      'booking.paid_cents',
      'booking.dunning_level',
      'booking.id_organization',
      'vc_card.name as booker_name',
      'jrn_journey.title as journey_title',
      'jrn_date.termincode',
      'jrn_date.date_from',
      nextDueDate.as('next_due_date'),
    ])
    .where('booking.status', 'in', HOLDING)
    .where(sql<SqlBool>`booking.total_cents > booking.paid_cents`);
  if (options.agencyId !== null) query = query.where('booking.id_organization', '=', options.agencyId);
  const filter = options.overdueBefore;
  if (filter)
    query = filter.overdue
      ? query.where(sql<SqlBool>`${nextDueDate} < ${filter.today}`)
      : query.where(sql<SqlBool>`(${nextDueDate} is null or ${nextDueDate} >= ${filter.today})`);
  return query;
}
export type OpenItemRow = Awaited<ReturnType<ReturnType<typeof openItemsBase>['execute']>>[number];
