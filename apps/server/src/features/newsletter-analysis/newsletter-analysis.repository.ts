import { sql, type Insertable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DialectName } from '../../db/dialect.ts';
import type {
  NewsletterCampaignStatus,
  NewsletterEventTable,
  NewsletterEventType,
} from '../newsletter/newsletter.table.ts';

/**
 * All SQL of the newsletter analysis. The counts read the index `newsletter_event_analysis (id_campaign, type,
 * id_recipient, id_link, detail, at)` (migration 2026_11_28_0400) and nothing else of the events: no event row
 * ever reaches Node, only the counts.
 */

/** `detail` of an open or click that a machine made (a mail program's prefetch, a link scanner). */
export const MACHINE = 'machine';

const human = sql<boolean>`coalesce(newsletter_event.detail, '') <> ${MACHINE}`;

// Tracking (public endpoints): one lookup, one insert

/** The recipient's campaign, whether it tracks, and how many opens it recorded already. */
export function findOpenTarget(db: Database, recipientId: number) {
  return db
    .selectFrom('newsletter_recipient')
    .innerJoin('newsletter_campaign', 'newsletter_campaign.id', 'newsletter_recipient.id_campaign')
    .select((eb) => [
      'newsletter_recipient.id as id_recipient',
      'newsletter_recipient.id_campaign',
      'newsletter_campaign.tracking',
      eb
        .selectFrom('newsletter_event')
        .select(eb.fn.countAll<number | string>().as('n'))
        .where('newsletter_event.id_recipient', '=', recipientId)
        .where('newsletter_event.type', '=', 'open')
        .as('opens'),
    ])
    .where('newsletter_recipient.id', '=', recipientId)
    .executeTakeFirst();
}

/** The link at `position` of the recipient's campaign, whether the campaign tracks, and what was recorded. */
export function findClickTarget(db: Database, recipientId: number, position: number) {
  return db
    .selectFrom('newsletter_recipient')
    .innerJoin('newsletter_campaign', 'newsletter_campaign.id', 'newsletter_recipient.id_campaign')
    .innerJoin('newsletter_link', (join) =>
      join
        .onRef('newsletter_link.id_campaign', '=', 'newsletter_recipient.id_campaign')
        .on('newsletter_link.position', '=', position),
    )
    .select((eb) => [
      'newsletter_recipient.id as id_recipient',
      'newsletter_recipient.id_campaign',
      'newsletter_campaign.tracking',
      'newsletter_link.id as id_link',
      'newsletter_link.url',
      eb
        .selectFrom('newsletter_event')
        .select(eb.fn.countAll<number | string>().as('n'))
        .where('newsletter_event.id_recipient', '=', recipientId)
        .where('newsletter_event.type', '=', 'click')
        .as('clicks'),
      eb
        .selectFrom('newsletter_event')
        .select(eb.fn.countAll<number | string>().as('n'))
        .where('newsletter_event.id_recipient', '=', recipientId)
        .where('newsletter_event.type', '=', 'open')
        .where(human)
        .as('human_opens'),
    ])
    .where('newsletter_recipient.id', '=', recipientId)
    .executeTakeFirst();
}

export async function insertEvents(db: Database, rows: Insertable<NewsletterEventTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('newsletter_event').values(rows).execute();
}

// Analysis

