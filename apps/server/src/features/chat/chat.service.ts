import {
  buildSearchText,
  hasPermission,
  searchWords,
  type ChatChannel,
  type ChatChannelDetail,
  type ChatDeparture,
  type ChatMember,
  type ChatMessage,
  type ChatMessageAction,
  type ChatMessageBody,
  type ChatMessagePage,
  type ChatMessageQuery,
  type ChatUnread,
} from '@tourdesk/contracts';
import { nowIso, parseJson, toIso } from '../../db/dialect.ts';
import { ApiError, forbidden, notFound } from '../../lib/errors.ts';
import type { RealtimeEvent } from '../../lib/realtime.ts';
import type { AuthUser, DbContext } from '../../types.ts';
import { officeDay } from '../driver-app/driver-app.service.ts';
import {
  addStaffNotices,
  findStaffWithPermission,
  ringBells,
  userTopic,
} from '../staff-notifications/staff-notifications.service.ts';
import {
  countUnread,
  currentDepartures,
  departureExists,
  findChannel,
  findDepartureChannel,
  findDepartureCoaches,
  findDepartureDrivers,
  findDrivenDepartures,
  findGeneralChannel,
  findMessage,
  findOpenableDepartures,
  findUsers,
  insertDepartureChannel,
  insertMessage,
  latestMessageId,
  listChannels,
  markRead,
  pageMessages,
  updateMessage,
  type ChannelRow,
  type MessageRow,
} from './chat.repository.ts';

/**
 * The chat (issue #17 item 2, docs/adr/0026). Who reads what is decided once, in `chatViewer`: staff holding
 * `chat-read` read every channel (and write with `chat-create`); a driver (an app user whose card drives a coach)
 * reads and writes the channels of the departures they drive, and nothing else.
 */

type Publish = (event: RealtimeEvent) => Promise<void>;

export type ChatViewer = {
  userId: number;
  /** staff with chat-read: every channel */
  staff: boolean;
  /** a driver's departures (empty for staff, who see all) */
  departures: ReadonlySet<number>;
  canWrite: boolean;
  /** may delete others' messages (chat-delete) */
  moderator: boolean;
};

/** Realtime topics: the general channel, every departure channel (staff follow it), one departure's channel. */
export const GENERAL_TOPIC = 'chat:general';
export const DEPARTURES_TOPIC = 'chat:departures';
export const departureTopic = (departureId: number) => `chat:departure:${departureId}`;
/** The event on a channel's topics: a message was written, changed or deleted. */
export const MESSAGE_EVENT = 'chatMessage';
/** The event on the user's topic: their read marker moved (another tab reads along). */
export const READ_EVENT = 'chatRead';

export type MessageHint = { channelId: number; messageId: number; authorId: number; action: ChatMessageAction };

export async function chatViewer(ctx: DbContext, auth: AuthUser): Promise<ChatViewer> {
  if (auth.kind === 'staff') {
    if (!hasPermission(auth, 'chat-read')) throw forbidden();
    return {
      userId: auth.id,
      staff: true,
      departures: new Set(),
      canWrite: hasPermission(auth, 'chat-create'),
      moderator: hasPermission(auth, 'chat-delete'),
    };
  }
  if (auth.kind !== 'app') throw forbidden();
  // an app user who drives nothing (yet) reads no channel
  const departures = await findDrivenDepartures(ctx.db, auth.id);
  return { userId: auth.id, staff: false, departures: new Set(departures), canWrite: true, moderator: false };
}

/** The topics a viewer's stream follows. */
export const viewerTopics = (viewer: ChatViewer): string[] =>
  viewer.staff
    ? [GENERAL_TOPIC, DEPARTURES_TOPIC, userTopic(viewer.userId)]
    : [...[...viewer.departures].map(departureTopic), userTopic(viewer.userId)];

const day = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value)).slice(0, 10);
const fullName = (user: { firstname: string; lastname: string; email?: string }) =>
  `${user.firstname} ${user.lastname}`.trim() || (user.email ?? '');

const channelName = (row: ChannelRow) =>
  row.kind === 'general' ? 'general' : `${row.title ?? ''}${row.termincode ? ` (${row.termincode})` : ''}`;

const toChannel = (
  row: ChannelRow & { unread?: number | string | null; last_message_at?: string | Date | null },
): ChatChannel => ({
  id: row.id,
  kind: row.kind,
  name: channelName(row),
  departureId: row.id_jrn_date,
  dateFrom: row.date_from ? day(row.date_from) : null,
  unread: Number(row.unread ?? 0),
  lastMessageAt: toIso(row.last_message_at ?? null),
});

