import webpush from 'web-push';
import type { PushReceiverGroup } from '@tourdesk/contracts';
import type { PushConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { conflict, invalidField } from '../../lib/errors.ts';
import type { DbContext } from '../../types.ts';
import { installationSecret } from '../auth/auth.service.ts';
import {
  allTravellers,
  coachTravellers,
  customerTravellers,
  departureTravellers,
  topicFollowers,
} from './push.repository.ts';

/**
 * What push notifications, their delivery and the traveller's inbox share (docs/adr/0023): the VAPID keys, who a
 * message reaches, and sending — freezing the receivers into inboxes and queueing one delivery per device.
 */

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** VAPID_* when configured, else a key pair generated on first start and kept in the database. */
export async function vapidKeys(ctx: DbContext, config: PushConfig, fallbackSubject: string): Promise<VapidKeys> {
  const subject = config.vapidSubject ?? fallbackSubject;
  if (config.vapidPublicKey && config.vapidPrivateKey)
    return { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey, subject };
  const stored = JSON.parse(
    await installationSecret(ctx, 'vapid', () => JSON.stringify(webpush.generateVAPIDKeys())),
  ) as { publicKey: string; privateKey: string };
  return { ...stored, subject };
}

/** `mailto:` of the sender address in `"Name" <a@b>` form, as VAPID's subject wants it. */
export const vapidSubjectOf = (mailFrom: string) => `mailto:${/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim()}`;

/** Who a message reaches: `ids` are customer card ids, one transport id, or departure numbers. */
export type ReceiverTarget = { group: PushReceiverGroup; ids: readonly number[]; topicId: number | null };

/** The active app accounts a target reaches, each once; 400 on `receiver_ids` / `id_topics` when incomplete. */
export async function receiverQuery(db: Database, target: ReceiverTarget) {
  switch (target.group) {
    case 'all':
      return allTravellers(db);
    case 'topic':
      if (target.topicId === null) throw invalidField('id_topics', 'error.empty');
      return topicFollowers(db, target.topicId);
    case 'customers':
      if (target.ids.length === 0) throw invalidField('receiver_ids', 'error.nonEmptyList');
      return customerTravellers(db, target.ids);
    case 'dates':
      if (target.ids.length === 0) throw invalidField('receiver_ids', 'error.nonEmptyList');
      return departureTravellers(db, target.ids);
    case 'bus': {
      const query = target.ids.length === 1 ? await coachTravellers(db, target.ids[0]!) : null;
      if (!query) throw invalidField('receiver_ids', 'error.invalid');
      return query;
    }
  }
}

/** How many travellers a target reaches, and on how many of their devices (for the screen before sending). */
export async function countReceivers(ctx: DbContext, target: ReceiverTarget, brandId: number | null = null) {
  const receivers = await receiverQuery(ctx.db, target);
  const row = await ctx.db
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

/**
 * Sends a message, in the caller's transaction: marks it sent (409 `error.pushAlreadySent` when it already was —
 * the conditional update is the guard, so two instances or two clicks send it once), writes one inbox row per
 * receiver and queues one delivery per device. Devices of another brand are left out when the message has one.
 * Returns the numbers of receivers and queued deliveries; the delivery worker does the rest.
 */
export async function sendNotification(
  trx: Database,
  notificationId: number,
  target: ReceiverTarget,
  now: string,
): Promise<{ receivers: number; deliveries: number }> {
  const marked = await trx
    .updateTable('push_notification')
    .set({ status: 'sent', sent_at: now, updated_at: now })
    .where('id_pushnotifications', '=', notificationId)
    .where('status', '!=', 'sent')
    .returning(['id_brand'])
    .executeTakeFirst();
  if (!marked) throw conflict('error.pushAlreadySent');
  const receivers = await receiverQuery(trx, target);
  const inbox = await trx
    .insertInto('user_notification')
    .columns(['id_pushnotifications', 'id_user', 'created_at'])
    .expression(
      trx
        .selectFrom(receivers.as('r'))
        .select((eb) => [eb.val(notificationId).as('id_pushnotifications'), 'r.id_user', eb.val(now).as('created_at')]),
    )
    .executeTakeFirst();
  const brandId = marked.id_brand;
  const deliveries = await trx
    .insertInto('push_delivery')
    .columns(['id_pushnotifications', 'id_user', 'id_push_subscription', 'next_attempt_at', 'created_at'])
    .expression(
      trx
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
  return { receivers: Number(inbox.numInsertedOrUpdatedRows ?? 0), deliveries: Number(deliveries.numInsertedOrUpdatedRows ?? 0) };
}
