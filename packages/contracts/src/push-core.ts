/**
 * What push notifications, their delivery and the traveller's inbox share (issue #16, docs/adr/0023). The calls'
 * bodies and answers live in push-notifications.schema.ts (staff) and push-inbox.schema.ts (the app).
 */

/** spec §4: a message is not sent, then sent; a scheduled one waits for its time. */
export const PUSH_NOTIFICATION_STATUSES = ['draft', 'scheduled', 'sent'] as const;
export type PushNotificationStatus = (typeof PUSH_NOTIFICATION_STATUSES)[number];

/**
 * Who receives a message (spec §3 receiver group): every traveller, selected customers, the travellers of one
 * coach (a departure's transport), the travellers of given departure dates, or a topic's followers.
 */
export const PUSH_RECEIVER_GROUPS = ['all', 'customers', 'bus', 'dates', 'topic'] as const;
export type PushReceiverGroup = (typeof PUSH_RECEIVER_GROUPS)[number];

/** The two quick channels of spec §1: 'An alle Kunden' (all) and 'Nur an den Bus' (bus). */
export const PUSH_CHANNELS = ['all', 'bus'] as const;
export type PushChannel = (typeof PUSH_CHANNELS)[number];

export const PUSH_DELIVERY_STATUSES = ['queued', 'sent', 'failed', 'gone'] as const;
export type PushDeliveryStatus = (typeof PUSH_DELIVERY_STATUSES)[number];

/** What the service worker receives in a push (JSON, encrypted aes128gcm by Web Push). */
export type PushPayload = {
  /** the inbox entry (user_notification id): opening the notification marks it opened */
  id: number;
  title: string;
  body: string;
  /** where a tap leads: the message's link, its survey, or the inbox entry */
  url: string;
  /** a quick message of a channel */
  channel?: PushChannel;
};
