import type { BookingStatus } from '@tourdesk/contracts';
import { isTrue } from '../../db/dialect.ts';
import type { Database } from '../../db/database.ts';

/**
 * Who receives a message (docs/adr/0023 "Receivers"). Every group is a filter on active app accounts, so each
 * traveller is counted and reached once however many bookings, cards or topics lead to them.
 */

/** Bookings whose travellers are on the road: not drafts, requests, waiting list or cancelled. */
export const TRAVELLING_STATUSES: readonly BookingStatus[] = ['option', 'firm', 'processing'];

const appAccounts = (db: Database) =>
  db.selectFrom('user_account as u').select('u.id as id_user').where('u.kind', '=', 'app').where(isTrue('u.is_active'));

/** The app accounts linked (confirmed, as booker or guest) to the bookings the subquery names. */
const travellersOf = (db: Database) =>
  db
    .selectFrom('traveller_booking as tb')
    .innerJoin('booking as b', 'b.id', 'tb.id_booking')
    .select('tb.id_user')
    .where('tb.status', '=', 'confirmed')
    .where('b.status', 'in', TRAVELLING_STATUSES);

/** A query of the app accounts a message reaches (column `id_user`). */
export type ReceiverQuery = ReturnType<typeof appAccounts>;

export const allTravellers = (db: Database) => appAccounts(db);

export const topicFollowers = (db: Database, topicId: number) =>
  appAccounts(db).where(
    'u.id',
    'in',
    db.selectFrom('app_topic_follower').select('id_user').where('id_topics', '=', topicId),
  );

/** Selected customers: the accounts of their cards, and the accounts that booked for them. */
export const customerTravellers = (db: Database, cardIds: readonly number[]) =>
  appAccounts(db).where((eb) =>
    eb.or([
      eb('u.id_vc_card', 'in', [...cardIds]),
      eb(
        'u.id',
        'in',
        db
          .selectFrom('traveller_booking as tb')
          .innerJoin('booking as b', 'b.id', 'tb.id_booking')
          .select('tb.id_user')
          .where('tb.status', '=', 'confirmed')
          .where('tb.relation', '=', 'booker')
          .where('b.id_booker_card', 'in', [...cardIds]),
      ),
    ]),
  );

/** The travellers of the given departures (jrn_date numbers). */
export const departureTravellers = (db: Database, departureIds: readonly number[]) =>
  appAccounts(db).where('u.id', 'in', travellersOf(db).where('b.id_jrn_date', 'in', [...departureIds]));

export const findTransport = (db: Database, transportId: number) =>
  db
    .selectFrom('transport')
    .select(['id', 'id_jrn_date', 'direction', 'position'])
    .where('id', '=', transportId)
    .executeTakeFirst();

/**
 * The travellers of one coach: bookings holding a seat on it and, when it is the first coach of its direction,
 * the bookings of its departure without a seat in that direction (the app shows them that coach too,
 * features/bus-location).
 */
export async function coachTravellers(db: Database, transportId: number) {
  const coach = await findTransport(db, transportId);
  if (!coach) return null;
  const first = await db
    .selectFrom('transport')
    .select('id')
    .where('id_jrn_date', '=', coach.id_jrn_date)
    .where('direction', '=', coach.direction)
    .orderBy('position')
    .limit(1)
    .executeTakeFirst();
  const isFirst = first?.id === transportId;
  const bookings = travellersOf(db)
    .where('b.id_jrn_date', '=', coach.id_jrn_date)
    .where((eb) => {
      const seated = eb.exists(
        eb
          .selectFrom('seat_assignment as sa')
          .select('sa.id_booking')
          .whereRef('sa.id_booking', '=', 'b.id')
          .where('sa.id_transport', '=', transportId),
      );
      if (!isFirst) return seated;
      const seatedInDirection = eb.exists(
        eb
          .selectFrom('seat_assignment as sa')
          .innerJoin('transport as t', 't.id', 'sa.id_transport')
          .select('sa.id_booking')
          .whereRef('sa.id_booking', '=', 'b.id')
          .where('t.direction', '=', coach.direction),
      );
      return eb.or([seated, eb.not(seatedInDirection)]);
    });
  return appAccounts(db).where('u.id', 'in', bookings);
}

/** Travellers and their devices (of one brand when given) a receiver query reaches. */
export async function countReceiverDevices(db: Database, receivers: ReceiverQuery, brandId: number | null) {
  const row = await db
    .selectFrom(receivers.as('r'))
    .leftJoin('push_subscription as s', (join) => {
      const on = join.onRef('s.id_user', '=', 'r.id_user');
      return brandId === null ? on : on.on('s.id_brand', '=', brandId);
    })
    .select((eb) => [
      eb.fn.count<number | string>('r.id_user').distinct().as('receivers'),
      eb.fn.count<number | string>('s.id').as('devices'),
    ])
    .executeTakeFirstOrThrow();
  return { receivers: Number(row.receivers), devices: Number(row.devices) };
}

/** Marks a message sent unless it already is; undefined when it was (or does not exist). */
export const markNotificationSent = (db: Database, notificationId: number, now: string) =>
  db
    .updateTable('push_notification')
    .set({ status: 'sent', sent_at: now, updated_at: now })
    .where('id_pushnotifications', '=', notificationId)
    .where('status', '!=', 'sent')
    .returning(['id_brand'])
    .executeTakeFirst();

/** One inbox row per receiver. */
export async function insertInboxRows(db: Database, notificationId: number, receivers: ReceiverQuery, now: string) {
  const result = await db
    .insertInto('user_notification')
    .columns(['id_pushnotifications', 'id_user', 'created_at'])
    .expression(
      db
        .selectFrom(receivers.as('r'))
        .select((eb) => [eb.val(notificationId).as('id_pushnotifications'), 'r.id_user', eb.val(now).as('created_at')]),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** One queued delivery per device of the message's receivers (of its brand, when it has one). */
export async function queueDeliveries(db: Database, notificationId: number, brandId: number | null, now: string) {
  const result = await db
    .insertInto('push_delivery')
    .columns(['id_pushnotifications', 'id_user', 'id_push_subscription', 'next_attempt_at', 'created_at'])
    .expression(
      db
        .selectFrom('user_notification as n')
        .innerJoin('push_subscription as s', 's.id_user', 'n.id_user')
        .select((eb) => [
          'n.id_pushnotifications',
          'n.id_user',
          's.id',
          eb.val(now).as('next_attempt_at'),
          eb.val(now).as('created_at'),
        ])
        .where('n.id_pushnotifications', '=', notificationId)
        .$if(brandId !== null, (query) => query.where('s.id_brand', '=', brandId)),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}
