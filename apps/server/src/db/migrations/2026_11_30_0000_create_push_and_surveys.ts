import { sql, type ColumnDefinitionBuilder } from 'kysely';
import { types, type MigrationDb } from './helpers.ts';

/**
 * Push notifications, topics and surveys (issue #16, docs/adr/0023): staff's messages with their receiver group,
 * the travellers' devices and inboxes, the delivery outbox, and surveys with their answers.
 */
export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);
  await db.schema
    .createTable('app_topic')
    .addColumn('id_topics', t.id, t.idColumn)
    .addColumn('title', 'varchar(120)', (c) => c.notNull())
    .addColumn('sort_name', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createTable('app_topic_follower')
    .addColumn('id_topics', 'integer', (c) => c.notNull().references('app_topic.id_topics').onDelete('cascade'))
    .addColumn('id_user', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addPrimaryKeyConstraint('app_topic_follower_pk', ['id_topics', 'id_user'])
    .execute();
  await db.schema.createIndex('app_topic_follower_user').on('app_topic_follower').columns(['id_user']).execute();

  // A device that receives pushes: a Web Push subscription (endpoint + keys) or a native wrapper's FCM token.
  await db.schema
    .createTable('push_subscription')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_user', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull().check(sql`kind in ('webpush', 'fcm')`))
    /** the push service's URL (Web Push) or the FCM token */
    .addColumn('endpoint', 'varchar(2048)', (c) => c.notNull().unique())
    .addColumn('p256dh', 'varchar(200)')
    .addColumn('auth', 'varchar(100)')
    .addColumn('user_agent', 'varchar(300)')
    /** the brand (host) the app subscribed from: a brand's messages reach only its own subscriptions */
    .addColumn('id_brand', 'integer', (c) => c.references('brand.id').onDelete('set null'))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_success_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('push_subscription_user').on('push_subscription').columns(['id_user']).execute();

  await db.schema
    .createTable('push_notification')
    .addColumn('id_pushnotifications', t.id, t.idColumn)
    .addColumn('title', 'varchar(120)', (c) => c.notNull())
    .addColumn('short', 'varchar(255)')
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('id_topics', 'integer', (c) => c.references('app_topic.id_topics').onDelete('set null'))
    .addColumn('link', 'varchar(500)')
    .addColumn('status', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('draft')
        .check(sql`status in ('draft', 'scheduled', 'sent')`),
    )
    .addColumn('receiver_group', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('all')
        .check(sql`receiver_group in ('all', 'customers', 'bus', 'dates', 'topic')`),
    )
    /** JSON array: customer card ids (customers), one transport id (bus), departure numbers (dates) */
    .addColumn('receiver_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    /** set for the quick messages of spec §1: 'all' (An alle Kunden) or 'bus' (Nur an den Bus) */
    .addColumn('channel', 'varchar(4)', (c) => c.check(sql`channel in ('all', 'bus')`))
    .addColumn('id_brand', 'integer', (c) => c.references('brand.id').onDelete('set null'))
    .addColumn('id_sender', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    .addColumn('scheduled_at', t.timestamp)
    .addColumn('sent_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex('push_notification_due')
    .on('push_notification')
    .columns(['status', 'scheduled_at'])
    .execute();

  // The inbox: one row per receiver, written when the message is sent (the receivers are frozen then).
  await db.schema
    .createTable('user_notification')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_pushnotifications', 'integer', (c) =>
      c.notNull().references('push_notification.id_pushnotifications').onDelete('cascade'),
    )
    .addColumn('id_user', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('read_at', t.timestamp)
    .addColumn('opened_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('user_notification_user')
    .on('user_notification')
    .columns(['id_user', 'id_pushnotifications'])
    .unique()
    .execute();
  await db.schema
    .createIndex('user_notification_message')
    .on('user_notification')
    .columns(['id_pushnotifications'])
    .execute();

  // The delivery outbox: one row per message and device, claimed by the delivery worker with a lease.
  await db.schema
    .createTable('push_delivery')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_pushnotifications', 'integer', (c) =>
      c.notNull().references('push_notification.id_pushnotifications').onDelete('cascade'),
    )
    .addColumn('id_user', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    /** null once the push service said the subscription is gone (and it was removed) */
    .addColumn('id_push_subscription', 'integer', (c) => c.references('push_subscription.id').onDelete('set null'))
    .addColumn('status', 'varchar(8)', (c) =>
      c
        .notNull()
        .defaultTo('queued')
        .check(sql`status in ('queued', 'sent', 'failed', 'gone')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('locked_until', t.timestamp)
    .addColumn('sent_at', t.timestamp)
    .addColumn('http_status', 'integer')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('push_delivery_due').on('push_delivery').columns(['status', 'next_attempt_at']).execute();
  await db.schema
    .createIndex('push_delivery_message')
    .on('push_delivery')
    .columns(['id_pushnotifications', 'status'])
    .execute();
  await db.schema
    .createIndex('push_delivery_subscription')
    .on('push_delivery')
    .columns(['id_push_subscription'])
    .execute();

  await db.schema
    .createTable('survey_category')
    .addColumn('id_survey_categories', t.id, t.idColumn)
    .addColumn('title', 'varchar(120)', (c) => c.notNull())
    .addColumn('sort_name', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  const category = (c: ColumnDefinitionBuilder) =>
    c.references('survey_category.id_survey_categories').onDelete('set null');

  await db.schema
    .createTable('survey_question')
    .addColumn('id_survey_questions', t.id, t.idColumn)
    .addColumn('id_survey_categories', 'integer', category)
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('sort_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'varchar(12)', (c) =>
      c.notNull().check(sql`type in ('text', 'number', 'scale', 'yesno', 'date', 'choice', 'multichoice')`),
    )
    .addColumn('answer_format', 'varchar(20)')
    .addColumn('hint', 'varchar(500)')
    .addColumn('required', t.boolean, (c) => c.notNull().defaultTo(t.true))
    .addColumn('min_date', t.date)
    .addColumn('max_date', t.date)
    .addColumn('positive_answer', 'varchar(120)')
    .addColumn('negative_answer', 'varchar(120)')
    .addColumn('step', 'double precision')
    .addColumn('default_value', 'double precision')
    .addColumn('default_description', 'varchar(120)')
    .addColumn('min_value', 'double precision')
    .addColumn('min_description', 'varchar(120)')
    .addColumn('max_value', 'double precision')
    .addColumn('max_description', 'varchar(120)')
    /** JSON array of `{ text, value }` for choice and multichoice */
    .addColumn('choices', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  for (const [table, id] of [
    ['survey_intro', 'id_survey_intros'],
    ['survey_completion', 'id_survey_completions'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn(id, t.id, t.idColumn)
      .addColumn('id_survey_categories', 'integer', category)
      .addColumn('title', 'varchar(255)', (c) => c.notNull())
      .addColumn('sort_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      /** sanitised rich text */
      .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('button_text', 'varchar(60)')
      .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
      .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
      .execute();
  }

  await db.schema
    .createTable('survey_survey')
    .addColumn('id_survey_survey', t.id, t.idColumn)
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('sort_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'varchar(1000)')
    .addColumn('id_survey_intros', 'integer', (c) => c.references('survey_intro.id_survey_intros').onDelete('set null'))
    .addColumn('id_survey_completions', 'integer', (c) =>
      c.references('survey_completion.id_survey_completions').onDelete('set null'),
    )
    .addColumn('active', t.boolean, (c) => c.notNull().defaultTo(t.true))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  // A survey's ordered questions; a question used by a survey cannot be deleted (restrict).
  await db.schema
    .createTable('survey_step')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_survey_survey', 'integer', (c) =>
      c.notNull().references('survey_survey.id_survey_survey').onDelete('cascade'),
    )
    .addColumn('id_survey_questions', 'integer', (c) =>
      c.notNull().references('survey_question.id_survey_questions').onDelete('restrict'),
    )
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('survey_step_survey')
    .on('survey_step')
    .columns(['id_survey_survey', 'position'])
    .execute();
  await db.schema.createIndex('survey_step_question').on('survey_step').columns(['id_survey_questions']).execute();

  await db.schema
    .createTable('push_notification_survey')
    .addColumn('id_pushnotifications', 'integer', (c) =>
      c.notNull().references('push_notification.id_pushnotifications').onDelete('cascade'),
    )
    .addColumn('id_survey_survey', 'integer', (c) =>
      c.notNull().references('survey_survey.id_survey_survey').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('push_notification_survey_pk', ['id_pushnotifications', 'id_survey_survey'])
    .execute();
  await db.schema
    .createIndex('push_notification_survey_survey')
    .on('push_notification_survey')
    .columns(['id_survey_survey'])
    .execute();

  // One response per traveller and survey; an erased account leaves its answers anonymous (id_user null).
  await db.schema
    .createTable('survey_response')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_survey_survey', 'integer', (c) =>
      c.notNull().references('survey_survey.id_survey_survey').onDelete('cascade'),
    )
    .addColumn('id_user', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    .addColumn('id_pushnotifications', 'integer', (c) =>
      c.references('push_notification.id_pushnotifications').onDelete('set null'),
    )
    .addColumn('id_booking', 'integer', (c) => c.references('booking.id').onDelete('set null'))
    .addColumn('submitted_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex('survey_response_once')
    .on('survey_response')
    .columns(['id_survey_survey', 'id_user'])
    .unique()
    .execute();
  await db.schema.createIndex('survey_response_user').on('survey_response').columns(['id_user']).execute();

  await db.schema
    .createTable('survey_answer')
    .addColumn('id_survey_response', 'integer', (c) => c.notNull().references('survey_response.id').onDelete('cascade'))
    .addColumn('id_survey_questions', 'integer', (c) =>
      c.notNull().references('survey_question.id_survey_questions').onDelete('cascade'),
    )
    .addColumn('value_text', 'text')
    .addColumn('value_number', 'double precision')
    .addColumn('value_date', t.date)
    /** JSON array of the chosen values (multichoice) */
    .addColumn('value_choices', 'text')
    .addPrimaryKeyConstraint('survey_answer_pk', ['id_survey_response', 'id_survey_questions'])
    .execute();
  await db.schema.createIndex('survey_answer_question').on('survey_answer').columns(['id_survey_questions']).execute();

  // A trip's feedback survey, offered to its travellers in the app once the trip is over.
  await db.schema
    .alterTable('jrn_journey')
    .addColumn('id_survey_survey', 'integer', (c) =>
      c.references('survey_survey.id_survey_survey').onDelete('set null'),
    )
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('jrn_journey').dropColumn('id_survey_survey').execute();
  for (const table of [
    'survey_answer',
    'survey_response',
    'push_notification_survey',
    'survey_step',
    'survey_survey',
    'survey_completion',
    'survey_intro',
    'survey_question',
    'survey_category',
    'push_delivery',
    'user_notification',
    'push_notification',
    'push_subscription',
    'app_topic_follower',
    'app_topic',
  ])
    await db.schema.dropTable(table).ifExists().execute();
}
