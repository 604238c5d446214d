import { z } from 'zod';
import { MAX_ID, requiredText } from './fields.ts';

/**
 * The chat (issue #17 item 2, docs/adr/0026): the channel `general` for the office, and one channel per departure
 * (`jrn_date.nr`) for the office and that departure's drivers. Messages name their author and the users they
 * mention; each user has a read marker per channel, from which the unread counts follow.
 */

export const CHAT_CHANNEL_KINDS = ['general', 'departure'] as const;
export type ChatChannelKind = (typeof CHAT_CHANNEL_KINDS)[number];

/** The longest message (characters). */
export const CHAT_MESSAGE_MAX = 4000;

const id = () =>
  z.number({ error: 'error.invalid' }).int('error.invalid').positive('error.invalid').max(MAX_ID, 'error.invalid');
const idParam = () =>
  z.coerce
    .number({ error: 'error.invalid' })
    .int('error.invalid')
    .positive('error.invalid')
    .max(MAX_ID, 'error.invalid');

/** A channel in a path: `general`, or a channel's id. */
export const ZChatChannelParams = z.object({
  channel: z.union([z.literal('general'), idParam()], { error: 'error.invalid' }),
});
export type ChatChannelParams = z.infer<typeof ZChatChannelParams>;

/** A departure in a path (`jrn_date.nr`). */
export const ZChatDepartureParams = z.object({ departureId: idParam() });

/** Someone who can read a channel, and so can be mentioned in it. */
export const ZChatMember = z.object({ id: z.number().int(), name: z.string() });
export type ChatMember = z.infer<typeof ZChatMember>;

/** A coach of a departure channel: where a message to the travellers can go ('Nur an den Bus'). */
export const ZChatCoach = z.object({ id: z.number().int(), name: z.string(), direction: z.string() });

export const ZChatChannel = z.object({
  id: z.number().int(),
  kind: z.enum(CHAT_CHANNEL_KINDS),
  /** `general`, or the departure's journey title and dates, e.g. `Gardasee · 12.05.–18.05.2027 (GAR-0512)` */
  name: z.string(),
  /** the departure (`jrn_date.nr`) of a departure channel */
  departureId: z.number().int().nullable(),
  /** YYYY-MM-DD */
  dateFrom: z.string().nullable(),
  /** messages of others after the user's read marker */
  unread: z.number().int(),
  lastMessageAt: z.string().nullable(),
});
export type ChatChannel = z.infer<typeof ZChatChannel>;

export const ZChatChannelList = z.object({ data: z.array(ZChatChannel) });
export type ChatChannelList = z.infer<typeof ZChatChannelList>;

/** One channel with those who can read it (for mentions) and, for a departure, its coaches. */
export const ZChatChannelDetail = ZChatChannel.extend({
  members: z.array(ZChatMember),
  coaches: z.array(ZChatCoach),
});
export type ChatChannelDetail = z.infer<typeof ZChatChannelDetail>;

export const ZChatMessage = z.object({
  id: z.number().int(),
  channelId: z.number().int(),
  author: ZChatMember,
  /** empty once deleted */
  text: z.string(),
  mentions: z.array(ZChatMember),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  deleted: z.boolean(),
  /** whether the reader wrote it (and may edit or delete it) */
  own: z.boolean(),
});
export type ChatMessage = z.infer<typeof ZChatMessage>;

/**
 * GET /chat/channels/{channel}/messages: the newest `$limit` (1–100, default 30) messages before the message `before`,
 * oldest first; with `q`, only those containing every word (case and accents ignored).
 */
export const ZChatMessageQuery = z.object({
  before: idParam().optional(),
  $limit: z.coerce
    .number({ error: 'error.invalidQuery' })
    .int('error.invalidQuery')
    .min(1, 'error.invalidQuery')
    .max(100, 'error.invalidQuery')
    .optional(),
  q: z.string({ error: 'error.invalidQuery' }).max(200, 'error.tooLong').optional(),
});
export type ChatMessageQuery = z.infer<typeof ZChatMessageQuery>;

export const ZChatMessagePage = z.object({
  data: z.array(ZChatMessage),
  /** older messages exist (page on with `before` = the first message's id) */
  hasMore: z.boolean(),
});
export type ChatMessagePage = z.infer<typeof ZChatMessagePage>;

/** POST /chat/channels/{channel}/messages. `mentions`: the users picked as `@Firstname Lastname`. */
export const ZChatMessageBody = z.object({
  text: requiredText({ max: CHAT_MESSAGE_MAX }),
  mentions: z.array(id(), { error: 'error.invalid' }).max(50, 'error.invalid').optional(),
});
export type ChatMessageBody = z.infer<typeof ZChatMessageBody>;

/** PATCH /chat/messages/{id}: a new text (and its mentions) for one's own message. */
export const ZChatMessageEditBody = ZChatMessageBody;

/** POST /chat/channels/{channel}/read: read up to `messageId`, or (without it) everything. */
export const ZChatReadBody = z.object({ messageId: id().optional() });
export type ChatReadBody = z.infer<typeof ZChatReadBody>;

export const ZChatUnread = z.object({ channelId: z.number().int(), unread: z.number().int() });
export type ChatUnread = z.infer<typeof ZChatUnread>;

/**
 * The events of GET /chat/stream: first `unread` with every channel's count, then `unread` for one channel when
 * the count changed, and `message` when a message was written, changed or deleted (the client reads it).
 */
export const ZChatUnreadEvent = z.object({ counts: z.array(ZChatUnread) });
export type ChatUnreadEvent = z.infer<typeof ZChatUnreadEvent>;
export const CHAT_MESSAGE_ACTIONS = ['created', 'updated', 'deleted'] as const;
export type ChatMessageAction = (typeof CHAT_MESSAGE_ACTIONS)[number];
export const ZChatMessageEvent = z.object({
  channelId: z.number().int(),
  messageId: z.number().int(),
  authorId: z.number().int(),
  action: z.enum(CHAT_MESSAGE_ACTIONS),
  unread: z.number().int(),
});
export type ChatMessageEvent = z.infer<typeof ZChatMessageEvent>;

/** GET /chat/departures: departures whose channel can be opened (not ended), soonest first; `q` searches the journey. */
export const ZChatDepartureQuery = z.object({
  q: z.string({ error: 'error.invalidQuery' }).max(100, 'error.tooLong').optional(),
});
export const ZChatDeparture = z.object({
  departureId: z.number().int(),
  name: z.string(),
  dateFrom: z.string(),
  /** the departure's channel, once opened */
  channelId: z.number().int().nullable(),
});
export type ChatDeparture = z.infer<typeof ZChatDeparture>;
export const ZChatDepartureList = z.object({ data: z.array(ZChatDeparture) });
export type ChatDepartureList = z.infer<typeof ZChatDepartureList>;