/** The channel in a path (`general` or an id), if the viewer may read it; 404 for an unknown one. */
async function resolveChannel(ctx: DbContext, viewer: ChatViewer, channel: 'general' | number): Promise<ChannelRow> {
  const row = channel === 'general' ? await findGeneralChannel(ctx.db) : await findChannel(ctx.db, channel);
  if (!row) throw notFound();
  assertReads(viewer, row);
  return row;
}

function assertReads(viewer: ChatViewer, row: ChannelRow) {
  if (viewer.staff) return;
  if (row.kind !== 'departure' || row.id_jrn_date === null || !viewer.departures.has(row.id_jrn_date))
    throw new ApiError(403, 'error.notYourDeparture');
}

/** The channels a viewer reads, the general one first, then by the newest message and the departure's date. */
export async function listChatChannels(ctx: DbContext, viewer: ChatViewer): Promise<ChatChannel[]> {
  let departures: number[] | null = null;
  if (!viewer.staff) {
    // A driver's current departures get their channel when the driver first looks (created on demand).
    departures = [...viewer.departures];
    for (const nr of await currentDepartures(ctx.db, departures, officeDay())) await insertDepartureChannel(ctx.db, nr);
  }
  const rows = await listChannels(ctx.db, viewer.userId, { withGeneral: viewer.staff, departures });
  return rows
    .map(toChannel)
    .sort(
      (a, b) =>
        Number(b.kind === 'general') - Number(a.kind === 'general') ||
        (b.lastMessageAt ?? '').localeCompare(a.lastMessageAt ?? '') ||
        (a.dateFrom ?? '').localeCompare(b.dateFrom ?? '') ||
        a.id - b.id,
    );
}

/** Those who read a channel: staff with chat-read, and for a departure its drivers. */
async function channelMembers(ctx: DbContext, row: ChannelRow) {
  const staff = await findUsers(ctx.db, await findStaffWithPermission(ctx.db, 'chat-read'));
  const drivers =
    row.kind === 'departure' && row.id_jrn_date !== null ? await findDepartureDrivers(ctx.db, row.id_jrn_date) : [];
  const byId = new Map([...staff, ...drivers].map((user) => [user.id, user]));
  return [...byId.values()].sort((a, b) => fullName(a).localeCompare(fullName(b), 'de'));
}

async function toDetail(ctx: DbContext, viewer: ChatViewer, row: ChannelRow): Promise<ChatChannelDetail> {
  const [members, coaches, unread] = await Promise.all([
    channelMembers(ctx, row),
    row.id_jrn_date !== null ? findDepartureCoaches(ctx.db, row.id_jrn_date) : Promise.resolve([]),
    countUnread(ctx.db, viewer.userId, row.id),
  ]);
  return {
    ...toChannel({ ...row, unread }),
    members: members.map((user) => ({ id: user.id, name: fullName(user) })),
    coaches: coaches.map((coach) => ({ id: coach.id, name: coach.name, direction: coach.direction })),
  };
}

export async function getChatChannel(
  ctx: DbContext,
  viewer: ChatViewer,
  channel: 'general' | number,
): Promise<ChatChannelDetail> {
  return toDetail(ctx, viewer, await resolveChannel(ctx, viewer, channel));
}

/** Opens a departure's channel, making it the first time (staff, or a driver of that departure). */
export async function openDepartureChannel(
  ctx: DbContext,
  viewer: ChatViewer,
  departureId: number,
): Promise<ChatChannelDetail> {
  if (!viewer.staff && !viewer.departures.has(departureId)) throw new ApiError(403, 'error.notYourDeparture');
  if (!(await departureExists(ctx.db, departureId))) throw notFound();
  await insertDepartureChannel(ctx.db, departureId);
  const row = await findDepartureChannel(ctx.db, departureId);
  if (!row) throw notFound();
  return toDetail(ctx, viewer, row);
}

async function toMessages(ctx: DbContext, viewer: ChatViewer, rows: readonly MessageRow[]): Promise<ChatMessage[]> {
  const mentions = new Map(rows.map((row) => [row.id, parseJson<number[]>(row.mentions, [])]));
  const users = new Map(
    (await findUsers(ctx.db, [...rows.map((row) => row.id_user), ...[...mentions.values()].flat()])).map((user) => [
      user.id,
      { id: user.id, name: fullName(user) },
    ]),
  );
  const member = (id: number): ChatMember => users.get(id) ?? { id, name: '' };
  return rows.map((row) => ({
    id: row.id,
    channelId: row.id_chat_channel,
    author: member(row.id_user),
    text: row.deleted_at ? '' : row.text,
    mentions: row.deleted_at ? [] : (mentions.get(row.id) ?? []).map(member),
    createdAt: toIso(row.created_at) ?? '',
    editedAt: toIso(row.edited_at),
    deleted: row.deleted_at !== null,
    own: row.id_user === viewer.userId,
  }));
}

