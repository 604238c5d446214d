import type { Insertable } from 'kysely';
import type { Database } from '../db/database.ts';
import type {
  NewsletterCampaignTable,
  NewsletterEventTable,
  NewsletterRecipientTable,
} from '../features/newsletter/newsletter.table.ts';

/** SQL of the newsletter analysis' factories and demo events (newsletter-analysis-factories.ts, demo-newsletter-analysis.ts). */

export const insertCampaign = (db: Database, values: Insertable<NewsletterCampaignTable>) =>
  db.insertInto('newsletter_campaign').values(values).returning('id').executeTakeFirstOrThrow();

export const insertContacts = (db: Database, emails: readonly string[], lastName: string) =>
  db
    .insertInto('newsletter_contact')
    .values(emails.map((email) => ({ email, email_key: email, first_name: 'Lea', last_name: lastName })))
    .returning(['id', 'email'])
    .execute();

export const insertRecipients = (db: Database, rows: Insertable<NewsletterRecipientTable>[]) =>
  db.insertInto('newsletter_recipient').values(rows).returning(['id', 'email']).execute();

export const insertLinks = (db: Database, campaignId: number, urls: readonly string[]) =>
  db
    .insertInto('newsletter_link')
    .values(urls.map((url, position) => ({ id_campaign: campaignId, position, url })))
    .returning(['id', 'position', 'url'])
    .execute();

export async function insertEventRows(db: Database, rows: Insertable<NewsletterEventTable>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('newsletter_event')
      .values(rows.slice(start, start + 500))
      .execute();
  }
}

/** Sent campaigns that have recipients and no event yet (the demo's events are written once). */
export const findSentCampaignsWithoutEvents = (db: Database) =>
  db
    .selectFrom('newsletter_campaign')
    .select(['id', 'started_at', 'tracking'])
    .where('status', '=', 'sent')
    .where('started_at', 'is not', null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('newsletter_recipient')
          .select('newsletter_recipient.id')
          .whereRef('newsletter_recipient.id_campaign', '=', 'newsletter_campaign.id'),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('newsletter_event')
            .select('newsletter_event.id')
            .whereRef('newsletter_event.id_campaign', '=', 'newsletter_campaign.id'),
        ),
      ),
    )
    .orderBy('id')
    .execute();

export const findHandedOverRecipients = (db: Database, campaignId: number) =>
  db
    .selectFrom('newsletter_recipient')
    .select(['id', 'status'])
    .where('id_campaign', '=', campaignId)
    .where('status', 'in', ['sent', 'bounced'])
    .orderBy('id')
    .execute();

export const findLinkIds = (db: Database, campaignId: number) =>
  db.selectFrom('newsletter_link').select('id').where('id_campaign', '=', campaignId).orderBy('position').execute();
