import type { Insertable } from 'kysely';
import type { DbContext } from '../types.ts';
import type {
  NewsletterCampaignStatus,
  NewsletterEventTable,
  NewsletterRecipientStatus,
} from '../features/newsletter/newsletter.table.ts';
import {
  insertCampaign,
  insertContacts,
  insertEventRows,
  insertLinks,
  insertRecipients,
} from './demo-newsletter-analysis.repository.ts';
import { nextSequence } from './factories.ts';

/**
 * A campaign as the sending engine leaves it, written straight into the newsletter tables (docs/adr/0021): its
 * contacts, one recipient each, and its links. For the analysis' tests and benchmark, which need campaigns
 * without sending them.
 */
export type NewsletterCampaignFixture = {
  id: number;
  recipients: Array<{ id: number; email: string }>;
  links: Array<{ id: number; position: number; url: string }>;
};

export async function createNewsletterCampaignFixture(
  ctx: DbContext,
  options: {
    title?: string;
    status?: NewsletterCampaignStatus;
    tracking?: boolean;
    recipients?: number;
    recipientStatus?: NewsletterRecipientStatus;
    links?: readonly string[];
    startedAt?: string;
    scheduledAt?: string;
  } = {},
): Promise<NewsletterCampaignFixture> {
  const n = nextSequence();
  const count = options.recipients ?? 3;
  const startedAt = options.startedAt ?? new Date().toISOString();
  const status = options.status ?? 'sent';
  return ctx.db.transaction().execute(async (db) => {
    const campaign = await insertCampaign(db, {
      title: options.title ?? `Kampagne ${n}`,
      subject: `Betreff ${n}`,
      sender_name: 'Reisebüro',
      sender_email: 'news@example.com',
      status,
      tracking: ctx.dialect === 'postgres' ? options.tracking !== false : options.tracking === false ? 0 : 1,
      started_at: status === 'scheduled' ? null : startedAt,
      scheduled_at: options.scheduledAt ?? null,
      finished_at: status === 'sent' ? startedAt : null,
      base_url: 'https://reisen.example.de',
      recipients: count,
    });
    const recipients: NewsletterCampaignFixture['recipients'] = [];
    for (let start = 0; start < count; start += 500) {
      const emails = Array.from(
        { length: Math.min(500, count - start) },
        (_, i) => `leser${start + i + 1}.k${n}@example.com`,
      );
      const contacts = await insertContacts(db, emails, `Leser ${n}`);
      const rows = await insertRecipients(
        db,
        contacts.map((contact) => ({
          id_campaign: campaign.id,
          id_contact: contact.id,
          email: contact.email,
          status: options.recipientStatus ?? (status === 'scheduled' ? 'queued' : 'sent'),
          sent_at: (options.recipientStatus ?? 'sent') === 'sent' && status !== 'scheduled' ? startedAt : null,
        })),
      );
      recipients.push(...rows);
    }
    const links = options.links ?? ['https://reisen.example.de/reisen/gardasee', 'https://reisen.example.de/angebote'];
    const linkRows = links.length === 0 ? [] : await insertLinks(db, campaign.id, links);
    return { id: campaign.id, recipients, links: linkRows };
  });
}

/** Events of a campaign as the tracking and the sending engine record them. */
export async function addNewsletterEvents(ctx: DbContext, rows: Insertable<NewsletterEventTable>[]): Promise<void> {
  await insertEventRows(ctx.db, rows);
}
