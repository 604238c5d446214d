import { z } from 'zod';
import { optionalRef, requiredText } from './fields.ts';

/** Template types of spec §3. */
export const NEWSLETTER_TEMPLATE_TYPES = ['marketing', 'transactional', 'automation'] as const;
export type NewsletterTemplateType = (typeof NEWSLETTER_TEMPLATE_TYPES)[number];

/** The most MJML a template may hold (characters). */
export const MAX_TEMPLATE_MJML = 200_000;

/** A newsletter template (spec §3 "Template"): MJML with placeholders, compiled per campaign. */
export const ZNewsletterTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(NEWSLETTER_TEMPLATE_TYPES),
  subject: z.string(),
  mjml: z.string(),
  id_brand: z.number().int().nullable(),
  /** how many campaigns use the template (it cannot be deleted while any does) */
  campaign_count: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NewsletterTemplate = z.infer<typeof ZNewsletterTemplate>;

const mjmlField = () =>
  z.string({ error: 'error.empty' }).trim().min(1, 'error.empty').max(MAX_TEMPLATE_MJML, 'error.tooLong');

/** POST /newsletter/templates */
export const ZCreateNewsletterTemplateBody = z.object({
  name: requiredText({ min: 2, max: 120 }),
  type: z.enum(NEWSLETTER_TEMPLATE_TYPES, { error: 'error.invalid' }),
  subject: requiredText({ max: 200 }),
  mjml: mjmlField(),
  id_brand: optionalRef(),
});
export type CreateNewsletterTemplateBody = z.infer<typeof ZCreateNewsletterTemplateBody>;

/** PATCH /newsletter/templates/{id} */
export const ZUpdateNewsletterTemplateBody = ZCreateNewsletterTemplateBody.partial();
export type UpdateNewsletterTemplateBody = z.infer<typeof ZUpdateNewsletterTemplateBody>;

/** POST /newsletter/templates/preview: the editor's MJML, compiled with a sample contact filled in. */
export const ZNewsletterPreviewBody = z.object({
  mjml: z.string({ error: 'error.invalid' }).max(MAX_TEMPLATE_MJML, 'error.tooLong'),
  type: z.enum(NEWSLETTER_TEMPLATE_TYPES, { error: 'error.invalid' }).optional(),
  id_brand: optionalRef(),
});
export type NewsletterPreviewBody = z.infer<typeof ZNewsletterPreviewBody>;

/** A problem the MJML compiler (or the unsubscribe rule) found, with its line (0 when it has none). */
export const ZMjmlProblem = z.object({ line: z.number().int(), message: z.string(), tagName: z.string() });
export type MjmlProblemBody = z.infer<typeof ZMjmlProblem>;

export const ZNewsletterPreview = z.object({
  html: z.string(),
  problems: z.array(ZMjmlProblem),
  /** a marketing template without `{{unsubscribe_url}}` */
  unsubscribeMissing: z.boolean(),
});
export type NewsletterPreview = z.infer<typeof ZNewsletterPreview>;

/** A fixed starter template (the spec's "cards" sub-page), kept as code on the server. */
export const ZNewsletterTemplateCard = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(NEWSLETTER_TEMPLATE_TYPES),
  subject: z.string(),
  mjml: z.string(),
});
export type NewsletterTemplateCard = z.infer<typeof ZNewsletterTemplateCard>;

/** An image for templates (the spec's "files" sub-page); public by URL because mail programs load it. */
export const ZNewsletterTemplateFile = z.object({
  id: z.number().int(),
  id_file: z.number().int(),
  name: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** path of the mail-sized image (at most 1200 px wide, JPEG/PNG/GIF), relative to the host */
  url: z.string(),
  thumbUrl: z.string(),
  createdAt: z.string(),
});
export type NewsletterTemplateFile = z.infer<typeof ZNewsletterTemplateFile>;
