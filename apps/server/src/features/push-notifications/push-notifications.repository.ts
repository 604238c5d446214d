import { sql, type Insertable, type Updateable } from 'kysely';
import { ZAppTopic, ZPushNotification, type AppTopic, type PushNotification } from '@tourdesk/contracts';
import type { Database } from '../../db/database.ts';
import { containsAllWords, lowerCase, type DialectName } from '../../db/dialect.ts';
import { builtOnce, contractFields, type ListSpec } from '../../lib/list-query.ts';
import type { DB } from '../../db/schema.ts';

type PushNotificationTable = DB['push_notification'];
type AppTopicTable = DB['app_topic'];

// ---- messages -------------------------------------------------------------------------------------------------

const notificationQuery = builtOnce((db: Database) =>
  db
    .selectFrom('push_notification')
    .leftJoin('app_topic', 'app_topic.id_topics', 'push_notification.id_topics')
    .select([
      'push_notification.id_pushnotifications',
      'push_notification.title',
      'push_notification.short',
      'push_notification.message',
      'push_notification.id_topics',
      'app_topic.title as topic',
      'push_notification.link',
      'push_notification.status',
      'push_notification.receiver_group',
      'push_notification.receiver_ids',
      'push_notification.channel',
      'push_notification.id_brand',
      'push_notification.scheduled_at',
      'push_notification.sent_at',
      'push_notification.created_at',
      'push_notification.updated_at',
    ]),
);
export type NotificationRow = Awaited<ReturnType<ReturnType<typeof notificationQuery>['executeTakeFirstOrThrow']>>;

/** GET /app/pushnotifications */
export const NOTIFICATION_LIST_SPEC: ListSpec<PushNotification> = {
  table: 'push_notification',
  idColumn: 'id_pushnotifications',
  idField: 'id',
  searchable: false,
  defaultSort: [
    ['created', -1],
    ['id', -1],
  ],
  ownParams: ['channel'],
  fields: {
    id: { column: 'push_notification.id_pushnotifications', type: 'number' },
    id_pushnotifications: { column: 'push_notification.id_pushnotifications', type: 'number' },
    title: { column: 'push_notification.title', type: 'string' },
    status: { column: 'push_notification.status', type: 'string' },
    receiver_group: { column: 'push_notification.receiver_group', type: 'string' },
    id_topics: { column: 'push_notification.id_topics', type: 'number', nullable: true },
    sentAt: { column: 'push_notification.sent_at', type: 'date', nullable: true },
    scheduledAt: { column: 'push_notification.scheduled_at', type: 'date', nullable: true },
    created: { column: 'push_notification.created_at', type: 'date' },
    updatedAt: { column: 'push_notification.updated_at', type: 'date' },
  },
  selectable: contractFields(ZPushNotification),
};

/** The list's base: `channel` all / bus, or `none` for normal messages; without it every message. */
export function notificationListBase(db: Database, dialect: DialectName, words: readonly string[], channel: unknown) {
  let base = notificationQuery(db);
  if (words.length > 0)
    base = base.where(containsAllWords(dialect, lowerCase(dialect, sql`push_notification.title`), words));
  if (channel === 'none') base = base.where('push_notification.channel', 'is', null);
  else if (channel === 'all' || channel === 'bus') base = base.where('push_notification.channel', '=', channel);
  return base;
}

export const findNotification = (db: Database, id: number) =>
  notificationQuery(db).where('push_notification.id_pushnotifications', '=', id).executeTakeFirst();

export async function insertNotification(db: Database, values: Insertable<PushNotificationTable>): Promise<number> {
  const row = await db
    .insertInto('push_notification')
    .values(values)
    .returning('id_pushnotifications')
    .executeTakeFirstOrThrow();
  return row.id_pushnotifications;
}

