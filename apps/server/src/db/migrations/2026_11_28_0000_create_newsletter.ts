import { sql } from 'kysely';
import { createSearchIndex, dropSearchIndex, types, type MigrationDb } from './helpers.ts';

/**
 * The newsletter (issue #14, docs/adr/0021): contacts and certified contact lists, MJML templates, campaigns
 * with their recipients (the campaign's own outbox), the links of a campaign and the events measured on it.
 */
export async function up(db: MigrationDb): Promise<void> {
  const t = types(db);
  await db.schema
    .createTable('newsletter_contact')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    /** the address in lower case: one contact per address */
    .addColumn('email_key', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('first_name', 'varchar(100)')
    .addColumn('last_name', 'varchar(100)')
    .addColumn('salutation', 'varchar(30)')
    .addColumn('title', 'varchar(50)')
    .addColumn('language', 'varchar(5)', (c) => c.notNull().defaultTo('de'))
    .addColumn('subscription', 'varchar(20)', (c) =>
      c
        .notNull()
        .defaultTo('subscribed')
        .check(sql`subscription in ('pending', 'subscribed', 'unsubscribed')`),
    )
    .addColumn('active', t.boolean, (c) => c.notNull().defaultTo(t.true))
    /** the customer card with this address: the contact is "integrated" into the customer database */
    .addColumn('id_vc_card', 'integer', (c) => c.references('vc_card.id_vc_card').onDelete('set null'))
    .addColumn('consent_at', t.timestamp)
    .addColumn('consent_source', 'varchar(200)')
    .addColumn('consent_ip', 'varchar(45)')
    .addColumn('optin_code_hash', 'varchar(64)')
    .addColumn('optin_expires_at', t.timestamp)
    .addColumn('unsubscribed_at', t.timestamp)
    .addColumn('hard_bounced_at', t.timestamp)
    .addColumn('soft_bounces', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_name', 'varchar(220)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('newsletter_contact_card').on('newsletter_contact').column('id_vc_card').execute();
  await db.schema
    .createIndex('newsletter_contact_sort')
    .on('newsletter_contact')
    .columns(['sort_name', 'id'])
    .execute();
  await createSearchIndex(db, 'newsletter_contact', 'id');

  await db.schema
    .createTable('newsletter_list')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('name_key', 'varchar(120)', (c) => c.notNull().unique())
    .addColumn('active', t.boolean, (c) => c.notNull().defaultTo(t.true))
    .addColumn('certified_at', t.timestamp)
    .addColumn('certified_by', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    /** JSON object of the five statements confirmed (spec §5) */
    .addColumn('certification', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createTable('newsletter_list_member')
    .addColumn('id_list', 'integer', (c) => c.notNull().references('newsletter_list.id').onDelete('cascade'))
    .addColumn('id_contact', 'integer', (c) => c.notNull().references('newsletter_contact.id').onDelete('cascade'))
    /** how the contact came into the list: manual, import, customer-filter, subscribe */
    .addColumn('source', 'varchar(40)', (c) => c.notNull().defaultTo('manual'))
    .addColumn('added_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addPrimaryKeyConstraint('newsletter_list_member_pk', ['id_list', 'id_contact'])
    .execute();
  await db.schema
    .createIndex('newsletter_list_member_contact')
    .on('newsletter_list_member')
    .column('id_contact')
    .execute();

  await db.schema
    .createTable('newsletter_template')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('name_key', 'varchar(120)', (c) => c.notNull().unique())
    .addColumn('type', 'varchar(20)', (c) =>
      c
        .notNull()
        .defaultTo('marketing')
        .check(sql`type in ('marketing', 'transactional', 'automation')`),
    )
    .addColumn('subject', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('mjml', 'text', (c) => c.notNull())
    .addColumn('id_brand', 'integer', (c) => c.references('brand.id').onDelete('set null'))
    .addColumn('created_by', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable('newsletter_campaign')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('sender_name', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    .addColumn('sender_email', 'varchar(254)', (c) => c.notNull().defaultTo(''))
    .addColumn('id_template', 'integer', (c) => c.references('newsletter_template.id').onDelete('set null'))
    .addColumn('id_brand', 'integer', (c) => c.references('brand.id').onDelete('set null'))
    .addColumn('status', 'varchar(20)', (c) =>
      c
        .notNull()
        .defaultTo('draft')
        .check(sql`status in ('draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled')`),
    )
    .addColumn('scheduled_at', t.timestamp)
    .addColumn('started_at', t.timestamp)
    .addColumn('finished_at', t.timestamp)
    /** opens and clicks are measured (tracking pixel, redirect links) unless switched off for privacy */
    .addColumn('tracking', t.boolean, (c) => c.notNull().defaultTo(t.true))
    /** the template's MJML as it was when sending began: later template edits do not change a sent campaign */
    .addColumn('mjml', 'text')
    /** the web address links in the mails point to (the host the campaign was sent from) */
    .addColumn('base_url', 'varchar(300)')
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex('newsletter_campaign_due')
    .on('newsletter_campaign')
    .columns(['status', 'scheduled_at'])
    .execute();
  await db.schema
    .createTable('newsletter_campaign_list')
    .addColumn('id_campaign', 'integer', (c) => c.notNull().references('newsletter_campaign.id').onDelete('cascade'))
    .addColumn('id_list', 'integer', (c) => c.notNull().references('newsletter_list.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('newsletter_campaign_list_pk', ['id_campaign', 'id_list'])
    .execute();

  await db.schema
    .createTable('newsletter_recipient')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_campaign', 'integer', (c) => c.notNull().references('newsletter_campaign.id').onDelete('cascade'))
    .addColumn('id_contact', 'integer', (c) => c.notNull().references('newsletter_contact.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) =>
      c
        .notNull()
        .defaultTo('queued')
        .check(sql`status in ('queued', 'sending', 'sent', 'bounced', 'failed', 'skipped')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('locked_until', t.timestamp)
    .addColumn('sent_at', t.timestamp)
    .addColumn('message_id', 'varchar(300)')
    .addColumn('last_error', 'varchar(500)')
    .addUniqueConstraint('newsletter_recipient_once', ['id_campaign', 'id_contact'])
    .execute();
  await db.schema
    .createIndex('newsletter_recipient_due')
    .on('newsletter_recipient')
    .columns(['id_campaign', 'status', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('newsletter_recipient_contact').on('newsletter_recipient').column('id_contact').execute();

  await db.schema
    .createTable('newsletter_link')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_campaign', 'integer', (c) => c.notNull().references('newsletter_campaign.id').onDelete('cascade'))
    /** the link's place in the campaign's HTML, counted from 0 (the `n` of the tracking address) */
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('url', 'varchar(2000)', (c) => c.notNull())
    .addUniqueConstraint('newsletter_link_position', ['id_campaign', 'position'])
    .execute();

  await db.schema
    .createTable('newsletter_event')
    .addColumn('id', t.id, t.idColumn)
    .addColumn('id_campaign', 'integer', (c) => c.notNull().references('newsletter_campaign.id').onDelete('cascade'))
    .addColumn('id_recipient', 'integer', (c) => c.references('newsletter_recipient.id').onDelete('cascade'))
    .addColumn('type', 'varchar(20)', (c) =>
      c.notNull().check(sql`type in ('sent', 'bounce_hard', 'bounce_soft', 'open', 'click', 'unsubscribe')`),
    )
    .addColumn('id_link', 'integer', (c) => c.references('newsletter_link.id').onDelete('cascade'))
    .addColumn('at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('detail', 'varchar(500)')
    .execute();
  await db.schema
    .createIndex('newsletter_event_campaign')
    .on('newsletter_event')
    .columns(['id_campaign', 'type', 'at'])
    .execute();
  await db.schema
    .createIndex('newsletter_event_recipient')
    .on('newsletter_event')
    .columns(['id_recipient', 'type'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    'newsletter_event',
    'newsletter_link',
    'newsletter_recipient',
    'newsletter_campaign_list',
    'newsletter_campaign',
    'newsletter_template',
    'newsletter_list_member',
    'newsletter_list',
  ])
    await db.schema.dropTable(table).ifExists().execute();
  await dropSearchIndex(db, 'newsletter_contact');
  await db.schema.dropTable('newsletter_contact').ifExists().execute();
}
