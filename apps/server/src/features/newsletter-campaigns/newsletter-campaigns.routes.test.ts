import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, createLogin, type TestApp } from '../../../test/helpers.ts';
import { SmtpSink } from '../../../test/smtp-sink.ts';
import { createContacts, createList, createTemplate, until } from '../../../test/newsletter-campaign-fixtures.ts';
import { resolveJwtSecret } from '../auth/auth.service.ts';
import { recipientTokenKey, signRecipientToken } from '../newsletter/newsletter.service.ts';
import { berlinLocalToUtc } from './newsletter-campaigns.service.ts';

describe('newsletter campaigns API', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let admin: string;
  let office: string;
  let traveller: string;
  let certified: number;
  let uncertified: number;
  let inactive: number;
  let template: number;

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    t = await buildTestApp({ seed: 'defaults', config: { smtpUrl: smtp.url } });
    admin = await createLogin(t.ctx, 'admin');
    office = await createLogin(t.ctx, 'office');
    traveller = await createLogin(t.ctx, 'traveller');
    certified = await createList(t.ctx);
    uncertified = await createList(t.ctx, { certified: false });
    inactive = await createList(t.ctx, { active: false });
    template = await createTemplate(t.ctx);
    await createContacts(t.ctx, 5, [certified]);
    await createContacts(t.ctx, 2, [certified], { subscription: 'unsubscribed' });
    // the rate is the setting's: no limit in these tests
    await t.ctx.db
      .updateTable('sys_settings')
      .set({ value: '0' })
      .where('key', '=', 'NEWSLETTER_RATE_PER_MINUTE')
      .execute();
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const draft = async (as: string, overrides: Record<string, unknown> = {}) =>
    call(t.app, as, {
      method: 'POST',
      url: '/newsletter/campaigns',
      payload: {
        title: 'Frühlingsreisen',
        subject: 'Neue Reisen für {{first_name}}',
        sender_name: 'Reisebüro Sonne',
        sender_email: 'news@reisen.example.de',
        id_template: template,
        list_ids: [certified],
        ...overrides,
      },
    });

  it('creates, reads, lists, edits and deletes a draft; office creates but may not send', async () => {
    const created = await draft(office);
    expect(created.statusCode).toBe(201);
    const campaign = created.json();
    expect(campaign).toMatchObject({
      status: 'draft',
      list_ids: [certified],
      tracking: true,
      template_name: expect.any(String),
    });

    const list = await call(t.app, office, { method: 'GET', url: '/newsletter/campaigns?lit-search=Frühling' });
    expect(list.json().data.map((row: { id: number }) => row.id)).toContain(campaign.id);
    const edited = await call(t.app, office, {
      method: 'PATCH',
      url: `/newsletter/campaigns/${campaign.id}`,
      payload: { tracking: false, title: 'Frühling 2027' },
    });
    expect(edited.json()).toMatchObject({ tracking: false, title: 'Frühling 2027' });

    for (const action of ['send', 'schedule', 'test']) {
      const refused = await call(t.app, office, {
        method: 'POST',
        url: `/newsletter/campaigns/${campaign.id}/${action}`,
        payload: action === 'schedule' ? { at: '2099-01-01T09:00' } : { email: 'x@example.org' },
      });
      expect(refused.statusCode, action).toBe(403);
    }
    expect((await call(t.app, traveller, { method: 'GET', url: '/newsletter/campaigns' })).statusCode).toBe(403);
    expect((await call(t.app, null, { method: 'GET', url: '/newsletter/campaigns' })).statusCode).toBe(401);
    // office has no delete right; admin deletes
    expect(
      (await call(t.app, office, { method: 'DELETE', url: `/newsletter/campaigns/${campaign.id}` })).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, admin, { method: 'DELETE', url: `/newsletter/campaigns/${campaign.id}` })).statusCode,
    ).toBe(200);
    expect((await call(t.app, admin, { method: 'GET', url: `/newsletter/campaigns/${campaign.id}` })).statusCode).toBe(
      404,
    );
  });

  it('answers 400 with field and key for bad input', async () => {
    const missing = await call(t.app, admin, {
      method: 'POST',
      url: '/newsletter/campaigns',
      payload: { subject: 'x' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toContainEqual(expect.objectContaining({ field: 'title', key: 'error.empty' }));
    const mail = await draft(admin, { sender_email: 'kein-mail' });
    expect(mail.statusCode).toBe(400);
    expect(mail.json().errors).toContainEqual(expect.objectContaining({ field: 'sender_email' }));
    const unknownList = await draft(admin, { list_ids: [999_999] });
    expect(unknownList.statusCode).toBe(400);
    const id = (await draft(admin)).json().id;
    const badTime = await call(t.app, admin, {
      method: 'POST',
      url: `/newsletter/campaigns/${id}/schedule`,
      payload: { at: 'morgen' },
    });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().errors[0]).toMatchObject({ field: 'at' });
    const past = await call(t.app, admin, {
      method: 'POST',
      url: `/newsletter/campaigns/${id}/schedule`,
      payload: { at: '2020-01-01T09:00' },
    });
    expect(past.json()).toMatchObject({ statusCode: 400, key: 'error.scheduleInPast' });
  });

  it('refuses uncertified and inactive lists with 409 error.listNotCertified', async () => {
    for (const list of [uncertified, inactive]) {
      const refused = await draft(admin, { list_ids: [certified, list] });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().key).toBe('error.listNotCertified');
    }
    // a list that loses its certificate after being chosen: sending is refused too
    const list = await createList(t.ctx);
    const id = (await draft(admin, { list_ids: [list] })).json().id;
    await t.ctx.db.updateTable('newsletter_list').set({ certified_at: null }).where('id', '=', list).execute();
    const send = await call(t.app, admin, { method: 'POST', url: `/newsletter/campaigns/${id}/send` });
    expect(send.json()).toMatchObject({ statusCode: 409, key: 'error.listNotCertified' });
    const review = (await call(t.app, admin, { method: 'GET', url: `/newsletter/campaigns/${id}/review` })).json();
    expect(review.problems).toContain('error.listNotCertified');
  });

  it('reviews a campaign: lists with their recipients (subscribed only), problems, choices', async () => {
    const id = (await draft(admin)).json().id;
    const review = (await call(t.app, admin, { method: 'GET', url: `/newsletter/campaigns/${id}/review` })).json();
    expect(review).toMatchObject({
      recipients: 5,
      problems: [],
      lists: [{ id: certified, certified: true, recipients: 5 }],
    });
    const noTemplate = (await draft(admin, { id_template: null })).json().id;
    const bare = (
      await call(t.app, admin, { method: 'GET', url: `/newsletter/campaigns/${noTemplate}/review` })
    ).json();
    expect(bare.problems).toContain('error.campaignNoTemplate');
    const choices = (await call(t.app, office, { method: 'GET', url: '/newsletter/campaign-choices' })).json();
    expect(choices.lists).toContainEqual(expect.objectContaining({ id: uncertified, certified: false }));
    expect(choices.templates.map((row: { id: number }) => row.id)).toContain(template);
  });

  it('sends a test mail through the outbox: [TEST], personalised, without tracking', async () => {
    const id = (await draft(admin)).json().id;
    const sent = await call(t.app, admin, {
      method: 'POST',
      url: `/newsletter/campaigns/${id}/test`,
      payload: { email: 'Pruefer@Example.org' },
    });
    expect(sent.statusCode).toBe(202);
    const mail = await smtp.waitFor('pruefer@example.org', '[TEST]');
    expect(mail.subject).toMatch(/^\[TEST\] Neue Reisen für Vorname\d+$/);
    expect(mail.html).toContain('https://reisen.example.de/fruehling');
    expect(mail.html).not.toContain('/api/v1/newsletter/o/');
    const outbox = await t.ctx.db
      .selectFrom('mail_outbox')
      .select(['template', 'ref'])
      .where('id', '=', sent.json().mailId)
      .executeTakeFirstOrThrow();
    expect(outbox).toEqual({ template: 'newsletterTest', ref: `newsletter-campaign:${id}` });
  });

  it('schedules at a Berlin wall-clock time; the scheduler starts it at that UTC instant, not before', async () => {
    expect(berlinLocalToUtc('2027-01-15T09:00')!.toISOString()).toBe('2027-01-15T08:00:00.000Z');
    expect(berlinLocalToUtc('2027-07-15T09:00')!.toISOString()).toBe('2027-07-15T07:00:00.000Z');
    const id = (await draft(admin)).json().id;
    const scheduled = await call(t.app, admin, {
      method: 'POST',
      url: `/newsletter/campaigns/${id}/schedule`,
      payload: { at: '2099-07-15T09:00' },
    });
    expect(scheduled.json()).toMatchObject({ status: 'scheduled', scheduled_at: '2099-07-15T07:00:00.000Z' });
    // still editable while scheduled
    expect(
      (await call(t.app, admin, { method: 'PATCH', url: `/newsletter/campaigns/${id}`, payload: { subject: 'Neu!' } }))
        .statusCode,
    ).toBe(200);

    await t.app.scheduler.runDue(new Date('2099-07-15T06:59:00.000Z'));
    expect((await call(t.app, admin, { method: 'GET', url: `/newsletter/campaigns/${id}` })).json().status).toBe(
      'scheduled',
    );
    await t.app.scheduler.runDue(new Date('2099-07-15T07:00:00.000Z'));
    const started = (await call(t.app, admin, { method: 'GET', url: `/newsletter/campaigns/${id}` })).json();
    expect(started.status).not.toBe('scheduled');
    expect(started.recipients).toBe(5);
    // sending or sent: no longer editable
    const edit = await call(t.app, admin, {
      method: 'PATCH',
      url: `/newsletter/campaigns/${id}`,
      payload: { subject: 'x' },
    });
    expect(edit.json()).toMatchObject({ statusCode: 409, key: 'error.campaignNotEditable' });
    await until(
      async () =>
        (await call(t.app, admin, { method: 'GET', url: `/newsletter/campaigns/${id}` })).json().status === 'sent',
    );
  });

  it('unschedules, cancels; pause and resume only where they fit', async () => {
    const id = (await draft(admin)).json().id;
    await call(t.app, admin, {
      method: 'POST',
      url: `/newsletter/campaigns/${id}/schedule`,
      payload: { at: '2099-01-01T09:00' },
    });
    const back = await call(t.app, admin, { method: 'POST', url: `/newsletter/campaigns/${id}/unschedule` });
    expect(back.json()).toMatchObject({ status: 'draft', scheduled_at: null });
    expect((await call(t.app, admin, { method: 'POST', url: `/newsletter/campaigns/${id}/pause` })).json().key).toBe(
      'error.statusTransition',
    );
    expect(
      (await call(t.app, admin, { method: 'POST', url: `/newsletter/campaigns/${id}/cancel` })).json().status,
    ).toBe('cancelled');
    expect((await call(t.app, admin, { method: 'POST', url: `/newsletter/campaigns/${id}/send` })).statusCode).toBe(
      409,
    );
  });

  it('unsubscribes without login: one-click POST (RFC 8058), the page calls, undo; a wrong token is 404', async () => {
    const list = await createList(t.ctx);
    const [contact] = await createContacts(t.ctx, 1, [list], { email: 'leser@example.org' });
    const id = (await draft(admin, { list_ids: [list] })).json().id;
    await call(t.app, admin, { method: 'POST', url: `/newsletter/campaigns/${id}/send` });
    await until(async () => smtp.to('leser@example.org').length === 1);
    const mail = smtp.to('leser@example.org')[0]!;
    const line = (key: string) => mail.raw.headerLines.find((header) => header.key === key)?.line ?? '';
    const header = line('list-unsubscribe');
    expect(line('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(line('message-id')).toMatch(/<nl-\d+-\d+@tourdesk>/);
    const oneClick = /<https?:\/\/[^/]+(\/api\/v1\/newsletter\/unsubscribe\/[^>]+)>/.exec(header)![1]!;
    const token = oneClick.split('/').at(-1)!;
    expect(mail.html).toContain(`/newsletter/unsubscribe/${token}`);

    const state = await t.app.inject({ method: 'GET', url: oneClick });
    expect(state.json()).toEqual({ email: 'l••••@example.org', subscribed: true });
    const posted = await t.app.inject({
      method: 'POST',
      url: oneClick,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode).toBe(200);
    const row = await t.ctx.db
      .selectFrom('newsletter_contact')
      .select(['subscription', 'unsubscribed_at'])
      .where('id', '=', contact!.id)
      .executeTakeFirstOrThrow();
    expect(row.subscription).toBe('unsubscribed');
    expect(row.unsubscribed_at).not.toBeNull();
    // a second click changes nothing and records no second event
    await t.app.inject({ method: 'POST', url: oneClick, payload: {} });
    const events = await t.ctx.db
      .selectFrom('newsletter_event')
      .select('type')
      .where('id_campaign', '=', id)
      .where('type', '=', 'unsubscribe')
      .execute();
    expect(events).toHaveLength(1);
    const undo = await t.app.inject({ method: 'POST', url: `${oneClick}/undo`, payload: {} });
    expect(undo.json()).toMatchObject({ subscribed: true });

    const { secret } = await resolveJwtSecret(t.ctx, null);
    const forged = signRecipientToken(recipientTokenKey(`${secret}x`), 1);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/newsletter/unsubscribe/${forged}`, payload: {} })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/newsletter/unsubscribe/n1.1.x' })).statusCode).toBe(404);
    const unknown = signRecipientToken(recipientTokenKey(secret), 999_999);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/newsletter/unsubscribe/${unknown}` })).statusCode).toBe(
      404,
    );
  });
});
