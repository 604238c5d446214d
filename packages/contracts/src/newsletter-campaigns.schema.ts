import { z } from 'zod';
import { emailField, MAX_ID, requiredText } from './fields.ts';

/** Newsletter campaigns (issue #14, docs/adr/0021): spec §3 "Campaign" — sender, sender mail, template, plan. */
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled'] as const;
export const ZCampaignStatus = z.enum(CAMPAIGN_STATUSES);
export type CampaignStatus = z.infer<typeof ZCampaignStatus>;

/** Only these may still be changed; from `sending` on, the campaign is what was sent. */
export const EDITABLE_CAMPAIGN_STATUSES: readonly CampaignStatus[] = ['draft', 'scheduled'];

/** How far sending has got: the campaign's recipients by state. */
export const ZCampaignProgress = z.object({
  queued: z.number().int(),
  sent: z.number().int(),
  bounced: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});
export type CampaignProgress = z.infer<typeof ZCampaignProgress>;

export const ZNewsletterCampaign = z.object({
  id: z.number().int(),
  title: z.string(),
  subject: z.string(),
  sender_name: z.string(),
  sender_email: z.string(),
  id_template: z.number().int().nullable(),
  template_name: z.string().nullable(),
  list_ids: z.array(z.number().int()),
  /** opens and clicks measured (pixel, redirect links); off for privacy */
  tracking: z.boolean(),
  status: ZCampaignStatus,
  /** when sending is planned (UTC, ISO) */
  scheduled_at: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** how many recipients sending began with */
  recipients: z.number().int(),
  progress: ZCampaignProgress,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NewsletterCampaign = z.infer<typeof ZNewsletterCampaign>;

const idList = z
  .array(z.coerce.number({ error: 'error.invalid' }).int('error.invalid').min(1, 'error.invalid').max(MAX_ID), {
    error: 'error.invalid',
  })
  .max(100, 'error.tooLong');

/** An empty sender address is allowed while drafting (the installation's sender is used). */
const senderEmail = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? '' : value),
  z.union([z.literal(''), emailField()]),
);

/** POST /newsletter/campaigns */
export const ZCreateCampaignBody = z.object({
  title: requiredText({ min: 2, max: 200 }),
  subject: z.string({ error: 'error.invalid' }).trim().max(200, 'error.tooLong').optional(),
  sender_name: z.string({ error: 'error.invalid' }).trim().max(120, 'error.tooLong').optional(),
  sender_email: senderEmail.optional(),
  id_template: z
    .number({ error: 'error.invalid' })
    .int('error.invalid')
    .min(1, 'error.invalid')
    .max(MAX_ID)
    .nullable()
    .optional(),
  list_ids: idList.optional(),
  tracking: z.boolean({ error: 'error.invalid' }).optional(),
});
export type CreateCampaignBody = z.infer<typeof ZCreateCampaignBody>;

/** PATCH /newsletter/campaigns/{id} (drafts and scheduled campaigns only) */
export const ZUpdateCampaignBody = ZCreateCampaignBody.partial();
export type UpdateCampaignBody = z.infer<typeof ZUpdateCampaignBody>;

/** Local date and time in Europe/Berlin, `YYYY-MM-DDTHH:mm` (what a date-time field gives). */
export const BERLIN_LOCAL_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** POST /newsletter/campaigns/{id}/schedule */
export const ZScheduleCampaignBody = z.object({
  at: z.string({ error: 'error.empty' }).regex(BERLIN_LOCAL_PATTERN, 'error.invalid'),
});
export type ScheduleCampaignBody = z.infer<typeof ZScheduleCampaignBody>;

/** POST /newsletter/campaigns/{id}/test */
export const ZTestSendBody = z.object({ email: emailField() });
export type TestSendBody = z.infer<typeof ZTestSendBody>;
export const ZTestSendResult = z.object({ queued: z.literal(true), mailId: z.number().int() });

/** A list the campaign goes to, as the review page shows it. */
export const ZCampaignReviewList = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  certified: z.boolean(),
  /** members who would get the mail now (subscribed, active, not hard-bounced) */
  recipients: z.number().int(),
});

/** GET /newsletter/campaigns/{id}/review: the spec's `id_save` page — what will be sent to whom. */
export const ZCampaignReview = z.object({
  campaign: ZNewsletterCampaign,
  lists: z.array(ZCampaignReviewList),
  /** distinct recipients over all lists */
  recipients: z.number().int(),
  /** what still stops sending: error keys (no template, no list, uncertified list …) */
  problems: z.array(z.string()),
});
export type CampaignReview = z.infer<typeof ZCampaignReview>;

/** A list a campaign may choose (GET /newsletter/campaign-lists). */
export const ZCampaignListChoice = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  certified: z.boolean(),
});
export const ZCampaignTemplateChoice = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  subject: z.string(),
});
export const ZCampaignChoices = z.object({
  lists: z.array(ZCampaignListChoice),
  templates: z.array(ZCampaignTemplateChoice),
});
export type CampaignChoices = z.infer<typeof ZCampaignChoices>;

/** Public: `{token}` of the unsubscribe page and the one-click call. */
export const ZUnsubscribeParams = z.object({ token: z.string().min(1).max(100) });
/** GET /newsletter/unsubscribe/{token}: the masked address and its state, for the public page. */
export const ZUnsubscribeState = z.object({ email: z.string(), subscribed: z.boolean() });
export type UnsubscribeState = z.infer<typeof ZUnsubscribeState>;
