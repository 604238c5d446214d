import type { Generated } from 'kysely';
import type { PushChannel, PushDeliveryStatus, PushNotificationStatus, PushReceiverGroup } from '@tourdesk/contracts';

/** A topic travellers can follow in the app (spec §3: id_topics, title). */
export type AppTopicTable = {
  id_topics: Generated<number>;
  title: string;
  /** DIN 5007 key of `title` */
  sort_name: Generated<string>;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};

export type AppTopicFollowerTable = {
  id_topics: number;
  id_user: number;
  created_at: Generated<string | Date>;
};

/** A device that receives pushes: a Web Push subscription, or the FCM token of a native wrapper. */
export type PushSubscriptionTable = {
  id: Generated<number>;
  id_user: number;
  kind: 'webpush' | 'fcm';
  /** the push service's URL (Web Push) or the FCM token */
  endpoint: string;
  p256dh: string | null;
  auth: string | null;
  user_agent: string | null;
  /** the brand (host) the app subscribed from */
  id_brand: number | null;
  failures: Generated<number>;
  last_success_at: string | Date | null;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};

/** A message to travellers (spec §3), or a quick message of one of the two channels of spec §1. */
export type PushNotificationTable = {
  id_pushnotifications: Generated<number>;
  title: string;
  short: string | null;
  message: Generated<string>;
  id_topics: number | null;
  link: string | null;
  status: Generated<PushNotificationStatus>;
  receiver_group: Generated<PushReceiverGroup>;
  /** JSON array: customer card ids (customers), one transport id (bus), departure numbers (dates) */
  receiver_ids: Generated<string>;
  channel: PushChannel | null;
  id_brand: number | null;
  id_sender: number | null;
  scheduled_at: string | Date | null;
  sent_at: string | Date | null;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};

/** The traveller's inbox: one row per receiver of a sent message. */
export type UserNotificationTable = {
  id: Generated<number>;
  id_pushnotifications: number;
  id_user: number;
  created_at: Generated<string | Date>;
  read_at: string | Date | null;
  opened_at: string | Date | null;
};

/** The delivery outbox: one row per message and device. */
export type PushDeliveryTable = {
  id: Generated<number>;
  id_pushnotifications: number;
  id_user: number;
  id_push_subscription: number | null;
  status: Generated<PushDeliveryStatus>;
  attempts: Generated<number>;
  next_attempt_at: Generated<string | Date>;
  locked_until: string | Date | null;
  sent_at: string | Date | null;
  http_status: number | null;
  last_error: string | null;
  created_at: Generated<string | Date>;
};

export type PushNotificationSurveyTable = {
  id_pushnotifications: number;
  id_survey_survey: number;
  position: Generated<number>;
};
