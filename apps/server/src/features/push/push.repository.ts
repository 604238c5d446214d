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

/** Travellers and their devices (of one brand when given) a receiver query reaches, as sending queues them. */
export async function countReceiverDevices(db: Database, receivers: ReceiverQuery, brandId: number | null) {
  const row = await db
    .selectFrom(receivers.as('r'))
    .leftJoin('push_subscription as s', (join) => {
      // The devices pushes go to: Web Push subscriptions (FCM tokens are kept, not delivered to).
      const on = join.onRef('s.id_user', '=', 'r.id_user').on('s.kind', '=', 'webpush');
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
        // FCM tokens are kept for a native wrapper, but this server delivers through Web Push only.
        .where('s.kind', '=', 'webpush')
        .$if(brandId !== null, (query) => query.where('s.id_brand', '=', brandId)),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

// --- devices -------------------------------------------------------------------------------------------------

/** Registers a device for a user; a device that was another user's (a shared phone) moves to this one. */
export const upsertSubscription = (
  db: Database,
  row: {
    id_user: number;
    kind: 'webpush' | 'fcm';
    endpoint: string;
    p256dh: string | null;
    auth: string | null;
    user_agent: string | null;
    id_brand: number | null;
  },
  now: string,
) =>
  db
    .insertInto('push_subscription')
    .values({ ...row, created_at: now, updated_at: now })
    .onConflict((conflict) =>
      conflict.column('endpoint').doUpdateSet({
        id_user: row.id_user,
        kind: row.kind,
        p256dh: row.p256dh,
        auth: row.auth,
        user_agent: row.user_agent,
        id_brand: row.id_brand,
        failures: 0,
        updated_at: now,
      }),
    )
    .returning(['id', 'kind', 'created_at'])
    .executeTakeFirstOrThrow();

export const deleteUserSubscription = (db: Database, userId: number, endpoint: string) =>
  db.deleteFrom('push_subscription').where('id_user', '=', userId).where('endpoint', '=', endpoint).executeTakeFirst();

// --- the delivery outbox (docs/adr/0023 "The delivery outbox") ----------------------------------------------------

export const findDueDeliveryIds = async (db: Database, now: string, limit: number) =>
  (
    await db
      .selectFrom('push_delivery')
      .select('id')
      .where('status', '=', 'queued')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .orderBy('next_attempt_at')
      .limit(limit)
      .execute()
  ).map((row) => row.id);

/** Takes due deliveries for one worker until `leaseUntil`; returns the ids it got (another may have taken some). */
export const claimDeliveries = async (db: Database, ids: readonly number[], now: string, leaseUntil: string) =>
  ids.length === 0
    ? []
    : (
        await db
          .updateTable('push_delivery')
          .set((eb) => ({ locked_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
          .where('id', 'in', [...ids])
          .where('status', '=', 'queued')
          .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
          .returning('id')
          .execute()
      ).map((row) => row.id);

/** What a claimed delivery needs: the device, the message and the receiver's inbox entry. */
export const findDeliveriesForSending = (db: Database, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('push_delivery as d')
        .innerJoin('push_notification as m', 'm.id_pushnotifications', 'd.id_pushnotifications')
        .innerJoin('user_notification as n', (join) =>
          join.onRef('n.id_pushnotifications', '=', 'd.id_pushnotifications').onRef('n.id_user', '=', 'd.id_user'),
        )
        .leftJoin('push_subscription as s', 's.id', 'd.id_push_subscription')
        .select([
          'd.id',
          'd.attempts',
          'd.id_push_subscription',
          's.kind',
          's.endpoint',
          's.p256dh',
          's.auth',
          'n.id as inbox_id',
          'm.title',
          'm.short',
          'm.message',
          'm.channel',
        ])
        .where('d.id', 'in', [...ids])
        .execute();

export type DeliveryOutcome = {
  id: number;
  status: 'sent' | 'queued' | 'failed' | 'gone';
  http_status: number | null;
  last_error: string | null;
  next_attempt_at?: string;
};

/** Records what the push service said; the lease ends. */
export const recordDelivery = (db: Database, outcome: DeliveryOutcome, now: string) =>
  db
    .updateTable('push_delivery')
    .set({
      status: outcome.status,
      http_status: outcome.http_status,
      last_error: outcome.last_error,
      locked_until: null,
      ...(outcome.status === 'sent' ? { sent_at: now } : {}),
      ...(outcome.next_attempt_at ? { next_attempt_at: outcome.next_attempt_at } : {}),
    })
    .where('id', '=', outcome.id)
    .execute();

export const markSubscriptionWorked = (db: Database, id: number, now: string) =>
  db.updateTable('push_subscription').set({ failures: 0, last_success_at: now }).where('id', '=', id).execute();

export const countSubscriptionFailure = (db: Database, id: number) =>
  db
    .updateTable('push_subscription')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('id', '=', id)
    .execute();

/** The push service says the device is gone: forget it (its deliveries keep their figures, device null). */
export const deleteSubscription = (db: Database, id: number) =>
  db.deleteFrom('push_subscription').where('id', '=', id).execute();
