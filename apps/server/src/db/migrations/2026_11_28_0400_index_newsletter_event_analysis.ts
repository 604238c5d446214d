import type { MigrationDb } from './helpers.ts';

/**
 * The analysis of a campaign counts distinct recipients per event type, clicks per link and opens and clicks per
 * hour, leaving out what a machine fetched (`detail` = 'machine') (issue #14 item 5, features/newsletter-analysis).
 * `newsletter_event_campaign (id_campaign, type, at)` lacks the recipient, the link and `detail`; this index holds
 * them all, so every count of the analysis reads one range of the index and never the table's rows.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createIndex('newsletter_event_analysis')
    .on('newsletter_event')
    .columns(['id_campaign', 'type', 'id_recipient', 'id_link', 'detail', 'at'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('newsletter_event_analysis').ifExists().execute();
}
