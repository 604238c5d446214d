import type { Insertable } from 'kysely';
import type { DbContext } from '../types.ts';
import type { NewsletterEventTable } from '../features/newsletter/newsletter.table.ts';
import { toBool } from '../db/dialect.ts';
import {
  findHandedOverRecipients,
  findLinkIds,
  findSentCampaignsWithoutEvents,
} from './demo-newsletter-analysis.repository.ts';
import { addNewsletterEvents } from './newsletter-analysis-factories.ts';

/** Small seeded PRNG (mulberry32): the demo's events are the same on every start. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOUR = 3_600_000;

/**
 * Opens, clicks, bounces and unsubscribes over time for the demo's sent campaigns (issue #14 item 5), so
 * /newsletter/analysis looks like a real newsletter: per campaign with `sent` recipients and no events yet, a
 * `sent` event per recipient, ~2 % bounces (most hard, with an SMTP answer), ~45 % of the others open (many in
 * the first hours, the rest over a week; some twice; a few through Apple's privacy prefetch), ~12 % click one of the
 * campaign's links and ~1 % unsubscribe. The campaigns themselves come from the campaigns feature's seed;
 * without one, nothing happens.
 */
export async function seedDemoNewsletterAnalysis(ctx: DbContext): Promise<number> {
  const campaigns = await findSentCampaignsWithoutEvents(ctx.db);
  let written = 0;
  for (const campaign of campaigns) {
    const next = random(campaign.id * 7919);
    const started = new Date(campaign.started_at!).getTime();
    const tracking = toBool(campaign.tracking);
    const recipients = await findHandedOverRecipients(ctx.db, campaign.id);
    const links = await findLinkIds(ctx.db, campaign.id);
    const events: Insertable<NewsletterEventTable>[] = [];
    const at = (hours: number) => new Date(started + hours * HOUR).toISOString();
    // Most people read within hours, a tail over the week after.
    const readingDelay = () => (next() < 0.6 ? next() * 6 : 6 + next() * 160);
    for (const [index, recipient] of recipients.entries()) {
      const base = { id_campaign: campaign.id, id_recipient: recipient.id };
      const sentAt = index / 400; // the engine's rate: ~400 mails an hour
      const roll = next();
      if (roll < 0.015 || recipient.status === 'bounced') {
        events.push({
          ...base,
          type: 'bounce_hard',
          at: at(sentAt),
          detail: '550 5.1.1 <user>: Recipient address rejected: User unknown',
        });
        continue;
      }
      events.push({ ...base, type: 'sent', at: at(sentAt) });
      if (roll < 0.02) {
        events.push({
          ...base,
          type: 'bounce_soft',
          at: at(sentAt),
          detail: '452 4.2.2 Mailbox full, try again later',
        });
        continue;
      }
      if (!tracking) continue;
      if (next() < 0.08) events.push({ ...base, type: 'open', at: at(sentAt + 0.01), detail: 'machine' });
      if (next() < 0.45) {
        const opened = sentAt + readingDelay();
        events.push({ ...base, type: 'open', at: at(opened) });
        if (next() < 0.25) events.push({ ...base, type: 'open', at: at(opened + next() * 48) });
        if (links.length > 0 && next() < 0.27) {
          const link = links[Math.floor(next() ** 2 * links.length)]!;
          events.push({ ...base, type: 'click', id_link: link.id, at: at(opened + next() * 0.2) });
        }
        if (next() < 0.02) events.push({ ...base, type: 'unsubscribe', at: at(opened + 0.05) });
      }
    }
    await addNewsletterEvents(ctx, events);
    written += events.length;
  }
  return written;
}