export function findAnalysedCampaigns(
  db: Database,
  statuses: readonly NewsletterCampaignStatus[],
  limit: number,
  id?: number,
) {
  let query = db
    .selectFrom('newsletter_campaign')
    .select(['id', 'title', 'subject', 'status', 'started_at', 'finished_at', 'tracking', 'recipients', 'created_at'])
    .where('status', 'in', statuses);
  if (id !== undefined) query = query.where('id', '=', id);
  return query
    .orderBy(sql`coalesce(started_at, created_at)`, 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export type EventCountRow = {
  id_campaign: number;
  type: NewsletterEventType;
  total: number | string;
  human_total: number | string;
  human_recipients: number | string;
};

/**
 * Per campaign and event type: all events, and the events and distinct recipients without the machines' (only opens
 * and clicks can be a machine's; one distinct count per group keeps it to one sort of the recipients).
 */
export function countEvents(db: Database, campaignIds: readonly number[]): Promise<EventCountRow[]> {
  return db
    .selectFrom('newsletter_event')
    .select((eb) => [
      'newsletter_event.id_campaign',
      'newsletter_event.type',
      eb.fn.countAll<number | string>().as('total'),
      sql<number | string>`count(case when ${human} then 1 end)`.as('human_total'),
      sql<number | string>`count(distinct case when ${human} then newsletter_event.id_recipient end)`.as(
        'human_recipients',
      ),
    ])
    .where('newsletter_event.id_campaign', 'in', campaignIds)
    .groupBy(['newsletter_event.id_campaign', 'newsletter_event.type'])
    .execute();
}

/**
 * Per campaign, recipients whose rejection never turned into a delivery: hard bounces without a `sent` event
 * (rejected while sending), and soft bounces with neither `sent` nor a hard bounce (still undelivered). Bounces
 * are few; each one checks its recipient's other events through `newsletter_event_recipient`.
 */
export function countUndeliveredBounces(db: Database, campaignIds: readonly number[]) {
  return db
    .selectFrom('newsletter_event as e')
    .select((eb) => [
      'e.id_campaign',
      'e.type',
      eb.fn.count<number | string>('e.id_recipient').distinct().as('recipients'),
    ])
    .where('e.id_campaign', 'in', campaignIds)
    .where('e.type', 'in', ['bounce_hard', 'bounce_soft'])
    .where(({ exists, not, selectFrom, eb }) =>
      not(
        exists(
          selectFrom('newsletter_event as other')
            .select(sql`1`.as('one'))
            .whereRef('other.id_recipient', '=', 'e.id_recipient')
            .where((inner) =>
              inner.or([
                inner('other.type', '=', 'sent'),
                inner.and([eb('e.type', '=', 'bounce_soft'), inner('other.type', '=', 'bounce_hard')]),
              ]),
            ),
        ),
      ),
    )
    .groupBy(['e.id_campaign', 'e.type'])
    .execute();
}

/** `YYYY-MM-DDTHH` (UTC) of a timestamp column, the same text on both engines. */
const hourOf = (dialect: DialectName) =>
  dialect === 'postgres'
    ? sql<string>`to_char(newsletter_event.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24')`
    : sql<string>`substr(newsletter_event.at, 1, 13)`;

/** A person's opens and clicks of one campaign per hour (UTC), oldest first. */
export function countPerHour(db: Database, dialect: DialectName, campaignId: number) {
  const hour = hourOf(dialect);
  return db
    .selectFrom('newsletter_event')
    .select((eb) => [hour.as('hour'), 'newsletter_event.type', eb.fn.countAll<number | string>().as('n')])
    .where('newsletter_event.id_campaign', '=', campaignId)
    .where('newsletter_event.type', 'in', ['open', 'click'])
    .where(human)
    .groupBy([hour, 'newsletter_event.type'])
    .orderBy(hour)
    .execute();
}

/** Every link of the campaign with a person's clicks on it (all, and distinct recipients). */
export function countClicksPerLink(db: Database, campaignId: number) {
  return db
    .selectFrom('newsletter_link')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('newsletter_event')
          .select((inner) => [
            'newsletter_event.id_link',
            inner.fn.countAll<number | string>().as('clicks'),
            inner.fn.count<number | string>('newsletter_event.id_recipient').distinct().as('clicked'),
          ])
          .where('newsletter_event.id_campaign', '=', campaignId)
          .where('newsletter_event.type', '=', 'click')
          .where(human)
          .groupBy('newsletter_event.id_link')
          .as('counted'),
      (join) => join.onRef('counted.id_link', '=', 'newsletter_link.id'),
    )
    .select([
      'newsletter_link.id',
      'newsletter_link.position',
      'newsletter_link.url',
      'counted.clicks',
      'counted.clicked',
    ])
    .where('newsletter_link.id_campaign', '=', campaignId)
    .orderBy('newsletter_link.position')
    .execute();
}

/** The campaign's latest bounces with the address and the SMTP answer. */
export function findBounces(db: Database, campaignId: number, limit: number) {
  return db
    .selectFrom('newsletter_event')
    .innerJoin('newsletter_recipient', 'newsletter_recipient.id', 'newsletter_event.id_recipient')
    .select(['newsletter_recipient.email', 'newsletter_event.type', 'newsletter_event.at', 'newsletter_event.detail'])
    .where('newsletter_event.id_campaign', '=', campaignId)
    .where('newsletter_event.type', 'in', ['bounce_hard', 'bounce_soft'])
    .orderBy('newsletter_event.at', 'desc')
    .orderBy('newsletter_event.id', 'desc')
    .limit(limit)
    .execute();
}

// Sending (/mailjet, /mailjet/debug)

export function findSendingCampaigns(db: Database) {
  return db
    .selectFrom('newsletter_campaign')
    .select(['id', 'title', 'status', 'scheduled_at', 'started_at', 'recipients'])
    .where('status', 'in', ['scheduled', 'sending', 'paused'])
    .orderBy(sql`case status when 'sending' then 0 when 'paused' then 1 else 2 end`)
    .orderBy(sql`coalesce(started_at, scheduled_at)`)
    .orderBy('id')
    .execute();
}

/** Recipients per campaign and status (index `newsletter_recipient_due`). */
export function countRecipientsByStatus(db: Database, campaignIds: readonly number[]) {
  return db
    .selectFrom('newsletter_recipient')
    .select((eb) => ['id_campaign', 'status', eb.fn.countAll<number | string>().as('n')])
    .where('id_campaign', 'in', campaignIds)
    .groupBy(['id_campaign', 'status'])
    .execute();
}

/** `sent` events per campaign since `since` (index `newsletter_event_campaign`). */
export function countSentSince(db: Database, campaignIds: readonly number[], since: string) {
  return db
    .selectFrom('newsletter_event')
    .select((eb) => ['id_campaign', eb.fn.countAll<number | string>().as('n')])
    .where('id_campaign', 'in', campaignIds)
    .where('type', '=', 'sent')
    .where('at', '>=', since)
    .groupBy('id_campaign')
    .execute();
}

/** The sending queue: recipients with their campaign's title (the list spec in the service filters and sorts). */
export const queueBaseQuery = (db: Database) =>
  db
    .selectFrom('newsletter_recipient')
    .innerJoin('newsletter_campaign', 'newsletter_campaign.id', 'newsletter_recipient.id_campaign')
    .select([
      'newsletter_recipient.id',
      'newsletter_recipient.id_campaign',
      'newsletter_campaign.title as campaign_title',
      'newsletter_recipient.email',
      'newsletter_recipient.status',
      'newsletter_recipient.attempts',
      'newsletter_recipient.next_attempt_at',
      'newsletter_recipient.locked_until',
      'newsletter_recipient.sent_at',
      'newsletter_recipient.last_error',
    ]);

export type QueueRow = Awaited<ReturnType<ReturnType<typeof queueBaseQuery>['execute']>>[number];
