import { berlinDate } from '@tourdesk/contracts';
import type {
  ListQuery,
  NewsletterAnalysisList,
  NewsletterCampaignAnalysis,
  NewsletterCampaignStats,
  NewsletterQueueItem,
  NewsletterSendingOverview,
  NewsletterTimeBucket,
} from '@tourdesk/contracts';
import { NEWSLETTER_ANALYSIS_STATUSES, ZNewsletterQueueItem } from '@tourdesk/contracts';
import { toBool, toIso } from '../../db/dialect.ts';
import { notFound } from '../../lib/errors.ts';
import { contractFields, runList, type ListSpec } from '../../lib/list-query.ts';
import type { DbContext } from '../../types.ts';
import { resolveJwtSecret } from '../auth/auth.service.ts';
import { recipientTokenKey, verifyRecipientToken } from '../newsletter/newsletter.service.ts';
import type { NewsletterCampaignStatus, NewsletterEventType } from '../newsletter/newsletter.table.ts';
import {
  countClicksPerLink,
  countEvents,
  countPerHour,
  countRecipientsByStatus,
  countSentSince,
  countUndeliveredBounces,
  findAnalysedCampaigns,
  findBounces,
  findClickTarget,
  findOpenTarget,
  findSendingCampaigns,
  insertEvents,
  MACHINE,
  queueBaseQuery,
  type QueueRow,
} from './newsletter-analysis.repository.ts';

/** The key of the recipient tokens (newsletter-message.ts), derived from the installation's token key. */
export async function newsletterTokenKey(ctx: DbContext, configuredSecret: string | null): Promise<Buffer> {
  const { secret } = await resolveJwtSecret(ctx, configuredSecret);
  return recipientTokenKey(secret);
}

// Tracking

/**
 * What counts as an open, and what not: a person's mail program loading the pixel. Some programs and gateways
 * fetch every image or link of a mail the moment it arrives, without anyone reading it: Apple Mail's privacy
 * protection loads images through Apple's proxies with the bare user agent `Mozilla/5.0`, and security gateways
 * (Microsoft Safe Links, Mimecast, Proofpoint, Barracuda …) and scripts follow links with their own user agents
 * or a HEAD request. Those are recorded as `machine` (HEAD not at all) and left out of opened and clicked;
 * Gmail's image proxy (`GoogleImageProxy`) fetches when a person opens the mail and counts.
 */
const MACHINE_AGENT =
  /bot\b|crawler|spider|preview|scanner|python|curl|wget|go-http-client|java\/|okhttp|headless|barracuda|mimecast|proofpoint|safelinks|symantec|forcepoint|trendmicro|sophos|fireeye|cisco/i;

export function isMachineAgent(userAgent: string | undefined): boolean {
  const agent = (userAgent ?? '').trim();
  return agent === '' || agent === 'Mozilla/5.0' || MACHINE_AGENT.test(agent);
}

/**
 * Recorded events per recipient and type are capped: a forwarded mail or a script hitting an address again and
 * again cannot grow the table without bound (the figures only ever need "at least once" and a plausible total).
 */
export const MAX_EVENTS_PER_RECIPIENT = 50;

/** 1×1 transparent GIF. */
export const TRANSPARENT_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export type Hit = { userAgent: string | undefined; head: boolean };

const count = (value: number | string | bigint | null | undefined) => Number(value ?? 0);

/** Records an open for the pixel's recipient. A token that is not ours, or a campaign not tracking, records nothing. */
export async function recordOpen(ctx: DbContext, key: Buffer, file: string, hit: Hit): Promise<void> {
  const recipientId = file.endsWith('.gif') ? verifyRecipientToken(key, file.slice(0, -4)) : null;
  if (recipientId === null || hit.head) return;
  const target = await findOpenTarget(ctx.db, recipientId);
  if (!target || !toBool(target.tracking) || count(target.opens) >= MAX_EVENTS_PER_RECIPIENT) return;
  await insertEvents(ctx.db, [
    {
      id_campaign: target.id_campaign,
      id_recipient: target.id_recipient,
      type: 'open',
      at: new Date().toISOString(),
      detail: isMachineAgent(hit.userAgent) ? MACHINE : null,
    },
  ]);
}

/**
 * The address of the link at position `n` of the recipient's campaign, or null (no such token, recipient or link:
 * the caller answers 404 — never a redirect to anything but a stored link). Records the click, and an open when a
 * person clicks without the pixel having been loaded (images blocked).
 */