const DEFAULT_PAGE = 30;

export async function listChatMessages(
  ctx: DbContext,
  viewer: ChatViewer,
  channel: 'general' | number,
  query: ChatMessageQuery,
): Promise<ChatMessagePage> {
  const row = await resolveChannel(ctx, viewer, channel);
  const limit = query.$limit ?? DEFAULT_PAGE;
  const rows = await pageMessages(ctx.db, ctx.dialect, row.id, {
    limit: limit + 1,
    words: searchWords(query.q),
    ...(query.before !== undefined ? { before: query.before } : {}),
  });
  const page = rows.slice(0, limit).reverse();
  return { data: await toMessages(ctx, viewer, page), hasMore: rows.length > limit };
}

export async function getChatMessage(ctx: DbContext, viewer: ChatViewer, id: number): Promise<ChatMessage> {
  const message = await findMessage(ctx.db, id);
  if (!message) throw notFound();
  const channel = await findChannel(ctx.db, message.id_chat_channel);
  if (!channel) throw notFound();
  assertReads(viewer, channel);
  const [view] = await toMessages(ctx, viewer, [message]);
  return view!;
}

/** The link of a channel in the back office. */
const channelLink = (row: ChannelRow) => `/chat/channel/${row.kind === 'general' ? 'general' : row.id}`;

/** The topics a channel's events go to. */
const channelTopics = (row: ChannelRow) =>
  row.kind === 'general' || row.id_jrn_date === null
    ? [GENERAL_TOPIC]
    : [DEPARTURES_TOPIC, departureTopic(row.id_jrn_date)];

async function announce(publish: Publish, row: ChannelRow, hint: MessageHint) {
  for (const topic of channelTopics(row)) await publish({ topic, type: MESSAGE_EVENT, data: hint });
}

/** The mentioned users who read the channel (others are dropped), and of them the staff whose bell rings. */
async function resolveMentions(ctx: DbContext, row: ChannelRow, ids: readonly number[] | undefined) {
  if (!ids || ids.length === 0) return { ids: [], staff: [] };
  const members = new Map((await channelMembers(ctx, row)).map((user) => [user.id, user]));
  const kept = [...new Set(ids)].filter((id) => members.has(id));
  return { ids: kept, staff: kept.filter((id) => members.get(id)?.kind === 'staff') };
}

function assertWrites(viewer: ChatViewer) {
  if (!viewer.canWrite) throw forbidden();
}

/**
 * Writes a message; the author has read up to it. Mentioned staff get a bell entry (once per message), and the
 * channel's followers hear of it on every instance.
 */
export async function postChatMessage(
  ctx: DbContext,
  publish: Publish,
  viewer: ChatViewer,
  channel: 'general' | number,
  body: ChatMessageBody,
): Promise<ChatMessage> {
  assertWrites(viewer);
  const row = await resolveChannel(ctx, viewer, channel);
  const mentions = await resolveMentions(ctx, row, body.mentions);
  const author = (await findUsers(ctx.db, [viewer.userId]))[0];
  const { message, rung } = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await insertMessage(trx, {
      id_chat_channel: row.id,
      id_user: viewer.userId,
      text: body.text,
      search_text: buildSearchText([body.text]),
      mentions: JSON.stringify(mentions.ids),
    });
    await markRead(trx, viewer.userId, row.id, inserted.id);
    const notified = await addStaffNotices(
      trx,
      mentions.staff.filter((id) => id !== viewer.userId),
      {
        kind: 'chatMention',
        text: `${author ? fullName(author) : ''}: ${body.text}`,
        link: channelLink(row),
        dedupeKey: `chat-message:${inserted.id}`,
      },
    );
    return { message: inserted, rung: notified };
  });
  await ringBells(publish, rung);
  await announce(publish, row, {
    channelId: row.id,
    messageId: message.id,
    authorId: viewer.userId,
    action: 'created',
  });
  const [view] = await toMessages(ctx, viewer, [message]);
  return view!;
}

