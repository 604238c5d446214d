import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import {
  CampaignSmtp,
  createContacts,
  createList,
  createTemplate,
  until,
} from '../../../test/newsletter-campaign-fixtures.ts';
import type { DbContext } from '../../types.ts';
import { newsletterSenderOf } from './newsletter-campaigns.routes.ts';

const setRate = (ctx: DbContext, perMinute: number) =>
  ctx.db
    .updateTable('sys_settings')
    .set({ value: String(perMinute) })
    .where('key', '=', 'NEWSLETTER_RATE_PER_MINUTE')
    .execute();

const statusOf = async (ctx: DbContext, id: number) =>
  (await ctx.db.selectFrom('newsletter_campaign').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;

const recipientsByStatus = async (ctx: DbContext, id: number) =>
  Object.fromEntries(
    (
      await ctx.db
        .selectFrom('newsletter_recipient')
        .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
        .where('id_campaign', '=', id)
        .groupBy('status')
        .execute()
    ).map((row) => [row.status, Number(row.count)]),
  );

async function campaignTo(t: TestApp, admin: string, listIds: number[]): Promise<number> {
  const template = await createTemplate(t.ctx);
  const created = await call(t.app, admin, {
    method: 'POST',
    url: '/newsletter/campaigns',
    payload: {
      title: 'Herbstreisen',
      subject: 'Hallo {{first_name}}',
      sender_name: 'Reisebüro Sonne',
      sender_email: 'news@reisen.example.de',
      id_template: template,
      list_ids: listIds,
    },
  });
  expect(created.statusCode).toBe(201);
  return created.json().id;
}

describe('newsletter sending engine against a real SMTP server', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()!();
  });

  it(
    'sends 2,000 contacts exactly once each across a restart; unsubscribed, bounced and inactive get nothing',
    { timeout: 180_000 },
    async () => {
      const smtp = await new CampaignSmtp().start();
      cleanups.push(() => smtp.stop());
      const first = await buildTestApp({ seed: 'defaults', keepDatabase: true, config: { smtpUrl: smtp.url } });
      const admin = await createLogin(first.ctx, 'admin');
      await setRate(first.ctx, 0);
      const listA = await createList(first.ctx);
      const listB = await createList(first.ctx);
      // 2,000 contacts; 500 of them in both lists (each still gets one mail)
      const contacts = await createContacts(first.ctx, 1500, [listA]);
      contacts.push(...(await createContacts(first.ctx, 500, [listA, listB])));
      const excluded = [
        ...(await createContacts(first.ctx, 3, [listA], { subscription: 'unsubscribed' })),
        ...(await createContacts(first.ctx, 3, [listB], { hardBounced: true })),
        ...(await createContacts(first.ctx, 3, [listA], { active: false })),
        ...(await createContacts(first.ctx, 3, [listB], { subscription: 'pending' })),
      ];
      const id = await campaignTo(first, admin, [listA, listB]);
      const started = await call(first.app, admin, { method: 'POST', url: `/newsletter/campaigns/${id}/send` });
      expect(started.json()).toMatchObject({ status: 'sending', recipients: 2000 });

      // Stop the app halfway (a real close: the running batch is finished, the rest stays queued)
      await until(() => smtp.mails.length >= 300);
      const location = first.location;
      await first.close();
      // what the closed app left: a part sent, the rest queued, nothing half-taken
      const mailedBeforeRestart = smtp.mails.length;
      expect(mailedBeforeRestart).toBeLessThan(2000);
      const second = await buildTestApp({ location, config: { smtpUrl: smtp.url } });
      cleanups.push(() => second.close());

      await until(async () => (await statusOf(second.ctx, id)) === 'sent');
      const counts = smtp.counts();
      for (const contact of contacts) expect(counts.get(contact.email), contact.email).toBe(1);
      for (const contact of excluded) expect(counts.get(contact.email)).toBeUndefined();
      expect(smtp.mails).toHaveLength(2000);
      expect(await recipientsByStatus(second.ctx, id)).toEqual({ sent: 2000 });
      const events = await second.ctx.db
        .selectFrom('newsletter_event')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('id_campaign', '=', id)
        .where('type', '=', 'sent')
        .executeTakeFirstOrThrow();
      expect(Number(events.count)).toBe(2000);
      const progress = (await call(second.app, admin, { method: 'GET', url: `/newsletter/campaigns/${id}` })).json();
      expect(progress).toMatchObject({ status: 'sent', progress: { queued: 0, sent: 2000, bounced: 0, failed: 0 } });

      // Each mail personalised, with the one-click headers, its own Message-ID and the tracking pixel
      const mail = await smtp.parse(contacts[7]!.email);
      expect(mail.subject).toBe('Hallo Vorname7');
      expect(mail.html).toContain('Frau Vorname7 Nachname7');
      expect(mail.messageId).toMatch(/^<nl-\d+-\d+@tourdesk>$/);
      expect(mail.html).toMatch(/\/api\/v1\/newsletter\/o\/n1\.\d+\.[\w-]+\.gif/);
      expect(mail.html).toMatch(/\/api\/v1\/newsletter\/c\/n1\.\d+\.[\w-]+\/0/);
      expect(mail.from?.text).toContain('news@reisen.example.de');
    },
  );

  it('makes a 550 a hard bounce (never mailed again) and retries a 451 until it goes through', async () => {
    const smtp = await new CampaignSmtp(2).start();
    cleanups.push(() => smtp.stop());
    const t = await buildTestApp({ seed: 'defaults', config: { smtpUrl: smtp.url, mailRetryBaseMs: 50 } });
    cleanups.push(() => t.close());
    const admin = await createLogin(t.ctx, 'admin');
    await setRate(t.ctx, 0);
    const list = await createList(t.ctx);
    const [bounce] = await createContacts(t.ctx, 1, [list], { email: 'bounce-1@example.org' });
    const [later] = await createContacts(t.ctx, 1, [list], { email: 'later-1@example.org' });
    const others = await createContacts(t.ctx, 5, [list]);
    const id = await campaignTo(t, admin, [list]);
    await call(t.app, admin, { method: 'POST', url: `/newsletter/campaigns/${id}/send` });
    await until(async () => (await statusOf(t.ctx, id)) === 'sent');

    const recipients = await t.ctx.db
      .selectFrom('newsletter_recipient')
      .select(['id_contact', 'status', 'attempts'])
      .where('id_campaign', '=', id)
      .execute();
    expect(recipients.find((row) => row.id_contact === bounce!.id)).toMatchObject({ status: 'bounced', attempts: 1 });
    expect(recipients.find((row) => row.id_contact === later!.id)).toMatchObject({ status: 'sent', attempts: 3 });
    const events = await t.ctx.db
      .selectFrom('newsletter_event')
      .select(['type', 'detail'])
      .where('id_campaign', '=', id)
      .execute();
    expect(events.filter((event) => event.type === 'bounce_hard')).toHaveLength(1);
    expect(events.filter((event) => event.type === 'bounce_soft')).toHaveLength(2);
    expect(events.filter((event) => event.type === 'sent')).toHaveLength(6);
    const contact = await t.ctx.db
      .selectFrom('newsletter_contact')
      .select(['hard_bounced_at'])
      .where('id', '=', bounce!.id)
      .executeTakeFirstOrThrow();
    expect(contact.hard_bounced_at).not.toBeNull();
    expect(smtp.counts().get('later-1@example.org')).toBe(1);
    expect(smtp.counts().get('bounce-1@example.org')).toBeUndefined();
    const progress = (await call(t.app, admin, { method: 'GET', url: `/newsletter/campaigns/${id}` })).json().progress;
    expect(progress).toMatchObject({ sent: 6, bounced: 1, queued: 0 });

    // the next campaign to the same list leaves the hard-bounced address out
    const next = await campaignTo(t, admin, [list]);
    const started = await call(t.app, admin, { method: 'POST', url: `/newsletter/campaigns/${next}/send` });
    expect(started.json().recipients).toBe(others.length + 1);
  });

  it('gives up on an address after the last soft bounce: failed', async () => {
    const smtp = await new CampaignSmtp(10).start();
    cleanups.push(() => smtp.stop());
    const t = await buildTestApp({
      seed: 'defaults',
      config: { smtpUrl: smtp.url, mailRetryBaseMs: 20, mailMaxAttempts: 3 },
    });
    cleanups.push(() => t.close());
    const admin = await createLogin(t.ctx, 'admin');
    await setRate(t.ctx, 0);
    const list = await createList(t.ctx);
    await createContacts(t.ctx, 1, [list], { email: 'later-2@example.org' });
    const id = await campaignTo(t, admin, [list]);
    await call(t.app, admin, { method: 'POST', url: `/newsletter/campaigns/${id}/send` });
    await until(async () => (await statusOf(t.ctx, id)) === 'sent');
    expect(await recipientsByStatus(t.ctx, id)).toEqual({ failed: 1 });
    expect(smtp.mails).toHaveLength(0);
  });

  it('pauses (nothing more is claimed), resumes to the end; cancel skips the rest for good', async () => {
    const smtp = await new CampaignSmtp().start();
    cleanups.push(() => smtp.stop());
    const t = await buildTestApp({ seed: 'defaults', config: { smtpUrl: smtp.url } });
    cleanups.push(() => t.close());
    const admin = await createLogin(t.ctx, 'admin');
    // a slow rate: the campaign is still running when it is paused
    await setRate(t.ctx, 120);
    const list = await createList(t.ctx);
    await createContacts(t.ctx, 40, [list]);
    const id = await campaignTo(t, admin, [list]);
    await call(t.app, admin, { method: 'POST', url: `/newsletter/campaigns/${id}/send` });
    await until(() => smtp.mails.length >= 1);
    expect((await call(t.app, admin, { method: 'POST', url: `/newsletter/campaigns/${id}/pause` })).json().status).toBe(
      'paused',
    );
    await newsletterSenderOf(t.app)!.pass();
    const sentWhenPaused = smtp.mails.length;
    await setRate(t.ctx, 0);
    expect(await newsletterSenderOf(t.app)!.pass()).toBe(0);
    expect(smtp.mails.length).toBe(sentWhenPaused);
    expect(sentWhenPaused).toBeLessThan(40);

    await call(t.app, admin, { method: 'POST', url: `/newsletter/campaigns/${id}/resume` });
    await until(async () => (await statusOf(t.ctx, id)) === 'sent');
    expect(smtp.mails).toHaveLength(40);
    expect(new Set(smtp.mails.map((mail) => mail.to[0])).size).toBe(40);

    // cancel while paused: the queued rest is skipped and nothing more goes out
    const other = await createList(t.ctx);
    await createContacts(t.ctx, 10, [other]);
    await setRate(t.ctx, 120);
    const second = await campaignTo(t, admin, [other]);
    await call(t.app, admin, { method: 'POST', url: `/newsletter/campaigns/${second}/send` });
    await call(t.app, admin, { method: 'POST', url: `/newsletter/campaigns/${second}/pause` });
    await newsletterSenderOf(t.app)!.pass();
    const cancelled = await call(t.app, admin, { method: 'POST', url: `/newsletter/campaigns/${second}/cancel` });
    expect(cancelled.json().status).toBe('cancelled');
    const before = smtp.mails.length;
    await setRate(t.ctx, 0);
    await newsletterSenderOf(t.app)!.pass();
    expect(smtp.mails.length).toBe(before);
    const states = await recipientsByStatus(t.ctx, second);
    expect(states.queued ?? 0).toBe(0);
    expect((states.skipped ?? 0) + (states.sent ?? 0)).toBe(10);
    expect(
      (await call(t.app, admin, { method: 'POST', url: `/newsletter/campaigns/${second}/resume` })).statusCode,
    ).toBe(409);
  });
});
