import { z } from 'zod';

/**
 * Newsletter analysis (issue #14 item 5) and the sending screens `/mailjet`, `/mailjet/debug` (item 6).
 *
 * What the figures mean (docs/adr/0021, features/newsletter-analysis):
 * - `sent`: recipients the engine handed to the SMTP server (a `sent`, `bounce_hard` or `bounce_soft` event);
 * - `bouncedHard`: recipients rejected for good (5xx); `bouncedSoft`: recipients with a temporary rejection (4xx)
 *   that never got through afterwards; `delivered` = sent − bouncedHard − bouncedSoft;
 * - `opened` / `opens`: recipients who opened at least once / all recorded opens — opens by a mail program that
 *   fetched the pixel without a person (Apple Mail privacy prefetch, link scanners) are `machineOpens` and are not
 *   in `opened`; a person's click counts as an open too;
 * - `clicked` / `clicks`: recipients who clicked / all recorded clicks; `unsubscribed`: recipients who unsubscribed.
 * Rates are fractions (0–1) of `delivered`.
 */
export const NEWSLETTER_ANALYSIS_STATUSES = ['sending', 'paused', 'sent'] as const;

export const ZNewsletterCampaignStats = z.object({
  id: z.number().int(),
  title: z.string(),
  subject: z.string(),
  status: z.enum(['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled']),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  tracking: z.boolean(),
  recipients: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  bouncedHard: z.number().int(),
  bouncedSoft: z.number().int(),
  opened: z.number().int(),
  opens: z.number().int(),
  machineOpens: z.number().int(),
  clicked: z.number().int(),
  clicks: z.number().int(),
  unsubscribed: z.number().int(),
  openRate: z.number(),
  clickRate: z.number(),
  bounceRate: z.number(),
  unsubscribeRate: z.number(),
});
export type NewsletterCampaignStats = z.infer<typeof ZNewsletterCampaignStats>;

export const ZNewsletterAnalysisList = z.object({ data: z.array(ZNewsletterCampaignStats) });
export type NewsletterAnalysisList = z.infer<typeof ZNewsletterAnalysisList>;

/** One bucket of the chart over time: an hour (UTC start) or a day in Europe/Berlin (`YYYY-MM-DD`). */
export const ZNewsletterTimeBucket = z.object({ at: z.string(), opens: z.number().int(), clicks: z.number().int() });
export type NewsletterTimeBucket = z.infer<typeof ZNewsletterTimeBucket>;

export const ZNewsletterLinkClicks = z.object({
  id: z.number().int(),
  position: z.number().int(),
  url: z.string(),
  clicks: z.number().int(),
  clicked: z.number().int(),
});
export type NewsletterLinkClicks = z.infer<typeof ZNewsletterLinkClicks>;

export const ZNewsletterBounce = z.object({
  email: z.string(),
  type: z.enum(['bounce_hard', 'bounce_soft']),
  at: z.string(),
  /** the SMTP server's answer */
  detail: z.string().nullable(),
});
export type NewsletterBounce = z.infer<typeof ZNewsletterBounce>;

export const ZNewsletterCampaignAnalysis = z.object({
  stats: ZNewsletterCampaignStats,
  granularity: z.enum(['hour', 'day']),
  series: z.array(ZNewsletterTimeBucket),
  links: z.array(ZNewsletterLinkClicks),
  /** the latest bounces (at most 100) */
  bounces: z.array(ZNewsletterBounce),
});
export type NewsletterCampaignAnalysis = z.infer<typeof ZNewsletterCampaignAnalysis>;

/** /mailjet: a campaign that is sending, paused or scheduled, with its progress and rate. */
export const ZNewsletterSendingCampaign = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(['scheduled', 'sending', 'paused']),
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  recipients: z.number().int(),
  queued: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  bounced: z.number().int(),
  failed: z.number().int(),
  /** mails sent in the last 10 minutes, per minute */
  ratePerMinute: z.number(),
});
export type NewsletterSendingCampaign = z.infer<typeof ZNewsletterSendingCampaign>;
export const ZNewsletterSendingOverview = z.object({ data: z.array(ZNewsletterSendingCampaign) });
export type NewsletterSendingOverview = z.infer<typeof ZNewsletterSendingOverview>;

export const NEWSLETTER_RECIPIENT_STATUSES = ['queued', 'sending', 'sent', 'bounced', 'failed', 'skipped'] as const;

/** /mailjet/debug: one recipient of the sending queue. */
export const ZNewsletterQueueItem = z.object({
  id: z.number().int(),
  campaignId: z.number().int(),
  campaignTitle: z.string(),
  email: z.string(),
  status: z.enum(NEWSLETTER_RECIPIENT_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lockedUntil: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** the SMTP answer of the last failed attempt or bounce */
  lastError: z.string().nullable(),
});
export type NewsletterQueueItem = z.infer<typeof ZNewsletterQueueItem>;

/** The click address's position: anything else than a small whole number is simply not a link (404). */
export const ZNewsletterClickParams = z.object({ token: z.string().max(100), n: z.string().max(12) });
export const ZNewsletterOpenParams = z.object({ file: z.string().max(200) });
