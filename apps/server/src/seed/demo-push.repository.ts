import type { Database } from '../db/database.ts';

/** The SQL of the push notifications' demo data (seed/demo-push.ts). */

export const findAnyTopic = (db: Database) => db.selectFrom('app_topic').select('id_topics').executeTakeFirst();

export const insertTopics = (db: Database, topics: ReadonlyArray<{ title: string; sort_name: string }>) =>
  db
    .insertInto('app_topic')
    .values([...topics])
    .execute();

export const insertDemoMessage = (
  db: Database,
  message: { title: string; short: string; message: string; link: string; at: string },
) =>
  db
    .insertInto('push_notification')
    .values({
      title: message.title,
      short: message.short,
      message: message.message,
      link: message.link,
      receiver_group: 'all',
      receiver_ids: '[]',
      created_at: message.at,
      updated_at: message.at,
    })
    .returning('id_pushnotifications')
    .executeTakeFirstOrThrow();
