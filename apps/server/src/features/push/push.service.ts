import webpush from 'web-push';
import type { PushReceiverGroup, PushSubscribeBody, PushSubscriptionInfo } from '@tourdesk/contracts';
import type { Database } from '../../db/database.ts';
import { nowIso, toIso } from '../../db/dialect.ts';
import { conflict, invalidField } from '../../lib/errors.ts';
import type { DbContext } from '../../types.ts';
import { installationSecret } from '../auth/auth.service.ts';
import { thirdPartyConfig, type ThirdPartySource } from '../thirdparty/thirdparty.service.ts';
import {
  allTravellers,
  coachTravellers,
  countReceiverDevices,
  deleteUserSubscription,
  customerTravellers,
  departureTravellers,
  insertInboxRows,
  markNotificationSent,
  queueDeliveries,
  topicFollowers,
  upsertSubscription,
} from './push.repository.ts';

/**
 * What push notifications, their delivery and the traveller's inbox share (docs/adr/0023): the VAPID keys, who a
 * message reaches, and sending — freezing the receivers into inboxes and queueing one delivery per device.
 */

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/**
 * The Web Push keys as configured now: those of /basedata/thirdparty (over VAPID_*) when both are set, else a key
 * pair generated on first start and kept in the database. The subject falls back to the sender address (MAIL_FROM).
 * Read per use, so saved keys take effect without a restart (phones subscribed with the old key subscribe again
 * when the app starts, lib/push-subscription.ts in the web app).
 */
export async function vapidKeys(source: ThirdPartySource): Promise<VapidKeys> {
  const configured = await thirdPartyConfig(source, 'push');
  const subject = configured.subject || vapidSubjectOf(source.config.mailFrom);
  if (configured.publicKey && configured.privateKey)
    return { publicKey: configured.publicKey, privateKey: configured.privateKey, subject };
  const stored = JSON.parse(
    await installationSecret(source.ctx, 'vapid', () => JSON.stringify(webpush.generateVAPIDKeys())),
  ) as { publicKey: string; privateKey: string };
  return { ...stored, subject };
}

/** `mailto:` of the sender address in `"Name" <a@b>` form, as VAPID's subject wants it. */
const vapidSubjectOf = (mailFrom: string) => `mailto:${/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim()}`;

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
  return countReceiverDevices(ctx.db, await receiverQuery(ctx.db, target), brandId);
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
  const marked = await markNotificationSent(trx, notificationId, now);
  if (!marked) throw conflict('error.pushAlreadySent');
  const receivers = await insertInboxRows(trx, notificationId, await receiverQuery(trx, target), now);
  const deliveries = await queueDeliveries(trx, notificationId, marked.id_brand, now);
  return { receivers, deliveries };
}

/** `POST /fcm`: registers the phone's Web Push subscription (or a native wrapper's FCM token) for the user. */
export async function subscribePush(
  ctx: DbContext,
  userId: number,
  body: PushSubscribeBody,
  device: { brandId: number | null; userAgent: string | null },
): Promise<PushSubscriptionInfo> {
  const row = await upsertSubscription(
    ctx.db,
    {
      id_user: userId,
      id_brand: device.brandId,
      user_agent: device.userAgent?.slice(0, 300) ?? null,
      ...(body.endpoint !== undefined && body.keys !== undefined
        ? { kind: 'webpush' as const, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth }
        : { kind: 'fcm' as const, endpoint: body.token ?? '', p256dh: null, auth: null }),
    },
    nowIso(),
  );
  return { id: row.id, kind: row.kind, createdAt: toIso(row.created_at)! };
}

/** `DELETE /fcm`: forgets one of the user's devices (logout, notifications switched off); idempotent. */
export async function unsubscribePush(ctx: DbContext, userId: number, endpoint: string): Promise<{ ok: true }> {
  await deleteUserSubscription(ctx.db, userId, endpoint);
  return { ok: true };
}