export async function recordClick(
  ctx: DbContext,
  key: Buffer,
  token: string,
  n: string,
  hit: Hit,
): Promise<string | null> {
  const recipientId = verifyRecipientToken(key, token);
  if (recipientId === null || !/^\d{1,6}$/.test(n)) return null;
  const target = await findClickTarget(ctx.db, recipientId, Number(n));
  if (!target) return null;
  if (!toBool(target.tracking) || hit.head || count(target.clicks) >= MAX_EVENTS_PER_RECIPIENT) return target.url;
  const machine = isMachineAgent(hit.userAgent);
  const at = new Date().toISOString();
  const base = { id_campaign: target.id_campaign, id_recipient: target.id_recipient, at };
  await insertEvents(ctx.db, [
    { ...base, type: 'click', id_link: target.id_link, detail: machine ? MACHINE : null },
    ...(machine || count(target.human_opens) > 0 ? [] : [{ ...base, type: 'open' as const, detail: null }]),
  ]);
  return target.url;
}

// Analysis

const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10000) / 10000 : 0);

type CampaignRow = Awaited<ReturnType<typeof findAnalysedCampaigns>>[number];

async function statsOf(ctx: DbContext, campaigns: CampaignRow[]): Promise<NewsletterCampaignStats[]> {
  if (campaigns.length === 0) return [];
  const ids = campaigns.map((campaign) => campaign.id);
  const [events, undelivered] = await Promise.all([countEvents(ctx.db, ids), countUndeliveredBounces(ctx.db, ids)]);
  const byCampaign = new Map<number, Map<NewsletterEventType, (typeof events)[number]>>();
  for (const row of events) {
    const types = byCampaign.get(row.id_campaign) ?? new Map();
    types.set(row.type, row);
    byCampaign.set(row.id_campaign, types);
  }
  const undeliveredOf = (id: number, type: 'bounce_hard' | 'bounce_soft') =>
    count(undelivered.find((row) => row.id_campaign === id && row.type === type)?.recipients);
  return campaigns.map((campaign) => {
    const types = byCampaign.get(campaign.id);
    const of = (type: NewsletterEventType) => types?.get(type);
    const hardBeforeSent = undeliveredOf(campaign.id, 'bounce_hard');
    const bouncedSoft = undeliveredOf(campaign.id, 'bounce_soft');
    const bouncedHard = count(of('bounce_hard')?.human_recipients);
    const sent = count(of('sent')?.human_recipients) + hardBeforeSent + bouncedSoft;
    const delivered = Math.max(0, sent - bouncedHard - bouncedSoft);
    const opened = count(of('open')?.human_recipients);
    const clicked = count(of('click')?.human_recipients);
    const unsubscribed = count(of('unsubscribe')?.human_recipients);
    return {
      id: campaign.id,
      title: campaign.title,
      subject: campaign.subject,
      status: campaign.status as NewsletterCampaignStatus,
      startedAt: toIso(campaign.started_at),
      finishedAt: toIso(campaign.finished_at),
      tracking: toBool(campaign.tracking),
      recipients: campaign.recipients,
      sent,
      delivered,
      bouncedHard,
      bouncedSoft,
      opened,
      opens: count(of('open')?.human_total),
      machineOpens: count(of('open')?.total) - count(of('open')?.human_total),
      clicked,
      clicks: count(of('click')?.human_total),
      unsubscribed,
      openRate: rate(opened, delivered),
      clickRate: rate(clicked, delivered),
      bounceRate: rate(bouncedHard + bouncedSoft, sent),
      unsubscribeRate: rate(unsubscribed, delivered),
    };
  });
}

/** The campaigns that were sent or are sending, newest first, with their figures. */
export async function listCampaignStats(ctx: DbContext, limit = 100): Promise<NewsletterAnalysisList> {
  const campaigns = await findAnalysedCampaigns(ctx.db, NEWSLETTER_ANALYSIS_STATUSES, limit);
  return { data: await statsOf(ctx, campaigns) };
}

/** Charts over hours while the events span at most three days, else over days (Europe/Berlin). */
const HOURLY_SPAN_HOURS = 72;

function timeSeries(rows: Array<{ hour: string; type: string; n: number | string }>) {
  const hours = new Map<string, NewsletterTimeBucket>();
  for (const row of rows) {
    const at = `${row.hour}:00:00.000Z`;
    const bucket = hours.get(at) ?? { at, opens: 0, clicks: 0 };
    if (row.type === 'open') bucket.opens += count(row.n);
    else bucket.clicks += count(row.n);
    hours.set(at, bucket);
  }
  const hourly = [...hours.values()];
  if (hourly.length === 0) return { granularity: 'hour' as const, series: [] };
  const span = (Date.parse(hourly.at(-1)!.at) - Date.parse(hourly[0]!.at)) / 3_600_000;
  if (span <= HOURLY_SPAN_HOURS) {
    // Fill the hours without events, so the chart's time axis is even.
    const series: NewsletterTimeBucket[] = [];
    for (let t = Date.parse(hourly[0]!.at); t <= Date.parse(hourly.at(-1)!.at); t += 3_600_000) {
      const at = new Date(t).toISOString();
      series.push(hours.get(at) ?? { at, opens: 0, clicks: 0 });
    }
    return { granularity: 'hour' as const, series };
  }
  const days = new Map<string, NewsletterTimeBucket>();
  for (const bucket of hourly) {
    const at = berlinDate(new Date(bucket.at));
    const day = days.get(at) ?? { at, opens: 0, clicks: 0 };
    day.opens += bucket.opens;
    day.clicks += bucket.clicks;
    days.set(at, day);
  }
  return { granularity: 'day' as const, series: [...days.values()] };
}