async function ownMessage(ctx: DbContext, viewer: ChatViewer, id: number, allowModerator: boolean) {
  const message = await findMessage(ctx.db, id);
  if (!message || message.deleted_at) throw notFound();
  const channel = await findChannel(ctx.db, message.id_chat_channel);
  if (!channel) throw notFound();
  assertReads(viewer, channel);
  if (message.id_user !== viewer.userId && !(allowModerator && viewer.moderator)) throw forbidden();
  return { message, channel };
}

/** Changes the text of one's own message; users newly mentioned hear of it (each message rings a user once). */
export async function editChatMessage(
  ctx: DbContext,
  publish: Publish,
  viewer: ChatViewer,
  id: number,
  body: ChatMessageBody,
): Promise<ChatMessage> {
  assertWrites(viewer);
  const { channel } = await ownMessage(ctx, viewer, id, false);
  const mentions = await resolveMentions(ctx, channel, body.mentions);
  const author = (await findUsers(ctx.db, [viewer.userId]))[0];
  const { updated, rung } = await ctx.db.transaction().execute(async (trx) => {
    const changed = await updateMessage(trx, id, {
      text: body.text,
      search_text: buildSearchText([body.text]),
      mentions: JSON.stringify(mentions.ids),
      edited_at: nowIso(),
    });
    const notified = await addStaffNotices(
      trx,
      mentions.staff.filter((user) => user !== viewer.userId),
      {
        kind: 'chatMention',
        text: `${author ? fullName(author) : ''}: ${body.text}`,
        link: channelLink(channel),
        dedupeKey: `chat-message:${id}`,
      },
    );
    return { updated: changed, rung: notified };
  });
  await ringBells(publish, rung);
  await announce(publish, channel, {
    channelId: channel.id,
    messageId: id,
    authorId: viewer.userId,
    action: 'updated',
  });
  const [view] = await toMessages(ctx, viewer, [updated]);
  return view!;
}

/** Deletes one's own message (or any, with chat-delete): its text is gone, a placeholder stays in the history. */
export async function deleteChatMessage(
  ctx: DbContext,
  publish: Publish,
  viewer: ChatViewer,
  id: number,
): Promise<ChatMessage> {
  const { message, channel } = await ownMessage(ctx, viewer, id, true);
  const updated = await updateMessage(ctx.db, id, { text: '', search_text: '', mentions: '[]', deleted_at: nowIso() });
  await announce(publish, channel, {
    channelId: channel.id,
    messageId: id,
    authorId: message.id_user,
    action: 'deleted',
  });
  const [view] = await toMessages(ctx, viewer, [updated]);
  return view!;
}

/** Moves the viewer's read marker (to `messageId`, or to the newest message) and tells their other tabs. */
export async function readChatChannel(
  ctx: DbContext,
  publish: Publish,
  viewer: ChatViewer,
  channel: 'general' | number,
  messageId: number | undefined,
): Promise<ChatUnread> {
  const row = await resolveChannel(ctx, viewer, channel);
  const last = messageId ?? (await latestMessageId(ctx.db, row.id));
  if (last > 0 && (await markRead(ctx.db, viewer.userId, row.id, last)))
    await publish({ topic: userTopic(viewer.userId), type: READ_EVENT, data: { channelId: row.id } });
  return { channelId: row.id, unread: await countUnread(ctx.db, viewer.userId, row.id) };
}

/** The unread counts of every channel the viewer reads (a stream's first event). */
export async function chatUnreadCounts(ctx: DbContext, viewer: ChatViewer): Promise<ChatUnread[]> {
  const rows = await listChannels(ctx.db, viewer.userId, {
    withGeneral: viewer.staff,
    departures: viewer.staff ? null : [...viewer.departures],
  });
  return rows.map((row) => ({ channelId: row.id, unread: Number(row.unread ?? 0) }));
}

export const unreadIn = (ctx: DbContext, viewer: ChatViewer, channelId: number) =>
  countUnread(ctx.db, viewer.userId, channelId);

/** Departures whose channel the viewer can open (staff: all that have not ended; a driver: his own). */
export async function listChatDepartures(
  ctx: DbContext,
  viewer: ChatViewer,
  q: string | undefined,
): Promise<ChatDeparture[]> {
  const words = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
  const rows = await findOpenableDepartures(ctx.db, officeDay(), {
    departures: viewer.staff ? null : [...viewer.departures],
    words,
    limit: 20,
  });
  return rows.map((row) => ({
    departureId: row.nr,
    name: `${row.title} (${row.termincode})`,
    dateFrom: day(row.date_from),
    channelId: row.channel_id,
  }));
}
