import { sql, type Insertable, type SqlBool, type Updateable } from 'kysely';
import { ZNewsletterCampaign, type NewsletterCampaign } from '@tourdesk/contracts';
import type { Database } from '../../db/database.ts';
import { isTrue } from '../../db/dialect.ts';
import { builtOnce, contractFields, type ListSpec } from '../../lib/list-query.ts';
import type {
  NewsletterCampaignStatus,
  NewsletterCampaignTable,
  NewsletterEventTable,
  NewsletterRecipientTable,
} from '../newsletter/newsletter.table.ts';

const recipientCount = (status: string) =>
  sql<
    number | string
  >`(select count(*) from newsletter_recipient r where r.id_campaign = newsletter_campaign.id and r.status = ${status})`;

/** A campaign with its template's name and its recipients counted by state. */
export const campaignBaseQuery = builtOnce((db: Database) =>
  db
    .selectFrom('newsletter_campaign')
    .leftJoin('newsletter_template', 'newsletter_template.id', 'newsletter_campaign.id_template')
    .select([
      'newsletter_campaign.id',
      'newsletter_campaign.title',
      'newsletter_campaign.subject',
      'newsletter_campaign.sender_name',
      'newsletter_campaign.sender_email',
      'newsletter_campaign.id_template',
      'newsletter_template.name as template_name',
      'newsletter_campaign.tracking',
      'newsletter_campaign.status',
      'newsletter_campaign.scheduled_at',
      'newsletter_campaign.started_at',
      'newsletter_campaign.finished_at',
      'newsletter_campaign.recipients',
      'newsletter_campaign.created_at',
      'newsletter_campaign.updated_at',
      recipientCount('queued').as('queued_count'),
      // a recipient being sent right now still counts as queued
      recipientCount('sending').as('sending_count'),
      recipientCount('sent').as('sent_count'),
      recipientCount('bounced').as('bounced_count'),
      recipientCount('failed').as('failed_count'),
      recipientCount('skipped').as('skipped_count'),
    ]),
);
export type CampaignRow = Awaited<ReturnType<ReturnType<typeof campaignBaseQuery>['executeTakeFirstOrThrow']>>;

/** GET /newsletter/campaigns */
export const CAMPAIGN_LIST_SPEC: ListSpec<NewsletterCampaign> = {
  table: 'newsletter_campaign',
  idColumn: 'id',
  idField: 'id',
  searchable: false,
  defaultSort: [['id', -1]],
  fields: {
    id: { column: 'newsletter_campaign.id', type: 'number' },
    title: { column: 'newsletter_campaign.title', type: 'string' },
    subject: { column: 'newsletter_campaign.subject', type: 'string' },
    status: { column: 'newsletter_campaign.status', type: 'string' },
    scheduled_at: { column: 'newsletter_campaign.scheduled_at', type: 'date', nullable: true },
    started_at: { column: 'newsletter_campaign.started_at', type: 'date', nullable: true },
    recipients: { column: 'newsletter_campaign.recipients', type: 'number' },
    createdAt: { column: 'newsletter_campaign.created_at', type: 'date' },
    updatedAt: { column: 'newsletter_campaign.updated_at', type: 'date' },
  },
  selectable: contractFields(ZNewsletterCampaign),
};

/** The title searched with a plain substring test: campaigns are few. */
export const campaignListBase = (db: Database, q: string | undefined) => {
  const base = campaignBaseQuery(db);
  return q ? base.where('newsletter_campaign.title', 'like', `%${q.replace(/[%_]/g, '')}%`) : base;
};

export const findCampaignById = (db: Database, id: number) =>
  campaignBaseQuery(db).where('newsletter_campaign.id', '=', id).executeTakeFirst();

export const findCampaignRaw = (db: Database, id: number) =>
  db.selectFrom('newsletter_campaign').selectAll().where('id', '=', id).executeTakeFirst();

export async function findListIdsOfCampaigns(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('newsletter_campaign_list')
    .select(['id_campaign', 'id_list'])
    .where('id_campaign', 'in', ids)
    .orderBy('id_list')
    .execute();
}