/** Updates a message unless it was sent meanwhile; false when it was. */
export async function updateUnsentNotification(db: Database, id: number, values: Updateable<PushNotificationTable>) {
  const result = await db
    .updateTable('push_notification')
    .set(values)
    .where('id_pushnotifications', '=', id)
    .where('status', '!=', 'sent')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteUnsentNotification(db: Database, id: number) {
  const result = await db
    .deleteFrom('push_notification')
    .where('id_pushnotifications', '=', id)
    .where('status', '!=', 'sent')
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export const findSurveyLinks = (db: Database, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('push_notification_survey')
        .select(['id_pushnotifications', 'id_survey_survey'])
        .where('id_pushnotifications', 'in', [...ids])
        .orderBy('id_pushnotifications')
        .orderBy('position')
        .execute();

export async function replaceSurveyLinks(db: Database, id: number, surveyIds: readonly number[]) {
  await db.deleteFrom('push_notification_survey').where('id_pushnotifications', '=', id).execute();
  if (surveyIds.length === 0) return;
  await db
    .insertInto('push_notification_survey')
    .values(surveyIds.map((surveyId, position) => ({ id_pushnotifications: id, id_survey_survey: surveyId, position })))
    .execute();
}

/** Inbox figures (receivers, read, opened) of the given messages. */
export const inboxFigures = (db: Database, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('user_notification')
        .select((eb) => [
          'id_pushnotifications',
          eb.fn.countAll<number | string>().as('receivers'),
          eb.fn.count<number | string>('read_at').as('read'),
          eb.fn.count<number | string>('opened_at').as('opened'),
        ])
        .where('id_pushnotifications', 'in', [...ids])
        .groupBy('id_pushnotifications')
        .execute();

/** Delivery figures per status of the given messages. */
export const deliveryFigures = (db: Database, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('push_delivery')
        .select((eb) => ['id_pushnotifications', 'status', eb.fn.countAll<number | string>().as('count')])
        .where('id_pushnotifications', 'in', [...ids])
        .groupBy(['id_pushnotifications', 'status'])
        .execute();

/** Scheduled messages whose time has come (oldest first). */
export const findDueNotifications = (db: Database, now: string, limit: number) =>
  db
    .selectFrom('push_notification')
    .select(['id_pushnotifications', 'receiver_group', 'receiver_ids', 'id_topics'])
    .where('status', '=', 'scheduled')
    .where('scheduled_at', '<=', now)
    .orderBy('scheduled_at')
    .limit(limit)
    .execute();

/** The receivers of a sent message, page by page, with their deliveries' states. */
export function receiverRows(db: Database, id: number, limit: number, skip: number) {
  return db
    .selectFrom('user_notification as n')
    .innerJoin('user_account as u', 'u.id', 'n.id_user')
    .select((eb) => [
      'n.id',
      'n.id_user',
      'u.firstname',
      'u.lastname',
      'u.email',
      'n.read_at',
      'n.opened_at',
      eb
        .selectFrom('push_delivery as d')
        .select((inner) => inner.fn.count<number | string>('d.id').as('c'))
        .whereRef('d.id_pushnotifications', '=', 'n.id_pushnotifications')
        .whereRef('d.id_user', '=', 'n.id_user')
        .where('d.status', '=', 'sent')
        .as('sent'),
      eb
        .selectFrom('push_delivery as d')
        .select((inner) => inner.fn.count<number | string>('d.id').as('c'))
        .whereRef('d.id_pushnotifications', '=', 'n.id_pushnotifications')
        .whereRef('d.id_user', '=', 'n.id_user')
        .where('d.status', '=', 'queued')
        .as('queued'),
      eb
        .selectFrom('push_delivery as d')
        .select((inner) => inner.fn.count<number | string>('d.id').as('c'))
        .whereRef('d.id_pushnotifications', '=', 'n.id_pushnotifications')
        .whereRef('d.id_user', '=', 'n.id_user')
        .where('d.status', '=', 'failed')
        .as('failed'),
      eb
        .selectFrom('push_delivery as d')
        .select((inner) => inner.fn.count<number | string>('d.id').as('c'))
        .whereRef('d.id_pushnotifications', '=', 'n.id_pushnotifications')
        .whereRef('d.id_user', '=', 'n.id_user')
        .where('d.status', '=', 'gone')
        .as('gone'),
    ])
    .where('n.id_pushnotifications', '=', id)
    .orderBy('u.lastname')
    .orderBy('u.firstname')
    .orderBy('n.id')
    .limit(limit)
    .offset(skip)
    .execute();
}

export async function countReceiverRows(db: Database, id: number) {
  const row = await db
    .selectFrom('user_notification')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('id_pushnotifications', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// ---- what receiver ids name ----------------------------------------------------------------------------------

export const cardNames = (db: Database, ids: readonly number[]) =>
  db
    .selectFrom('vc_card')
    .select(['id_vc_card as id', 'name'])
    .where('id_vc_card', 'in', [...ids])
    .execute();

export const coachNames = (db: Database, ids: readonly number[]) =>
  db
    .selectFrom('transport')
    .innerJoin('jrn_date', 'jrn_date.nr', 'transport.id_jrn_date')
    .innerJoin('jrn_journey', 'jrn_journey.id_jrn_journey', 'jrn_date.id_jrn_journey')
    .select(['transport.id', 'transport.name', 'jrn_date.date_from', 'jrn_date.termincode', 'jrn_journey.title'])
    .where('transport.id', 'in', [...ids])
    .execute();

export const departureNames = (db: Database, ids: readonly number[]) =>
  db
    .selectFrom('jrn_date')
    .innerJoin('jrn_journey', 'jrn_journey.id_jrn_journey', 'jrn_date.id_jrn_journey')
    .select(['jrn_date.nr as id', 'jrn_date.date_from', 'jrn_date.termincode', 'jrn_journey.title'])
    .where('jrn_date.nr', 'in', [...ids])
    .execute();

// ---- checks of referenced records -----------------------------------------------------------------------------

const existing = async (rows: Promise<Array<{ id: number }>>) => new Set((await rows).map((row) => row.id));

export const existingCards = (db: Database, ids: readonly number[]) =>
  existing(
    db
      .selectFrom('vc_card')
      .select('id_vc_card as id')
      .where('id_vc_card', 'in', [...ids])
      .execute(),
  );

export const existingTransports = (db: Database, ids: readonly number[]) =>
  existing(
    db
      .selectFrom('transport')
      .select('id')
      .where('id', 'in', [...ids])
      .execute(),
  );

export const existingDepartures = (db: Database, ids: readonly number[]) =>
  existing(
    db
      .selectFrom('jrn_date')
      .select('nr as id')
      .where('nr', 'in', [...ids])
      .execute(),
  );

export const existingSurveys = (db: Database, ids: readonly number[]) =>
  existing(
    db
      .selectFrom('survey_survey')
      .select('id_survey_survey as id')
      .where('id_survey_survey', 'in', [...ids])
      .execute(),
  );

export const existingBrand = (db: Database, id: number) =>
  db.selectFrom('brand').select('id').where('id', '=', id).executeTakeFirst();

// ---- topics ---------------------------------------------------------------------------------------------------

const topicQuery = builtOnce((db: Database) =>
  db.selectFrom('app_topic').select((eb) => [
    'app_topic.id_topics',
    'app_topic.title',
    'app_topic.created_at',
    'app_topic.updated_at',
    eb
      .selectFrom('app_topic_follower as f')
      .select((inner) => inner.fn.countAll<number | string>().as('c'))
      .whereRef('f.id_topics', '=', 'app_topic.id_topics')
      .as('followers'),
  ]),
);
export type TopicRow = Awaited<ReturnType<ReturnType<typeof topicQuery>['executeTakeFirstOrThrow']>>;

/** GET /app/topics */
export const TOPIC_LIST_SPEC: ListSpec<AppTopic, 'followers'> = {
  table: 'app_topic',
  idColumn: 'id_topics',
  idField: 'id',
  searchable: false,
  defaultSort: [['title', 1]],
  fields: {
    id: { column: 'app_topic.id_topics', type: 'number' },
    id_topics: { column: 'app_topic.id_topics', type: 'number' },
    title: { column: 'app_topic.title', sortColumn: 'app_topic.sort_name', type: 'string' },
    followers: { column: 'followers', type: 'number', filterable: false },
    createdAt: { column: 'app_topic.created_at', type: 'date' },
    updatedAt: { column: 'app_topic.updated_at', type: 'date' },
  },
  selectable: contractFields(ZAppTopic),
};

export function topicListBase(db: Database, dialect: DialectName, words: readonly string[]) {
  const base = topicQuery(db);
  return words.length === 0 ? base : base.where(containsAllWords(dialect, 'app_topic.sort_name', words));
}

export const findTopic = (db: Database, id: number) =>
  topicQuery(db).where('app_topic.id_topics', '=', id).executeTakeFirst();

export const findAllTopics = (db: Database) => topicQuery(db).orderBy('app_topic.sort_name').execute();

export const findTopicBySortName = (db: Database, sortName: string) =>
  db.selectFrom('app_topic').select('id_topics').where('sort_name', '=', sortName).executeTakeFirst();

export async function insertTopic(db: Database, values: Insertable<AppTopicTable>): Promise<number> {
  const row = await db.insertInto('app_topic').values(values).returning('id_topics').executeTakeFirstOrThrow();
  return row.id_topics;
}

export async function updateTopicRow(db: Database, id: number, values: Updateable<AppTopicTable>) {
  await db.updateTable('app_topic').set(values).where('id_topics', '=', id).execute();
}

export async function deleteTopicRow(db: Database, id: number) {
  await db.deleteFrom('app_topic').where('id_topics', '=', id).execute();
}
