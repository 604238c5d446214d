import type { Generated } from 'kysely';

/** Tables of the newsletter (docs/adr/0021); migration 2026_11_28_0000_create_newsletter. */

export type NewsletterSubscription = 'pending' | 'subscribed' | 'unsubscribed';

/** A newsletter contact (spec §3 "Contact"). `integrated` means linked to a customer card (`id_vc_card`). */
export type NewsletterContactTable = {
  id: Generated<number>;
  email: string;
  /** `email` in lower case; unique */
  email_key: string;
  first_name: string | null;
  last_name: string | null;
  salutation: string | null;
  title: string | null;
  language: Generated<string>;
  subscription: Generated<NewsletterSubscription>;
  active: Generated<number | boolean>;
  id_vc_card: number | null;
  /** GDPR proof: when, from where (import file, website, customer card …) and from which address consent came */
  consent_at: string | Date | null;
  consent_source: string | null;
  consent_ip: string | null;
  /** double opt-in: SHA-256 of the mailed confirmation code, and when it runs out */
  optin_code_hash: string | null;
  optin_expires_at: string | Date | null;
  unsubscribed_at: string | Date | null;
  /** set on a permanent (5xx) rejection: the address is not mailed again */
  hard_bounced_at: string | Date | null;
  soft_bounces: Generated<number>;
  search_text: Generated<string>;
  /** DIN 5007 key of "last name, first name" (or the address when there is no name) */
  sort_name: Generated<string>;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};

/** A contact list (spec §3 "Mail contact list"); usable for marketing once certified (spec §5). */
export type NewsletterListTable = {
  id: Generated<number>;
  name: string;
  name_key: string;
  active: Generated<number | boolean>;
  certified_at: string | Date | null;
  certified_by: number | null;
  /** JSON object of the five statements confirmed */
  certification: string | null;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};

export type NewsletterListMemberSource = 'manual' | 'import' | 'customer-filter' | 'subscribe';

export type NewsletterListMemberTable = {
  id_list: number;
  id_contact: number;
  source: Generated<string>;
  added_at: Generated<string | Date>;
};

export type NewsletterTemplateType = 'marketing' | 'transactional' | 'automation';

export type NewsletterTemplateTable = {
  id: Generated<number>;
  name: string;
  name_key: string;
  type: Generated<NewsletterTemplateType>;
  subject: Generated<string>;
  mjml: string;
  id_brand: number | null;
  created_by: number | null;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};

export type NewsletterCampaignStatus = 'draft' | 'scheduled' | 'sending' | 'paused' | 'sent' | 'cancelled';

/** A campaign (spec §3 "Campaign": sender, sender mail, template, plan). */
export type NewsletterCampaignTable = {
  id: Generated<number>;
  title: string;
  subject: Generated<string>;
  sender_name: Generated<string>;
  sender_email: Generated<string>;
  id_template: number | null;
  id_brand: number | null;
  status: Generated<NewsletterCampaignStatus>;
  scheduled_at: string | Date | null;
  started_at: string | Date | null;
  finished_at: string | Date | null;
  tracking: Generated<number | boolean>;
  /** the template's MJML frozen when sending began */
  mjml: string | null;
  /** origin the mails' links point to, e.g. https://reisen.example.de */
  base_url: string | null;
  /** how many recipients sending began with */
  recipients: Generated<number>;
  created_by: number | null;
  created_at: Generated<string | Date>;
  updated_at: Generated<string | Date>;
};

export type NewsletterCampaignListTable = {
  id_campaign: number;
  id_list: number;
};

export type NewsletterRecipientStatus = 'queued' | 'sending' | 'sent' | 'bounced' | 'failed' | 'skipped';

/** One mail of a campaign: the campaign's own outbox, claimed and leased like `mail_outbox` (docs/adr/0006). */
export type NewsletterRecipientTable = {
  id: Generated<number>;
  id_campaign: number;
  id_contact: number;
  email: string;
  status: Generated<NewsletterRecipientStatus>;
  attempts: Generated<number>;
  next_attempt_at: Generated<string | Date>;
  locked_until: string | Date | null;
  sent_at: string | Date | null;
  message_id: string | null;
  last_error: string | null;
};

export type NewsletterLinkTable = {
  id: Generated<number>;
  id_campaign: number;
  position: number;
  url: string;
};

export type NewsletterEventType = 'sent' | 'bounce_hard' | 'bounce_soft' | 'open' | 'click' | 'unsubscribe';

export type NewsletterEventTable = {
  id: Generated<number>;
  id_campaign: number;
  id_recipient: number | null;
  type: NewsletterEventType;
  id_link: number | null;
  at: Generated<string | Date>;
  detail: string | null;
};