export async function insertCampaign(db: Database, values: Insertable<NewsletterCampaignTable>): Promise<number> {
  const row = await db.insertInto('newsletter_campaign').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCampaignRow(db: Database, id: number, values: Updateable<NewsletterCampaignTable>) {
  await db.updateTable('newsletter_campaign').set(values).where('id', '=', id).execute();
}

/** Changes the state only while it is one of `from`; false when another request changed it first. */
export async function moveCampaign(
  db: Database,
  id: number,
  from: readonly NewsletterCampaignStatus[],
  values: Updateable<NewsletterCampaignTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_campaign')
    .set(values)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function replaceCampaignLists(db: Database, id: number, listIds: readonly number[]) {
  await db.deleteFrom('newsletter_campaign_list').where('id_campaign', '=', id).execute();
  if (listIds.length > 0)
    await db
      .insertInto('newsletter_campaign_list')
      .values([...new Set(listIds)].map((id_list) => ({ id_campaign: id, id_list })))
      .execute();
}

export const deleteCampaignRow = (db: Database, id: number) =>
  db.deleteFrom('newsletter_campaign').where('id', '=', id).execute();

// Lists and templates a campaign can choose (read directly for the choice lists; whether a list may be sent to
// is the contacts feature's word: newsletter-contacts.service `certifiedListIds`)

export const findListChoices = (db: Database) =>
  db.selectFrom('newsletter_list').select(['id', 'name', 'active', 'certified_at']).orderBy('name').execute();

export const findTemplateChoices = (db: Database) =>
  db.selectFrom('newsletter_template').select(['id', 'name', 'type', 'subject']).orderBy('name').execute();

export const findTemplate = (db: Database, id: number) =>
  db
    .selectFrom('newsletter_template')
    .select(['id', 'name', 'mjml', 'id_brand'])
    .where('id', '=', id)
    .executeTakeFirst();

export const findListsByIds = (db: Database, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('newsletter_list')
        .select(['id', 'name', 'active', 'certified_at'])
        .where('id', 'in', ids)
        .orderBy('name')
        .execute();

/** Members of a list who would get a mail: subscribed, active, never hard-bounced. */
const mailableMembers = (db: Database) =>
  db
    .selectFrom('newsletter_list_member')
    .innerJoin('newsletter_contact', 'newsletter_contact.id', 'newsletter_list_member.id_contact')
    .innerJoin('newsletter_list', 'newsletter_list.id', 'newsletter_list_member.id_list')
    .where('newsletter_contact.subscription', '=', 'subscribed')
    .where(isTrue('newsletter_contact.active'))
    .where('newsletter_contact.hard_bounced_at', 'is', null);

export async function countMailablePerList(db: Database, listIds: readonly number[]) {
  if (listIds.length === 0) return [];
  return mailableMembers(db)
    .select(['newsletter_list_member.id_list', sql<number | string>`count(*)`.as('count')])
    .where('newsletter_list_member.id_list', 'in', listIds)
    .groupBy('newsletter_list_member.id_list')
    .execute();
}

export async function countMailableDistinct(db: Database, listIds: readonly number[]): Promise<number> {
  if (listIds.length === 0) return 0;
  const row = await mailableMembers(db)
    .select(sql<number | string>`count(distinct newsletter_list_member.id_contact)`.as('count'))
    .where('newsletter_list_member.id_list', 'in', listIds)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One contact who would get the campaign (for the test mail), or none. */
export async function findSampleContact(db: Database, listIds: readonly number[]) {
  if (listIds.length === 0) return undefined;
  return mailableMembers(db)
    .select([
      'newsletter_contact.email',
      'newsletter_contact.first_name',
      'newsletter_contact.last_name',
      'newsletter_contact.salutation',
      'newsletter_contact.title',
    ])
    .where('newsletter_list_member.id_list', 'in', listIds)
    .orderBy('newsletter_contact.id')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Writes the recipients of a campaign in one statement: the mailable members of its certified, active lists,
 * each contact once (the unique key (campaign, contact) keeps it so should this ever run twice).
 */
export async function insertRecipients(db: Database, idCampaign: number): Promise<number> {
  const members = db
    .selectFrom('newsletter_list_member')
    .innerJoin('newsletter_contact', 'newsletter_contact.id', 'newsletter_list_member.id_contact')
    .innerJoin('newsletter_list', 'newsletter_list.id', 'newsletter_list_member.id_list')
    .innerJoin('newsletter_campaign_list', (join) =>
      join
        .onRef('newsletter_campaign_list.id_list', '=', 'newsletter_list_member.id_list')
        .on('newsletter_campaign_list.id_campaign', '=', idCampaign),
    )
    .where('newsletter_contact.subscription', '=', 'subscribed')
    .where(isTrue('newsletter_contact.active'))
    .where('newsletter_contact.hard_bounced_at', 'is', null)
    .where('newsletter_list.certified_at', 'is not', null)
    .where(isTrue('newsletter_list.active'))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('newsletter_recipient as existing')
            .select('existing.id')
            .where('existing.id_campaign', '=', idCampaign)
            .whereRef('existing.id_contact', '=', 'newsletter_contact.id'),
        ),
      ),
    )
    // status, attempts and next_attempt_at take their defaults (queued, 0, now)
    .select([
      sql.lit(idCampaign).as('id_campaign'),
      'newsletter_contact.id as id_contact',
      'newsletter_contact.email as email',
    ])
    .distinct();
  const result = await db
    .insertInto('newsletter_recipient')
    .columns(['id_campaign', 'id_contact', 'email'])
    .expression(members)
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export async function insertLinks(db: Database, idCampaign: number, links: readonly string[]) {
  if (links.length === 0) return;
  await db
    .insertInto('newsletter_link')
    .values(links.map((url, position) => ({ id_campaign: idCampaign, position, url: url.slice(0, 2000) })))
    .execute();
}

export const findLinks = (db: Database, idCampaign: number) =>
  db
    .selectFrom('newsletter_link')
    .select(['position', 'url'])
    .where('id_campaign', '=', idCampaign)
    .orderBy('position')
    .execute();

// Sending

/** Scheduled campaigns whose time has come. */
export const findDueCampaignIds = async (db: Database, now: string) =>
  (
    await db
      .selectFrom('newsletter_campaign')
      .select('id')
      .where('status', '=', 'scheduled')
      .where('scheduled_at', '<=', now)
      .orderBy('scheduled_at')
      .execute()
  ).map((row) => row.id);

const recipientDue = (now: string) =>
  sql<SqlBool>`((newsletter_recipient.status = 'queued' and newsletter_recipient.next_attempt_at <= ${now}) or (newsletter_recipient.status = 'sending' and newsletter_recipient.locked_until < ${now}))`;

const campaignSending = sql<SqlBool>`newsletter_recipient.id_campaign in (select c.id from newsletter_campaign c where c.status = 'sending')`;

/** Recipients due for a (first or next) attempt of campaigns that are sending, or whose worker died. */
export async function findDueRecipientIds(db: Database, now: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('newsletter_recipient')
    .select('id')
    .where(campaignSending)
    .where(recipientDue(now))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Takes a recipient for sending: only one worker wins (the update matches only while it is still due and its
 * campaign still sending — a pause stops claiming at once), and the lease runs out if that worker dies.
 */
export async function claimRecipient(db: Database, id: number, now: string, leaseUntil: string): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_recipient')
    .set({ status: 'sending', locked_until: leaseUntil })
    .where('id', '=', id)
    .where(campaignSending)
    .where(recipientDue(now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const findRecipientsForSending = (db: Database, ids: readonly number[]) =>
  db
    .selectFrom('newsletter_recipient')
    .innerJoin('newsletter_contact', 'newsletter_contact.id', 'newsletter_recipient.id_contact')
    .select([
      'newsletter_recipient.id',
      'newsletter_recipient.id_campaign',
      'newsletter_recipient.id_contact',
      'newsletter_recipient.email',
      'newsletter_recipient.attempts',
      'newsletter_contact.first_name',
      'newsletter_contact.last_name',
      'newsletter_contact.salutation',
      'newsletter_contact.title',
    ])
    .where('newsletter_recipient.id', 'in', ids)
    .orderBy('newsletter_recipient.id')
    .execute();

export async function updateRecipient(db: Database, id: number, values: Updateable<NewsletterRecipientTable>) {
  await db.updateTable('newsletter_recipient').set(values).where('id', '=', id).execute();
}

export async function insertEvent(db: Database, values: Insertable<NewsletterEventTable>) {
  await db.insertInto('newsletter_event').values(values).execute();
}

export async function markContactHardBounced(db: Database, idContact: number, now: string) {
  await db
    .updateTable('newsletter_contact')
    .set({ hard_bounced_at: now, updated_at: now })
    .where('id', '=', idContact)
    .where('hard_bounced_at', 'is', null)
    .execute();
}

export async function countContactSoftBounce(db: Database, idContact: number, now: string) {
  await db
    .updateTable('newsletter_contact')
    .set({ soft_bounces: sql<number>`soft_bounces + 1`, updated_at: now })
    .where('id', '=', idContact)
    .execute();
}

/** Campaigns that are sending and have nothing left to send become `sent`. */
export async function finishDrainedCampaigns(db: Database, now: string): Promise<number[]> {
  const rows = await db
    .updateTable('newsletter_campaign')
    .set({ status: 'sent', finished_at: now, updated_at: now })
    .where('status', '=', 'sending')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('newsletter_recipient as r')
            .select('r.id')
            .whereRef('r.id_campaign', '=', 'newsletter_campaign.id')
            .where('r.status', 'in', ['queued', 'sending']),
        ),
      ),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** A cancelled campaign's unsent recipients are skipped for good. */
export async function skipUnsentRecipients(db: Database, idCampaign: number) {
  await db
    .updateTable('newsletter_recipient')
    .set({ status: 'skipped', locked_until: null })
    .where('id_campaign', '=', idCampaign)
    .where('status', '=', 'queued')
    .execute();
}

// Unsubscribe

export const findRecipientContact = (db: Database, idRecipient: number) =>
  db
    .selectFrom('newsletter_recipient')
    .innerJoin('newsletter_contact', 'newsletter_contact.id', 'newsletter_recipient.id_contact')
    .select([
      'newsletter_recipient.id',
      'newsletter_recipient.id_campaign',
      'newsletter_contact.id as id_contact',
      'newsletter_contact.email',
      'newsletter_contact.subscription',
      'newsletter_contact.id_vc_card',
    ])
    .where('newsletter_recipient.id', '=', idRecipient)
    .executeTakeFirst();

export async function setContactSubscription(
  db: Database,
  idContact: number,
  subscription: 'subscribed' | 'unsubscribed',
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_contact')
    .set({ subscription, unsubscribed_at: subscription === 'unsubscribed' ? now : null, updated_at: now })
    .where('id', '=', idContact)
    .where('subscription', '!=', subscription)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
