import { sql, type Insertable } from 'kysely';
import type { Database } from '../db/database.ts';
import type { DialectName } from '../db/dialect.ts';
import type { NewsletterCampaignTable, NewsletterRecipientTable } from '../features/newsletter/newsletter.table.ts';

/** The demo campaigns' reads and writes (seed/demo-newsletter-campaigns.ts). */

export const findListIdByName = async (db: Database, name: string) =>
  (await db.selectFrom('newsletter_list').select('id').where('name', '=', name).executeTakeFirst())?.id;

export const findTemplateByName = (db: Database, name: string) =>
  db
    .selectFrom('newsletter_template')
    .select(['id', 'mjml', 'subject', 'id_brand'])
    .where('name', '=', name)
    .executeTakeFirst();

export const hasCampaigns = async (db: Database) =>
  (await db.selectFrom('newsletter_campaign').select('id').limit(1).executeTakeFirst()) !== undefined;

export async function insertCampaignWithList(
  db: Database,
  values: Insertable<NewsletterCampaignTable>,
  idList: number,
): Promise<number> {
  const row = await db.insertInto('newsletter_campaign').values(values).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('newsletter_campaign_list').values({ id_campaign: row.id, id_list: idList }).execute();
  return row.id;
}

/** The list's members a campaign would mail: subscribed, active, not hard-bounced. */
export const findMailableMembers = (db: Database, dialect: DialectName, idList: number) =>
  db
    .selectFrom('newsletter_list_member')
    .innerJoin('newsletter_contact', 'newsletter_contact.id', 'newsletter_list_member.id_contact')
    .select(['newsletter_contact.id', 'newsletter_contact.email'])
    .where('newsletter_list_member.id_list', '=', idList)
    .where('newsletter_contact.subscription', '=', 'subscribed')
    .where('newsletter_contact.hard_bounced_at', 'is', null)
    .where(dialect === 'sqlite' ? sql<boolean>`newsletter_contact.active = 1` : sql<boolean>`newsletter_contact.active`)
    .orderBy('newsletter_contact.id')
    .execute();

/** Recipients written as sent, each with its `sent` event. */
export async function insertSentRecipients(db: Database, rows: Array<Insertable<NewsletterRecipientTable>>) {
  if (rows.length === 0) return;
  const inserted = await db
    .insertInto('newsletter_recipient')
    .values(rows)
    .returning(['id', 'id_campaign', 'sent_at'])
    .execute();
  await db
    .insertInto('newsletter_event')
    .values(
      inserted.map((row) => ({
        id_campaign: row.id_campaign,
        id_recipient: row.id,
        type: 'sent' as const,
        at: row.sent_at!,
      })),
    )
    .execute();
}

export const setCampaignRecipients = (db: Database, id: number, recipients: number) =>
  db.updateTable('newsletter_campaign').set({ recipients }).where('id', '=', id).execute();

export async function insertCampaignLinks(db: Database, idCampaign: number, links: readonly string[]) {
  if (links.length === 0) return;
  await db
    .insertInto('newsletter_link')
    .values(links.map((url, position) => ({ id_campaign: idCampaign, position, url: url.slice(0, 2000) })))
    .execute();
}
