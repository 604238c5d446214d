import { z } from 'zod';
import { PUSH_CHANNELS } from './push-core.ts';

/**
 * The traveller's side of push notifications (issue #16, docs/adr/0023): the inbox (`user_notification` rows of the
 * logged-in user), the topics they follow, the chat-style thread of the two channels, and a driver's quick message
 * to the coach they drive.
 */

export const ZInboxSurvey = z.object({ id: z.number().int(), title: z.string(), answered: z.boolean() });
export type InboxSurvey = z.infer<typeof ZInboxSurvey>;

/** One inbox entry: `id` is the inbox row, `id_pushnotifications` the message. */
export const ZInboxEntry = z.object({
  id: z.number().int(),
  id_pushnotifications: z.number().int(),
  title: z.string(),
  short: z.string().nullable(),
  message: z.string(),
  link: z.string().nullable(),
  channel: z.enum(PUSH_CHANNELS).nullable(),
  createdAt: z.string(),
  read: z.boolean(),
  opened: z.boolean(),
  surveys: z.array(ZInboxSurvey),
});
export type InboxEntry = z.infer<typeof ZInboxEntry>;

/** GET /app/usernotifications-lit: `$limit` (1–100, default 20) and `$skip`. */
export const ZInboxQuery = z.object({
  $limit: z.coerce
    .number({ error: 'error.invalidQuery' })
    .int('error.invalidQuery')
    .min(1, 'error.invalidQuery')
    .max(100, 'error.invalidQuery')
    .optional(),
  $skip: z.coerce
    .number({ error: 'error.invalidQuery' })
    .int('error.invalidQuery')
    .min(0, 'error.invalidQuery')
    .optional(),
});
export type InboxQuery = z.infer<typeof ZInboxQuery>;

export const ZInboxPage = z.object({
  total: z.number().int(),
  limit: z.number().int(),
  skip: z.number().int(),
  data: z.array(ZInboxEntry),
});
export type InboxPage = z.infer<typeof ZInboxPage>;

/** PATCH /app/usernotifications/{id} */
export const ZInboxReadBody = z.object({ read: z.boolean({ error: 'error.invalid' }) });
export type InboxReadBody = z.infer<typeof ZInboxReadBody>;

/** GET /app/usernotifications/unread-count */
export const ZUnreadCount = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof ZUnreadCount>;

/** POST /app/usernotifications/read-all */
export const ZReadAll = z.object({ updated: z.number().int() });

/** GET /app/my-topics: every topic, and whether the user follows it. */
export const ZMyTopic = z.object({ id: z.number().int(), title: z.string(), following: z.boolean() });
export type MyTopic = z.infer<typeof ZMyTopic>;

/** GET /app/channel-messages: the user's messages of a channel, oldest first. */
export const ZChannelMessage = z.object({
  id: z.number().int(),
  id_pushnotifications: z.number().int(),
  title: z.string(),
  message: z.string(),
  channel: z.enum(PUSH_CHANNELS),
  senderName: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type ChannelMessage = z.infer<typeof ZChannelMessage>;

/** The longest quick message a driver writes to their coach. */
export const DRIVER_MESSAGE_MAX = 1000;

/** POST /driver/transports/{id}/messages */
export const ZDriverMessageBody = z.object({
  message: z.string({ error: 'error.empty' }).trim().min(1, 'error.empty').max(DRIVER_MESSAGE_MAX, 'error.tooLong'),
});
export type DriverMessageBody = z.infer<typeof ZDriverMessageBody>;

/** A quick message sent to a coach's travellers. */
export const ZDriverMessage = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  sentAt: z.string(),
  senderName: z.string().nullable(),
  receivers: z.number().int(),
  read: z.number().int(),
});
export type DriverMessage = z.infer<typeof ZDriverMessage>;
