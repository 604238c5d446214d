import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoNewsletterCampaigns } from '../src/seed/demo-newsletter-campaigns.ts';
import { buildTestApp, type TestApp } from './helpers.ts';
import { createContacts, createList, createTemplate } from './newsletter-campaign-fixtures.ts';

describe('demo newsletter campaigns', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults', config: { smtpUrl: null } });
  });
  afterAll(() => t.close());

  it('seeds nothing without the list and template, then a sent, a scheduled and a draft campaign', async () => {
    await seedDemoNewsletterCampaigns(t.ctx);
    expect(await t.ctx.db.selectFrom('newsletter_campaign').select('id').execute()).toHaveLength(0);

    const list = await createList(t.ctx);
    await t.ctx.db.updateTable('newsletter_list').set({ name: 'Stammkunden' }).where('id', '=', list).execute();
    const template = await createTemplate(t.ctx);
    await t.ctx.db
      .updateTable('newsletter_template')
      .set({ name: 'Reiseideen Frühling' })
      .where('id', '=', template)
      .execute();
    await createContacts(t.ctx, 30, [list]);
    await createContacts(t.ctx, 4, [list], { subscription: 'unsubscribed' });
    await seedDemoNewsletterCampaigns(t.ctx);
    await seedDemoNewsletterCampaigns(t.ctx);

    const campaigns = await t.ctx.db
      .selectFrom('newsletter_campaign')
      .select(['id', 'status', 'recipients', 'scheduled_at'])
      .orderBy('id')
      .execute();
    expect(campaigns.map((row) => row.status)).toEqual(['sent', 'scheduled', 'draft']);
    expect(campaigns[0]!.recipients).toBe(30);
    expect(
      new Date(
        String(
          campaigns[1]!.scheduled_at instanceof Date
            ? campaigns[1]!.scheduled_at.toISOString()
            : campaigns[1]!.scheduled_at,
        ),
      ).getTime(),
    ).toBeGreaterThan(Date.now());
    const sent = await t.ctx.db
      .selectFrom('newsletter_recipient')
      .select('status')
      .where('id_campaign', '=', campaigns[0]!.id)
      .execute();
    expect(sent).toHaveLength(30);
    expect(sent.every((row) => row.status === 'sent')).toBe(true);
    const links = await t.ctx.db
      .selectFrom('newsletter_link')
      .select('url')
      .where('id_campaign', '=', campaigns[0]!.id)
      .execute();
    expect(links.map((link) => link.url)).toContain('https://reisen.example.de/fruehling');
  });
});
