import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** The SQL of the traveller's inbox, topics, channel thread and the driver's quick messages (docs/adr/0023). */

const inboxOf = (db: Database, userId: number) =>
  db
    .selectFrom('user_notification as un')
    .innerJoin('push_notification as pn', 'pn.id_pushnotifications', 'un.id_pushnotifications')
    .where('un.id_user', '=', userId);

const inboxColumns = [
  'un.id',
  'un.id_pushnotifications',
  'un.created_at',
  'un.read_at',
  'un.opened_at',
  'pn.title',
  'pn.short',
  'pn.message',
  'pn.link',
  'pn.channel',
] as const;

export type InboxRow = Awaited<ReturnType<typeof findInboxRow>> & object;

export async function countInbox(db: Database, userId: number): Promise<number> {
  const row = await inboxOf(db, userId)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

export const findInboxPage = (db: Database, userId: number, limit: number, skip: number) =>
  inboxOf(db, userId)
    .select(inboxColumns)
    .orderBy('un.created_at', 'desc')
    .orderBy('un.id', 'desc')
    .limit(limit)
    .offset(skip)
    .execute();

export const findInboxRow = (db: Database, userId: number, id: number) =>
  inboxOf(db, userId).select(inboxColumns).where('un.id', '=', id).executeTakeFirst();

/** The surveys attached to the messages, each with whether the user answered it. */
export const findMessageSurveys = (db: Database, userId: number, messageIds: readonly number[]) =>
  messageIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('push_notification_survey as pns')
        .innerJoin('survey_survey as ss', 'ss.id_survey_survey', 'pns.id_survey_survey')
        .select((eb) => [
          'pns.id_pushnotifications',
          'ss.id_survey_survey',
          'ss.title',
          eb
            .exists(
              eb
                .selectFrom('survey_response as sr')
                .select('sr.id')
                .whereRef('sr.id_survey_survey', '=', 'ss.id_survey_survey')
                .where('sr.id_user', '=', userId),
            )
            .as('answered'),
        ])
        .where('pns.id_pushnotifications', 'in', [...messageIds])
        .orderBy('pns.position')
        .orderBy('ss.id_survey_survey')
        .execute();

export async function countUnread(db: Database, userId: number): Promise<number> {
  const row = await db
    .selectFrom('user_notification')
    .select((eb) => eb.fn.countAll<number | string>().as('unread'))
    .where('id_user', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.unread ?? 0);
}

/** Sets or clears `read_at` of the user's own row; false when there is no such row. */
export async function setInboxRead(db: Database, userId: number, id: number, readAt: string | null) {
  const result = await db
    .updateTable('user_notification')
    .set({ read_at: readAt })
    .where('id', '=', id)
    .where('id_user', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks the row opened (and read, when it was not yet), keeping earlier times. */
export async function setInboxOpened(db: Database, userId: number, id: number, now: string) {
  const result = await db
    .updateTable('user_notification')
    .set((eb) => ({
      opened_at: eb.fn.coalesce('opened_at', sql<string>`${now}`),
      read_at: eb.fn.coalesce('read_at', sql<string>`${now}`),
    }))
    .where('id', '=', id)
    .where('id_user', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setAllRead(db: Database, userId: number, now: string): Promise<number> {
  const result = await db
    .updateTable('user_notification')
    .set({ read_at: now })
    .where('id_user', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// --- topics -----------------------------------------------------------------------------------------------------

export const findTopicsOf = (db: Database, userId: number) =>
  db
    .selectFrom('app_topic as t')
    .leftJoin('app_topic_follower as f', (join) =>
      join.onRef('f.id_topics', '=', 't.id_topics').on('f.id_user', '=', userId),
    )
    .select(['t.id_topics', 't.title', 'f.id_user'])
    .orderBy('t.sort_name')
    .orderBy('t.id_topics')
    .execute();

export const findTopic = (db: Database, topicId: number) =>
  db.selectFrom('app_topic').select(['id_topics', 'title']).where('id_topics', '=', topicId).executeTakeFirst();

export const insertFollower = (db: Database, topicId: number, userId: number) =>
  db
    .insertInto('app_topic_follower')
    .values({ id_topics: topicId, id_user: userId })
    .onConflict((oc) => oc.columns(['id_topics', 'id_user']).doNothing())
    .execute();

export const deleteFollower = (db: Database, topicId: number, userId: number) =>
  db.deleteFrom('app_topic_follower').where('id_topics', '=', topicId).where('id_user', '=', userId).execute();

// --- the channel thread -----------------------------------------------------------------------------------------

/** The newest `limit` channel messages of the user (returned oldest first by the service). */
export const findChannelMessages = (db: Database, userId: number, limit: number) =>
  inboxOf(db, userId)
    .leftJoin('user_account as s', 's.id', 'pn.id_sender')
    .select([
      'un.id',
      'un.id_pushnotifications',
      'un.created_at',
      'un.read_at',
      'pn.title',
      'pn.message',
      'pn.channel',
      's.firstname',
      's.lastname',
    ])
    .where('pn.channel', 'is not', null)
    .orderBy('un.created_at', 'desc')
    .orderBy('un.id', 'desc')
    .limit(limit)
    .execute();

// --- the driver's quick messages --------------------------------------------------------------------------------

/** A user's name as others see it (the driver's messages carry it). */
export const findUserName = (db: Database, userId: number) =>
  db.selectFrom('user_account').select(['firstname', 'lastname']).where('id', '=', userId).executeTakeFirst();

export const insertCoachMessage = (
  db: Database,
  values: { title: string; message: string; transportId: number; senderId: number; now: string },
) =>
  db
    .insertInto('push_notification')
    .values({
      title: values.title,
      short: values.message.slice(0, 200),
      message: values.message,
      channel: 'bus',
      receiver_group: 'bus',
      receiver_ids: JSON.stringify([values.transportId]),
      id_sender: values.senderId,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning('id_pushnotifications')
    .executeTakeFirstOrThrow();

/** The coach's sent channel messages, newest first, with their receivers and how many read them. */
export const findCoachMessages = (db: Database, transportId: number, limit: number) =>
  db
    .selectFrom('push_notification as pn')
    .leftJoin('user_account as s', 's.id', 'pn.id_sender')
    .select((eb) => [
      'pn.id_pushnotifications',
      'pn.title',
      'pn.message',
      'pn.sent_at',
      'pn.created_at',
      's.firstname',
      's.lastname',
      eb
        .selectFrom('user_notification as un')
        .select(eb.fn.countAll<number | string>().as('n'))
        .whereRef('un.id_pushnotifications', '=', 'pn.id_pushnotifications')
        .as('receivers'),
      eb
        .selectFrom('user_notification as un')
        .select(eb.fn.countAll<number | string>().as('n'))
        .whereRef('un.id_pushnotifications', '=', 'pn.id_pushnotifications')
        .where('un.read_at', 'is not', null)
        .as('read'),
    ])
    .where('pn.channel', '=', 'bus')
    .where('pn.receiver_group', '=', 'bus')
    .where('pn.receiver_ids', '=', JSON.stringify([transportId]))
    .where('pn.status', '=', 'sent')
    .orderBy('pn.sent_at', 'desc')
    .orderBy('pn.id_pushnotifications', 'desc')
    .limit(limit)
    .execute();
