import type {
  ChannelMessage,
  DriverMessage,
  DriverMessageBody,
  InboxEntry,
  InboxPage,
  InboxQuery,
  MyTopic,
  PushChannel,
} from '@tourdesk/contracts';
import { toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/errors.ts';
import type { DbContext } from '../../types.ts';
import { drivenTransport } from '../drivers/drivers.service.ts';
import {
  countInbox,
  countUnread,
  deleteFollower,
  findChannelMessages,
  findCoachMessages,
  findInboxPage,
  findInboxRow,
  findMessageSurveys,
  findTopic,
  findTopicsOf,
  findUserName,
  insertCoachMessage,
  insertFollower,
  setAllRead,
  setInboxOpened,
  setInboxRead,
  type InboxRow,
} from './push-inbox.repository.ts';
import { findTransport } from './push.repository.ts';
import { sendNotification } from './push.service.ts';

/**
 * The traveller's side of push notifications (docs/adr/0023): their inbox — only their own rows, another user's
 * is 404 —, the topics they follow, the chat-style thread of the channel messages, and a driver's quick message to
 * the coach they drive (sent at once, like a staff message of the 'bus' channel).
 */

/**
 * The title of a driver's quick message: the driver's name, as a chat shows who wrote — the same in every language
 * the travellers read (the app labels the thread itself).
 */
const coachMessageTitle = (sender: { firstname: string | null; lastname: string | null } | undefined) =>
  (sender ? nameOf(sender) : null) ?? 'Bus';

const DEFAULT_INBOX_PAGE = 20;
/** The thread shows this many of the newest channel messages. */
const CHANNEL_THREAD_LIMIT = 200;

const nameOf = (row: { firstname: string | null; lastname: string | null }) =>
  [row.firstname, row.lastname].filter(Boolean).join(' ').trim() || null;

async function toEntries(ctx: DbContext, userId: number, rows: InboxRow[]): Promise<InboxEntry[]> {
  const surveys = await findMessageSurveys(ctx.db, userId, [...new Set(rows.map((row) => row.id_pushnotifications))]);
  return rows.map((row) => ({
    id: row.id,
    id_pushnotifications: row.id_pushnotifications,
    title: row.title,
    short: row.short,
    message: row.message,
    link: row.link,
    channel: row.channel,
    createdAt: toIso(row.created_at)!,
    read: row.read_at !== null,
    opened: row.opened_at !== null,
    surveys: surveys
      .filter((survey) => survey.id_pushnotifications === row.id_pushnotifications)
      .map((survey) => ({ id: survey.id_survey_survey, title: survey.title, answered: Boolean(survey.answered) })),
  }));
}

/** GET /app/usernotifications-lit: the user's inbox, newest first. */
export async function listInbox(ctx: DbContext, userId: number, query: InboxQuery): Promise<InboxPage> {
  const limit = query.$limit ?? DEFAULT_INBOX_PAGE;
  const skip = query.$skip ?? 0;
  const [total, rows] = await Promise.all([countInbox(ctx.db, userId), findInboxPage(ctx.db, userId, limit, skip)]);
  return { total, limit, skip, data: await toEntries(ctx, userId, rows) };
}

/** GET /app/usernotifications/{id}: one of the user's own entries (404 for anybody else's). */
export async function getInboxEntry(ctx: DbContext, userId: number, id: number): Promise<InboxEntry> {
  const row = await findInboxRow(ctx.db, userId, id);
  if (!row) throw notFound();
  return (await toEntries(ctx, userId, [row]))[0]!;
}

/** PATCH /app/usernotifications/{id}: marks the entry read or unread. */
export async function markInboxRead(ctx: DbContext, userId: number, id: number, read: boolean, now: string) {
  const row = await findInboxRow(ctx.db, userId, id);
  if (!row) throw notFound();
  // marking read keeps the first time it was read
  if (read !== (row.read_at !== null)) await setInboxRead(ctx.db, userId, id, read ? now : null);
  return getInboxEntry(ctx, userId, id);
}

/** POST /app/usernotifications/{id}/opened: the notification was tapped (or the entry opened from it). */
export async function markInboxOpened(ctx: DbContext, userId: number, id: number, now: string) {
  if (!(await setInboxOpened(ctx.db, userId, id, now))) throw notFound();
  return getInboxEntry(ctx, userId, id);
}

/** POST /app/usernotifications/read-all */
export async function markAllRead(ctx: DbContext, userId: number, now: string) {
  return { updated: await setAllRead(ctx.db, userId, now) };
}

/** GET /app/usernotifications/unread-count */
export async function unreadCount(ctx: DbContext, userId: number) {
  return { unread: await countUnread(ctx.db, userId) };
}

/** GET /app/my-topics: every topic, with whether the user follows it. */
export async function listMyTopics(ctx: DbContext, userId: number): Promise<MyTopic[]> {
  const rows = await findTopicsOf(ctx.db, userId);
  return rows.map((row) => ({ id: row.id_topics, title: row.title, following: row.id_user !== null }));
}

/** PUT /app/my-topics/{id} (follow) and DELETE (leave); both idempotent, 404 for an unknown topic. */
export async function setFollowing(ctx: DbContext, userId: number, topicId: number, following: boolean) {
  const topic = await findTopic(ctx.db, topicId);
  if (!topic) throw notFound();
  if (following) await insertFollower(ctx.db, topicId, userId);
  else await deleteFollower(ctx.db, topicId, userId);
  return { id: topic.id_topics, title: topic.title, following };
}

/** GET /app/channel-messages: the user's channel messages, oldest first (a chat thread). */
export async function listChannelMessages(ctx: DbContext, userId: number): Promise<ChannelMessage[]> {
  const rows = await findChannelMessages(ctx.db, userId, CHANNEL_THREAD_LIMIT);
  return rows.reverse().map((row) => ({
    id: row.id,
    id_pushnotifications: row.id_pushnotifications,
    title: row.title,
    message: row.message,
    channel: row.channel as PushChannel,
    senderName: nameOf(row),
    createdAt: toIso(row.created_at)!,
    read: row.read_at !== null,
  }));
}

/** The coach the user drives: 404 for an unknown coach, 403 `error.notYourDeparture` for another driver's. */
async function ownCoach(ctx: DbContext, userId: number, transportId: number) {
  if (!(await findTransport(ctx.db, transportId))) throw notFound();
  return drivenTransport(ctx, userId, transportId);
}

/** GET /driver/transports/{id}/messages: the quick messages sent to the driver's coach, newest first. */
export async function listCoachMessages(ctx: DbContext, userId: number, transportId: number): Promise<DriverMessage[]> {
  await ownCoach(ctx, userId, transportId);
  const rows = await findCoachMessages(ctx.db, transportId, 100);
  return rows.map((row) => ({
    id: row.id_pushnotifications,
    title: row.title,
    message: row.message,
    sentAt: toIso(row.sent_at ?? row.created_at)!,
    senderName: nameOf(row),
    receivers: Number(row.receivers ?? 0),
    read: Number(row.read ?? 0),
  }));
}

/**
 * POST /driver/transports/{id}/messages: the driver's quick message to the travellers of the coach they drive
 * (403 `error.notYourDeparture` for another coach), written and sent in one transaction.
 */
export async function sendCoachMessage(
  ctx: DbContext,
  userId: number,
  transportId: number,
  body: DriverMessageBody,
  now: string,
): Promise<DriverMessage> {
  await ownCoach(ctx, userId, transportId);
  const sender = await findUserName(ctx.db, userId);
  const title = coachMessageTitle(sender);
  const { id, receivers } = await inTransaction(ctx, async (trx) => {
    const row = await insertCoachMessage(trx.db, {
      title,
      message: body.message,
      transportId,
      senderId: userId,
      now,
    });
    const sent = await sendNotification(
      trx.db,
      row.id_pushnotifications,
      { group: 'bus', ids: [transportId], topicId: null },
      now,
    );
    return { id: row.id_pushnotifications, receivers: sent.receivers };
  });
  return {
    id,
    title,
    message: body.message,
    sentAt: now,
    senderName: sender ? nameOf(sender) : null,
    receivers,
    read: 0,
  };
}
