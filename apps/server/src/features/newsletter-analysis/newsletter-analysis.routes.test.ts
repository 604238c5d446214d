import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  NewsletterAnalysisList,
  NewsletterCampaignAnalysis,
  NewsletterQueueItem,
  NewsletterSendingOverview,
} from '@tourdesk/contracts';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { seedDemoNewsletterAnalysis } from '../../seed/demo-newsletter-analysis.ts';
import {
  addNewsletterEvents,
  createNewsletterCampaignFixture,
  type NewsletterCampaignFixture,
} from '../../seed/newsletter-analysis-factories.ts';
import { signRecipientToken } from '../newsletter/newsletter.service.ts';
import { newsletterTokenKey, TRANSPARENT_GIF } from './newsletter-analysis.service.ts';

const PERSON = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)';

/** Tracking pixel, click redirect, analysis and sending queue (issue #14 items 5, 6). */
describe('newsletter analysis', () => {
  let t: TestApp;
  let office: string;
  let agency: string;
  let traveller: string;
  let key: Buffer;

  const events = (campaignId: number) =>
    t.ctx.db
      .selectFrom('newsletter_event')
      .select(['type', 'id_recipient', 'id_link', 'detail'])
      .where('id_campaign', '=', campaignId)
      .orderBy('id')
      .execute();
  const token = (recipientId: number) => signRecipientToken(key, recipientId);
  const pixel = (value: string, userAgent = PERSON) =>
    t.app.inject({ method: 'GET', url: `/api/v1/newsletter/o/${value}`, headers: { 'user-agent': userAgent } });
  const click = (value: string, n: number | string, userAgent = PERSON, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url: `/api/v1/newsletter/c/${value}/${n}`, headers: { 'user-agent': userAgent } });

  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    office = await createLogin(t.ctx, 'office');
    agency = await createLogin(t.ctx, 'agency');
    traveller = await createLogin(t.ctx, 'traveller');
    key = await newsletterTokenKey(t.ctx, t.config.jwtSecret);
  });
  afterAll(() => t.close());

  describe('tracking pixel', () => {
    let campaign: NewsletterCampaignFixture;
    beforeAll(async () => {
      campaign = await createNewsletterCampaignFixture(t.ctx, { recipients: 2 });
    });

    it('answers a 1×1 GIF that is not cached and records one open of that recipient', async () => {
      const recipient = campaign.recipients[0]!;
      const response = await pixel(`${token(recipient.id)}.gif`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/gif');
      expect(response.headers['cache-control']).toContain('no-store');
      expect(response.rawPayload.equals(TRANSPARENT_GIF)).toBe(true);
      expect(await events(campaign.id)).toEqual([
        { type: 'open', id_recipient: recipient.id, id_link: null, detail: null },
      ]);
    });

    it("records Apple Mail's privacy prefetch as a machine's open, and a HEAD request not at all", async () => {
      const recipient = campaign.recipients[1]!;
      await pixel(`${token(recipient.id)}.gif`, 'Mozilla/5.0');
      const head = await t.app.inject({ method: 'HEAD', url: `/api/v1/newsletter/o/${token(recipient.id)}.gif` });
      expect(head.statusCode).toBe(200);
      const mine = (await events(campaign.id)).filter((event) => event.id_recipient === recipient.id);
      expect(mine).toEqual([{ type: 'open', id_recipient: recipient.id, id_link: null, detail: 'machine' }]);
    });

    it('answers the GIF to a bad, altered or unknown token and records nothing', async () => {
      const before = (await events(campaign.id)).length;
      const real = token(campaign.recipients[0]!.id);
      const altered = `${real.slice(0, -2)}${real.endsWith('AA') ? 'BB' : 'AA'}`;
      for (const value of ['nonsense.gif', `${altered}.gif`, `${token(999_999)}.gif`, real, `${'x'.repeat(80)}.gif`]) {
        const response = await pixel(value);
        expect(response.statusCode, value).toBe(200);
        expect(response.headers['content-type']).toBe('image/gif');
      }
      expect(await events(campaign.id)).toHaveLength(before);
    });

    it('records nothing when the campaign does not track', async () => {
      const quiet = await createNewsletterCampaignFixture(t.ctx, { recipients: 1, tracking: false });
      const response = await pixel(`${token(quiet.recipients[0]!.id)}.gif`);
      expect(response.statusCode).toBe(200);
      const link = await click(token(quiet.recipients[0]!.id), 0);
      expect(link.statusCode).toBe(302);
      expect(link.headers.location).toBe(quiet.links[0]!.url);
      expect(await events(quiet.id)).toEqual([]);
    });
  });

  describe('click redirect', () => {
    let campaign: NewsletterCampaignFixture;
    beforeAll(async () => {
      campaign = await createNewsletterCampaignFixture(t.ctx, {
        recipients: 3,
        links: ['https://reisen.example.de/a?x=1&y=2', 'https://reisen.example.de/b'],
      });
    });

    it('redirects to the stored link and records the click and, without an open yet, the open', async () => {
      const recipient = campaign.recipients[0]!;
      const response = await click(token(recipient.id), 1);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('https://reisen.example.de/b');
      await click(token(recipient.id), 0);
      expect(await events(campaign.id)).toEqual([
        { type: 'click', id_recipient: recipient.id, id_link: campaign.links[1]!.id, detail: null },
        { type: 'open', id_recipient: recipient.id, id_link: null, detail: null },
        { type: 'click', id_recipient: recipient.id, id_link: campaign.links[0]!.id, detail: null },
      ]);
    });

    it('adds no second open when the pixel was loaded first', async () => {
      const recipient = campaign.recipients[1]!;
      await pixel(`${token(recipient.id)}.gif`);
      await click(token(recipient.id), 0);
      const mine = (await events(campaign.id)).filter((event) => event.id_recipient === recipient.id);
      expect(mine.map((event) => event.type)).toEqual(['open', 'click']);
    });

    it("answers 404 to a bad token, a position the campaign does not have, another campaign's link", async () => {
      const other = await createNewsletterCampaignFixture(t.ctx, { recipients: 1, links: ['https://evil.example/'] });
      const before = (await events(campaign.id)).length;
      const recipient = token(campaign.recipients[2]!.id);
      for (const [value, n] of [
        ['nonsense', 0],
        [token(999_999), 0],
        [recipient, 2],
        [recipient, -1],
        [recipient, 'abc'],
        [recipient, '1e3'],
        [recipient, '99999999999'],
      ] as const) {
        const response = await click(value, n);
        expect(response.statusCode, `${value} ${n}`).toBe(404);
        expect(response.headers.location).toBeUndefined();
      }
      // The other campaign's link 0 is not this recipient's link 0: the redirect stays within its campaign.
      const own = await click(recipient, 0);
      expect(own.headers.location).toBe('https://reisen.example.de/a?x=1&y=2');
      expect((await events(campaign.id)).length).toBe(before + 2);
      expect(await events(other.id)).toEqual([]);
    });

    it("records a link scanner's click as a machine's, with no open, and a HEAD request not at all", async () => {
      const scanned = await createNewsletterCampaignFixture(t.ctx, { recipients: 1 });
      const value = token(scanned.recipients[0]!.id);
      expect((await click(value, 0, PERSON, 'HEAD')).statusCode).toBe(302);
      expect((await click(value, 0, 'Mozilla/5.0 (compatible; Barracuda Sentinel)')).statusCode).toBe(302);
      expect(await events(scanned.id)).toEqual([
        { type: 'click', id_recipient: scanned.recipients[0]!.id, id_link: scanned.links[0]!.id, detail: 'machine' },
      ]);
    });
  });

  describe('analysis', () => {
    let campaign: NewsletterCampaignFixture;
    const startedAt = '2026-10-05T08:00:00.000Z';
    const at = (hours: number) => new Date(Date.parse(startedAt) + hours * 3_600_000).toISOString();

    beforeAll(async () => {
      campaign = await createNewsletterCampaignFixture(t.ctx, { recipients: 10, startedAt, title: 'Herbstreisen' });
      const [r1, r2, r3, r4, r5, r6, r7, r8, r9, r10] = campaign.recipients.map((recipient) => recipient.id);
      const [l0, l1] = campaign.links.map((link) => link.id);
      const ev = (
        id_recipient: number,
        type: 'sent' | 'open' | 'click' | 'bounce_hard' | 'bounce_soft' | 'unsubscribe',
        hours: number,
        extra: { id_link?: number; detail?: string } = {},
      ) => ({
        id_campaign: campaign.id,
        id_recipient,
        type,
        at: at(hours),
        id_link: extra.id_link ?? null,
        detail: extra.detail ?? null,
      });
      await addNewsletterEvents(t.ctx, [
        // r1–r7 accepted; r8 accepted then bounced hard (a late bounce); r9 rejected hard while sending;
        // r10 rejected soft and never delivered. r7 soft-bounced first, then delivered.
        ...[r1, r2, r3, r4, r5, r6, r7, r8].map((id) => ev(id!, 'sent', 0)),
        ev(r7!, 'bounce_soft', 0, { detail: '451 4.7.1 greylisted' }),
        ev(r8!, 'bounce_hard', 1, { detail: '550 5.1.1 user unknown' }),
        ev(r9!, 'bounce_hard', 0, { detail: '550 5.7.1 rejected' }),
        ev(r10!, 'bounce_soft', 0, { detail: '452 4.2.2 mailbox full' }),
        // opens: r1 ×3, r2 ×1, r3 ×1 (+ machine prefetch), r4 machine only
        ev(r1!, 'open', 0.5),
        ev(r1!, 'open', 2.5),
        ev(r1!, 'open', 2.7),
        ev(r2!, 'open', 0.2),
        ev(r3!, 'open', 0.01, { detail: 'machine' }),
        ev(r3!, 'open', 1.4),
        ev(r4!, 'open', 0.01, { detail: 'machine' }),
        // clicks: r1 on link 0 twice and link 1 once, r2 on link 0; a scanner's click on r4
        ev(r1!, 'click', 0.6, { id_link: l0! }),
        ev(r1!, 'click', 2.6, { id_link: l0! }),
        ev(r1!, 'click', 2.8, { id_link: l1! }),
        ev(r2!, 'click', 0.3, { id_link: l0! }),
        ev(r4!, 'click', 0.02, { id_link: l1!, detail: 'machine' }),
        ev(r2!, 'unsubscribe', 0.4),
      ]);
      // A campaign that is only drafted is not analysed.
      await createNewsletterCampaignFixture(t.ctx, { status: 'draft', recipients: 0, title: 'Entwurf' });
    });

    it('counts sent, delivered, bounces, opens and clicks of a campaign exactly', async () => {
      const response = await call(t.app, office, { method: 'GET', url: `/newsletter/analysis/${campaign.id}` });
      expect(response.statusCode).toBe(200);
      const analysis = response.json<NewsletterCampaignAnalysis>();
      expect(analysis.stats).toMatchObject({
        title: 'Herbstreisen',
        tracking: true,
        recipients: 10,
        sent: 10,
        bouncedHard: 2,
        bouncedSoft: 1,
        delivered: 7,
        opened: 3,
        opens: 5,
        machineOpens: 2,
        clicked: 2,
        clicks: 4,
        unsubscribed: 1,
        openRate: 0.4286,
        clickRate: 0.2857,
        bounceRate: 0.3,
        unsubscribeRate: 0.1429,
      });
      expect(analysis.granularity).toBe('hour');
      expect(analysis.series).toEqual([
        { at: '2026-10-05T08:00:00.000Z', opens: 2, clicks: 2 },
        { at: '2026-10-05T09:00:00.000Z', opens: 1, clicks: 0 },
        { at: '2026-10-05T10:00:00.000Z', opens: 2, clicks: 2 },
      ]);
      expect(analysis.links).toEqual([
        { id: campaign.links[0]!.id, position: 0, url: campaign.links[0]!.url, clicks: 3, clicked: 2 },
        { id: campaign.links[1]!.id, position: 1, url: campaign.links[1]!.url, clicks: 1, clicked: 1 },
      ]);
      expect(analysis.bounces.map((bounce) => [bounce.email, bounce.type, bounce.detail])).toEqual([
        [campaign.recipients[7]!.email, 'bounce_hard', '550 5.1.1 user unknown'],
        [campaign.recipients[9]!.email, 'bounce_soft', '452 4.2.2 mailbox full'],
        [campaign.recipients[8]!.email, 'bounce_hard', '550 5.7.1 rejected'],
        [campaign.recipients[6]!.email, 'bounce_soft', '451 4.7.1 greylisted'],
      ]);
    });

    it('lists sent campaigns with the same figures and leaves drafts out', async () => {
      const response = await call(t.app, office, { method: 'GET', url: '/newsletter/analysis' });
      expect(response.statusCode).toBe(200);
      const list = response.json<NewsletterAnalysisList>().data;
      expect(list.find((row) => row.id === campaign.id)).toMatchObject({
        sent: 10,
        delivered: 7,
        opened: 3,
        clicked: 2,
      });
      expect(list.some((row) => row.title === 'Entwurf')).toBe(false);
    });

    it('groups by day (Europe/Berlin) when the events span more than three days', async () => {
      const week = await createNewsletterCampaignFixture(t.ctx, {
        recipients: 1,
        startedAt: '2026-10-05T21:30:00.000Z',
      });
      const id = week.recipients[0]!.id;
      await addNewsletterEvents(t.ctx, [
        { id_campaign: week.id, id_recipient: id, type: 'open', at: '2026-10-05T21:40:00.000Z' },
        { id_campaign: week.id, id_recipient: id, type: 'open', at: '2026-10-05T22:10:00.000Z' },
        { id_campaign: week.id, id_recipient: id, type: 'open', at: '2026-10-10T09:00:00.000Z' },
      ]);
      const analysis = (
        await call(t.app, office, { method: 'GET', url: `/newsletter/analysis/${week.id}` })
      ).json<NewsletterCampaignAnalysis>();
      expect(analysis.granularity).toBe('day');
      // 21:40 UTC is 23:40 in Berlin (summer time), 22:10 UTC already the next day there.
      expect(analysis.series).toEqual([
        { at: '2026-10-05', opens: 1, clicks: 0 },
        { at: '2026-10-06', opens: 1, clicks: 0 },
        { at: '2026-10-10', opens: 1, clicks: 0 },
      ]);
    });

    it('answers 404 for a campaign that does not exist or was never sent, 400 for a bad id', async () => {
      const draft = await createNewsletterCampaignFixture(t.ctx, { status: 'draft', recipients: 0 });
      expect((await call(t.app, office, { method: 'GET', url: `/newsletter/analysis/${draft.id}` })).statusCode).toBe(
        404,
      );
      expect((await call(t.app, office, { method: 'GET', url: '/newsletter/analysis/999999' })).statusCode).toBe(404);
      const bad = await call(t.app, office, { method: 'GET', url: '/newsletter/analysis/abc' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ errors: Array<{ field: string }> }>().errors[0]!.field).toBe('id');
    });
  });

  describe('sending overview and queue', () => {
    it('shows sending and scheduled campaigns with progress and rate', async () => {
      const sending = await createNewsletterCampaignFixture(t.ctx, {
        status: 'sending',
        recipients: 4,
        title: 'Läuft',
      });
      await t.ctx.db
        .updateTable('newsletter_recipient')
        .set({ status: 'queued', sent_at: null })
        .where('id', 'in', [sending.recipients[2]!.id, sending.recipients[3]!.id])
        .execute();
      await t.ctx.db
        .updateTable('newsletter_recipient')
        .set({ status: 'bounced', last_error: '550 5.1.1 user unknown' })
        .where('id', '=', sending.recipients[1]!.id)
        .execute();
      const now = new Date().toISOString();
      await addNewsletterEvents(t.ctx, [
        { id_campaign: sending.id, id_recipient: sending.recipients[0]!.id, type: 'sent', at: now },
        { id_campaign: sending.id, id_recipient: sending.recipients[1]!.id, type: 'bounce_hard', at: now },
      ]);
      const scheduled = await createNewsletterCampaignFixture(t.ctx, {
        status: 'scheduled',
        recipients: 0,
        scheduledAt: '2026-12-01T09:00:00.000Z',
        title: 'Geplant',
      });
      const response = await call(t.app, office, { method: 'GET', url: '/newsletter/sending' });
      expect(response.statusCode).toBe(200);
      const data = response.json<NewsletterSendingOverview>().data;
      expect(data.map((row) => row.id)).toEqual([sending.id, scheduled.id]);
      expect(data[0]).toMatchObject({
        status: 'sending',
        recipients: 4,
        queued: 2,
        sent: 1,
        bounced: 1,
        ratePerMinute: 0.1,
      });
      expect(data[1]).toMatchObject({ status: 'scheduled', scheduledAt: '2026-12-01T09:00:00.000Z', recipients: 0 });

      const queue = await call(t.app, office, {
        method: 'GET',
        url: `/newsletter/queue?campaignId=${sending.id}&status=bounced`,
      });
      expect(queue.statusCode).toBe(200);
      const page = queue.json<{ total: number; data: NewsletterQueueItem[] }>();
      expect(page.total).toBe(1);
      expect(page.data[0]).toMatchObject({
        email: sending.recipients[1]!.email,
        campaignTitle: 'Läuft',
        status: 'bounced',
        lastError: '550 5.1.1 user unknown',
      });
      const all = (
        await call(t.app, office, { method: 'GET', url: `/newsletter/queue?campaignId=${sending.id}` })
      ).json<{ total: number; data: NewsletterQueueItem[] }>();
      expect(all.total).toBe(4);
      expect(all.data.map((item) => item.id)).toEqual(sending.recipients.map((recipient) => recipient.id).reverse());
      const wrong = await call(t.app, office, { method: 'GET', url: '/newsletter/queue?$limit=abc' });
      expect(wrong.statusCode).toBe(400);
    });
  });

  it('lets only newsletter readers see the figures and the queue (401 without login, 403 without the right)', async () => {
    for (const url of ['/newsletter/analysis', '/newsletter/sending', '/newsletter/queue']) {
      expect((await call(t.app, null, { method: 'GET', url })).statusCode, url).toBe(401);
      expect((await call(t.app, agency, { method: 'GET', url })).statusCode, url).toBe(403);
      expect((await call(t.app, traveller, { method: 'GET', url })).statusCode, url).toBe(403);
      expect((await call(t.app, office, { method: 'GET', url })).statusCode, url).toBe(200);
    }
  });

  it('seeds demo events only for sent campaigns with recipients, once, and nothing without them', async () => {
    const alone = await buildTestApp({ seed: 'defaults' });
    try {
      expect(await seedDemoNewsletterAnalysis(alone.ctx)).toBe(0);
      const sent = await createNewsletterCampaignFixture(alone.ctx, {
        recipients: 200,
        startedAt: '2026-10-20T07:00:00.000Z',
      });
      await createNewsletterCampaignFixture(alone.ctx, { status: 'scheduled', recipients: 5 });
      const written = await seedDemoNewsletterAnalysis(alone.ctx);
      expect(written).toBeGreaterThan(200);
      const campaigns = await alone.ctx.db.selectFrom('newsletter_event').select('id_campaign').distinct().execute();
      expect(campaigns).toEqual([{ id_campaign: sent.id }]);
      expect(await seedDemoNewsletterAnalysis(alone.ctx)).toBe(0);
      const analysis = (
        await call(alone.app, await createLogin(alone.ctx, 'office'), {
          method: 'GET',
          url: `/newsletter/analysis/${sent.id}`,
        })
      ).json<NewsletterCampaignAnalysis>();
      expect(analysis.stats.sent).toBe(200);
      expect(analysis.stats.opened).toBeGreaterThan(0);
      expect(analysis.stats.clicked).toBeGreaterThan(0);
      expect(analysis.stats.bouncedHard + analysis.stats.bouncedSoft).toBeGreaterThan(0);
    } finally {
      await alone.close();
    }
  });
});