export async function getCampaignAnalysis(ctx: DbContext, id: number): Promise<NewsletterCampaignAnalysis> {
  const campaigns = await findAnalysedCampaigns(ctx.db, NEWSLETTER_ANALYSIS_STATUSES, 1, id);
  if (campaigns.length === 0) throw notFound();
  const [[stats], hours, links, bounces] = await Promise.all([
    statsOf(ctx, campaigns),
    countPerHour(ctx.db, ctx.dialect, id),
    countClicksPerLink(ctx.db, id),
    findBounces(ctx.db, id, 100),
  ]);
  return {
    stats: stats!,
    ...timeSeries(hours),
    links: links.map((link) => ({
      id: link.id,
      position: link.position,
      url: link.url,
      clicks: count(link.clicks),
      clicked: count(link.clicked),
    })),
    bounces: bounces.map((bounce) => ({
      email: bounce.email,
      type: bounce.type === 'bounce_hard' ? 'bounce_hard' : 'bounce_soft',
      at: toIso(bounce.at)!,
      detail: bounce.detail,
    })),
  };
}

// Sending

/** The window the sending rate is measured over. */
const RATE_WINDOW_MINUTES = 10;

export async function getSendingOverview(ctx: DbContext, now = new Date()): Promise<NewsletterSendingOverview> {
  const campaigns = await findSendingCampaigns(ctx.db);
  if (campaigns.length === 0) return { data: [] };
  const ids = campaigns.map((campaign) => campaign.id);
  const since = new Date(now.getTime() - RATE_WINDOW_MINUTES * 60_000).toISOString();
  const [statuses, recent] = await Promise.all([
    countRecipientsByStatus(ctx.db, ids),
    countSentSince(ctx.db, ids, since),
  ]);
  return {
    data: campaigns.map((campaign) => {
      const of = (status: string) =>
        count(statuses.find((row) => row.id_campaign === campaign.id && row.status === status)?.n);
      const sentRecently = count(recent.find((row) => row.id_campaign === campaign.id)?.n);
      const queued = of('queued');
      const sending = of('sending');
      const sent = of('sent');
      const bounced = of('bounced');
      const failed = of('failed');
      return {
        id: campaign.id,
        title: campaign.title,
        status: campaign.status as 'scheduled' | 'sending' | 'paused',
        scheduledAt: toIso(campaign.scheduled_at),
        startedAt: toIso(campaign.started_at),
        recipients: Math.max(campaign.recipients, queued + sending + sent + bounced + failed + of('skipped')),
        queued,
        sending,
        sent,
        bounced,
        failed,
        ratePerMinute: Math.round((sentRecently / RATE_WINDOW_MINUTES) * 10) / 10,
      };
    }),
  };
}

const QUEUE_LIST_SPEC: ListSpec<NewsletterQueueItem> = {
  table: 'newsletter_recipient',
  idColumn: 'id',
  idField: 'id',
  searchable: false,
  defaultSort: [['id', -1]],
  fields: {
    id: { column: 'newsletter_recipient.id', type: 'number' },
    campaignId: { column: 'newsletter_recipient.id_campaign', type: 'number' },
    email: { column: 'newsletter_recipient.email', type: 'string' },
    status: { column: 'newsletter_recipient.status', type: 'string' },
    attempts: { column: 'newsletter_recipient.attempts', type: 'number' },
    nextAttemptAt: { column: 'newsletter_recipient.next_attempt_at', type: 'date' },
    sentAt: { column: 'newsletter_recipient.sent_at', type: 'date', nullable: true },
  },
  selectable: contractFields(ZNewsletterQueueItem),
  maxLimit: 200,
};

const toQueueItem = (row: QueueRow): NewsletterQueueItem => ({
  id: row.id,
  campaignId: row.id_campaign,
  campaignTitle: row.campaign_title,
  email: row.email,
  status: row.status,
  attempts: row.attempts,
  nextAttemptAt: toIso(row.next_attempt_at),
  lockedUntil: toIso(row.locked_until),
  sentAt: toIso(row.sent_at),
  lastError: row.last_error,
});

/** /mailjet/debug: the recipients of every campaign, newest first, filterable by campaign and status. */
export const listQueue = (ctx: DbContext, query: ListQuery) =>
  runList(ctx, QUEUE_LIST_SPEC, query, queueBaseQuery(ctx.db), (rows) => rows.map(toQueueItem));
