import { berlinDate } from '@tourdesk/contracts';
import { compileNewsletter } from '../features/newsletter/newsletter.service.ts';
import { berlinLocalToUtc } from '../features/newsletter-campaigns/newsletter-campaigns.service.ts';
import type { DbContext } from '../types.ts';
import {
  findListIdByName,
  findMailableMembers,
  findTemplateByName,
  hasCampaigns,
  insertCampaignLinks,
  insertCampaignWithList,
  insertSentRecipients,
  setCampaignRecipients,
} from './demo-newsletter-campaigns.repository.ts';

const LIST = 'Stammkunden';
const TEMPLATE = 'Reiseideen Frühling';

/**
 * The demo's campaigns (issue #14): one sent last month to the certified list `Stammkunden` (its recipients
 * written as sent — the demo never talks to SMTP), one scheduled for next week and one draft, all with the
 * template `Reiseideen Frühling`. Needs the contacts' and templates' demo data; without them it seeds nothing.
 */
export async function seedDemoNewsletterCampaigns(ctx: DbContext): Promise<void> {
  const { db } = ctx;
  const list = await findListIdByName(db, LIST);
  const template = await findTemplateByName(db, TEMPLATE);
  if (list === undefined || !template) return;
  if (await hasCampaigns(db)) return;

  const sender = { sender_name: 'Sonnenschein Reisen', sender_email: 'newsletter@sonnenschein-reisen.de' };
  const now = new Date();
  const lastMonth = berlinLocalToUtc(`${berlinDate(new Date(now.getTime() - 30 * 86_400_000))}T10:00`)!;
  const nextWeek = berlinLocalToUtc(`${berlinDate(new Date(now.getTime() + 7 * 86_400_000))}T09:00`)!;
  const at = (date: Date) => date.toISOString();

  const insert = (values: {
    title: string;
    subject: string;
    status: 'draft' | 'scheduled' | 'sent';
    scheduled_at?: string | null;
    started_at?: string | null;
    finished_at?: string | null;
    mjml?: string | null;
    created_at: string;
  }) =>
    insertCampaignWithList(
      db,
      {
        ...sender,
        ...values,
        id_template: template.id,
        id_brand: template.id_brand,
        base_url: 'http://localhost:3000',
        updated_at: values.created_at,
      },
      list,
    );

  const sentId = await insert({
    title: 'Frühlingsreisen 2026',
    subject: template.subject || 'Reiseideen für den Frühling, {{first_name}}',
    status: 'sent',
    scheduled_at: at(lastMonth),
    started_at: at(lastMonth),
    finished_at: at(new Date(lastMonth.getTime() + 20 * 60_000)),
    mjml: template.mjml,
    created_at: at(new Date(lastMonth.getTime() - 3 * 86_400_000)),
  });
  // the recipients as the engine would have left them: the list's mailable members, each once, sent
  const members = await findMailableMembers(db, ctx.dialect, list);
  for (let start = 0; start < members.length; start += 200) {
    await insertSentRecipients(
      db,
      members.slice(start, start + 200).map((contact, index) => ({
        id_campaign: sentId,
        id_contact: contact.id,
        email: contact.email,
        status: 'sent' as const,
        attempts: 1,
        next_attempt_at: at(lastMonth),
        sent_at: at(new Date(lastMonth.getTime() + (start + index) * 2_000)),
        message_id: `<nl-${sentId}-demo-${contact.id}@tourdesk>`,
      })),
    );
  }
  await setCampaignRecipients(db, sentId, members.length);
  await insertCampaignLinks(db, sentId, (await compileNewsletter(template.mjml, null)).links);

  await insert({
    title: 'Sommerfrische in den Alpen',
    subject: 'Ihr Sommer in den Bergen, {{first_name}}',
    status: 'scheduled',
    scheduled_at: at(nextWeek),
    created_at: at(new Date(now.getTime() - 2 * 86_400_000)),
  });
  await insert({
    title: 'Adventsmärkte 2026 (Entwurf)',
    subject: 'Weihnachtliche Städtereisen',
    status: 'draft',
    created_at: at(now),
  });
}
