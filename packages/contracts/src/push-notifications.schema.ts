import { z } from 'zod';
import { MAX_ID, optionalRef, optionalText, requiredText } from './fields.ts';
import {
  PUSH_CHANNELS,
  PUSH_DELIVERY_STATUSES,
  PUSH_NOTIFICATION_STATUSES,
  PUSH_RECEIVER_GROUPS,
} from './push-core.ts';

/**
 * The staff side of push notifications (issue #16, docs/adr/0023): messages (spec §3), their receivers and
 * figures, sending and scheduling, the quick messages of the two channels, and topics.
 */

const id = () =>
  z.number({ error: 'error.invalid' }).int('error.invalid').positive('error.invalid').max(MAX_ID, 'error.invalid');

/** An https address, or a path of the app (`/…`). */
export const isPushLink = (value: string) => {
  if (value.startsWith('/')) return !value.startsWith('//') && !/\s/.test(value);
  return z.url({ protocol: /^https$/ }).safeParse(value).success;
};

const linkField = () =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string({ error: 'error.invalid' })
      .trim()
      .max(2048, 'error.tooLong')
      .refine(isPushLink, 'error.invalid')
      .nullable()
      .optional(),
  );

export const ZPushReceiverGroup = z.enum(PUSH_RECEIVER_GROUPS, { error: 'error.invalid' });
export const ZPushChannel = z.enum(PUSH_CHANNELS, { error: 'error.invalid' });

/** How the deliveries of a sent message went, per status (counted from push_delivery). */
export const ZPushDeliveryFigures = z.object({
  sent: z.number().int(),
  queued: z.number().int(),
  failed: z.number().int(),
  gone: z.number().int(),
});

/** A message to travellers (spec §3), with its figures once sent. */
export const ZPushNotification = z.object({
  id: z.number().int(),
  id_pushnotifications: z.number().int(),
  title: z.string(),
  short: z.string().nullable(),
  message: z.string(),
  id_topics: z.number().int().nullable(),
  /** the topic's title */
  topic: z.string().nullable(),
  link: z.string().nullable(),
  status: z.enum(PUSH_NOTIFICATION_STATUSES),
  /** status = sent */
  sent: z.boolean(),
  sentAt: z.string().nullable(),
  scheduledAt: z.string().nullable(),
  created: z.string(),
  updatedAt: z.string(),
  receiver_group: ZPushReceiverGroup,
  /** customer card ids (customers), [one transport id] (bus), departure numbers (dates) */
  receiver_ids: z.array(z.number().int()),
  /** what the receiver ids name (a customer's name, a coach or a departure with its journey), for the screens */
  receiver_labels: z.array(z.object({ id: z.number().int(), label: z.string() })),
  /** survey ids, in order */
  surveys: z.array(z.number().int()),
  /** a quick message of a channel; null for a normal message */
  channel: ZPushChannel.nullable(),
  id_brand: z.number().int().nullable(),
  /** inbox rows (travellers it reached) */
  receivers: z.number().int(),
  read: z.number().int(),
  opened: z.number().int(),
  deliveries: ZPushDeliveryFigures,
});
export type PushNotification = z.infer<typeof ZPushNotification>;

const receiverIds = () => z.array(id(), { error: 'error.invalid' }).max(5000, 'error.tooLong');

/** POST /app/pushnotifications */
export const ZCreatePushNotificationBody = z.object({
  title: requiredText({ max: 120 }),
  short: optionalText({ max: 255 }),
  message: z.string({ error: 'error.invalid' }).trim().max(4000, 'error.tooLong').optional(),
  id_topics: optionalRef().nullable().optional(),
  link: linkField(),
  receiver_group: ZPushReceiverGroup.optional(),
  receiver_ids: receiverIds().optional(),
  surveys: z.array(id(), { error: 'error.invalid' }).max(20, 'error.tooLong').optional(),
  id_brand: optionalRef().nullable().optional(),
});
export type CreatePushNotificationBody = z.infer<typeof ZCreatePushNotificationBody>;

/** PATCH /app/pushnotifications/{id} (not once sent: 409 error.pushAlreadySent) */
export const ZUpdatePushNotificationBody = ZCreatePushNotificationBody.partial();
export type UpdatePushNotificationBody = z.infer<typeof ZUpdatePushNotificationBody>;

/** POST /app/pushnotifications/receivers: who a message would reach. */
export const ZPushReceiversBody = z.object({
  receiver_group: ZPushReceiverGroup,
  receiver_ids: receiverIds().optional(),
  id_topics: optionalRef().nullable().optional(),
  id_brand: optionalRef().nullable().optional(),
});
export type PushReceiversBody = z.infer<typeof ZPushReceiversBody>;

export const ZPushReceiverCount = z.object({ receivers: z.number().int(), devices: z.number().int() });
export type PushReceiverCount = z.infer<typeof ZPushReceiverCount>;

/** A receiver of a sent message (GET /app/pushnotifications/{id}/receivers). */
export const ZPushReceiver = z.object({
  /** the inbox row */
  id: z.number().int(),
  id_user: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  read_at: z.string().nullable(),
  opened_at: z.string().nullable(),
  /** the best state of the traveller's deliveries; null when they have no device */
  delivery: z.enum(PUSH_DELIVERY_STATUSES).nullable(),
});
export type PushReceiver = z.infer<typeof ZPushReceiver>;

/** POST /app/pushnotifications/{id}/send: now, or at a later time (scheduled). */
export const ZSendPushNotificationBody = z.object({
  at: z.iso.datetime({ offset: true, error: 'error.invalid' }).optional(),
});
export type SendPushNotificationBody = z.infer<typeof ZSendPushNotificationBody>;

/** POST /app/channel-messages: a quick message of staff to all travellers or to one coach, sent at once. */
export const ZChannelMessageBody = z
  .object({
    channel: ZPushChannel,
    id_transport: id().optional(),
    message: requiredText({ max: 1000 }),
  })
  .superRefine((body, ctx) => {
    if (body.channel === 'bus' && body.id_transport === undefined)
      ctx.addIssue({ code: 'custom', path: ['id_transport'], message: 'error.empty' });
  });
export type ChannelMessageBody = z.infer<typeof ZChannelMessageBody>;

/** A topic travellers can follow (spec §3). */
export const ZAppTopic = z.object({
  id: z.number().int(),
  id_topics: z.number().int(),
  title: z.string(),
  followers: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AppTopic = z.infer<typeof ZAppTopic>;

/** POST /app/topics */
export const ZCreateAppTopicBody = z.object({ title: requiredText({ max: 120 }) });
export type CreateAppTopicBody = z.infer<typeof ZCreateAppTopicBody>;

/** PATCH /app/topics/{id} */
export const ZUpdateAppTopicBody = ZCreateAppTopicBody.partial();
export type UpdateAppTopicBody = z.infer<typeof ZUpdateAppTopicBody>;
