import type { StaffNotification, StaffNotificationKind, StaffNotificationList } from '@tourdesk/contracts';
import type { Database } from '../../db/database.ts';
import { toIso } from '../../db/dialect.ts';
import type { RealtimeEvent } from '../../lib/realtime.ts';
import type { DbContext } from '../../types.ts';
import {
  countUnreadStaffNotifications,
  findStaffNotifications,
  insertStaffNotifications,
  markStaffNotificationsRead,
} from './staff-notifications.repository.ts';

export { findStaffWithPermission, hasNoticeWithKey } from './staff-notifications.repository.ts';

/**
 * The back office's bell (issue #17, docs/adr/0024). Features ring it with `notifyStaff`; each user's bell follows
 * the realtime topic `userTopic(id)` and counts again when an event arrives there, on whichever instance.
 */

/** What a feature announces: the kind's label comes from i18n, `text` says what it is about. */
export type StaffNotice = {
  kind: StaffNotificationKind;
  /** Shown under the kind's label, e.g. the mail's sender and subject (cut to 300 characters). */
  text: string;
  /** Where clicking the entry leads in the back office. */
  link?: string | null;
  /** The same key rings each user once, e.g. `todo-due:17` (a job running again adds nothing). */
  dedupeKey?: string | null;
};

/** The realtime topic of one user: their bell, and whatever else concerns only them (a chat's unread counts). */
export const userTopic = (userId: number) => `user:${userId}`;

/** The event that tells a user's bell to count again. */
export const NOTIFICATION_EVENT = 'notification';

type Publish = (event: RealtimeEvent) => Promise<void>;

/**
 * Writes the notice for each user in `db` (a transaction or not) and returns those who got a new one. Inside a
 * transaction, call `ringBells` with them after the commit.
 */
export const addStaffNotices = (db: Database, userIds: readonly number[], notice: StaffNotice) =>
  insertStaffNotifications(db, userIds, {
    kind: notice.kind,
    text: notice.text.slice(0, 300),
    link: notice.link ?? null,
    dedupe_key: notice.dedupeKey ?? null,
  });

/** Tells the users' bells, on every instance, that they have something new (published together: one batch). */
export async function ringBells(publish: Publish, userIds: readonly number[]): Promise<void> {
  await Promise.all(userIds.map((userId) => publish({ topic: userTopic(userId), type: NOTIFICATION_EVENT, data: {} })));
}

/** `addStaffNotices`, then `ringBells`: for work that is not inside a transaction (jobs, pollers). */
export async function notifyStaff(
  ctx: DbContext,
  publish: Publish,
  userIds: readonly number[],
  notice: StaffNotice,
): Promise<number[]> {
  const added = await addStaffNotices(ctx.db, userIds, notice);
  await ringBells(publish, added);
  return added;
}

const toView = (row: Awaited<ReturnType<typeof findStaffNotifications>>[number]): StaffNotification => ({
  id: row.id,
  kind: row.kind,
  text: row.text,
  link: row.link,
  createdAt: toIso(row.created_at) ?? '',
  read: row.read_at !== null,
});

export async function listStaffNotifications(
  ctx: DbContext,
  userId: number,
  limit = 20,
): Promise<StaffNotificationList> {
  const [unread, rows] = await Promise.all([
    countUnreadStaffNotifications(ctx.db, userId),
    findStaffNotifications(ctx.db, userId, limit),
  ]);
  return { unread, data: rows.map(toView) };
}

export const unreadStaffNotifications = (ctx: DbContext, userId: number) =>
  countUnreadStaffNotifications(ctx.db, userId);

/** Marks entries read (the given ones, or all) and lets the user's other tabs know. */
export async function readStaffNotifications(
  ctx: DbContext,
  publish: Publish,
  userId: number,
  ids: readonly number[] | undefined,
  now: string,
): Promise<{ unread: number }> {
  const changed = await markStaffNotificationsRead(ctx.db, userId, ids, now);
  if (changed > 0) await ringBells(publish, [userId]);
  return { unread: await countUnreadStaffNotifications(ctx.db, userId) };
}
