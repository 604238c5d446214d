import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ZCampaignChoices,
  ZCampaignReview,
  ZCreateCampaignBody,
  ZErrorBody,
  ZIdParams,
  ZListQuery,
  ZListResponse,
  ZNewsletterCampaign,
  ZScheduleCampaignBody,
  ZTestSendBody,
  ZTestSendResult,
  ZUnsubscribeParams,
  ZUnsubscribeState,
  ZUpdateCampaignBody,
  type Brand,
} from '@tourdesk/contracts';
import { requestOrigin } from '../../lib/origin.ts';
import { withZod } from '../../lib/route.ts';
import { resolveJwtSecret } from '../auth/auth.service.ts';
import { getBrand } from '../brands/brands.service.ts';
import { settingValue } from '../settings/settings.service.ts';
import { recipientTokenKey } from '../newsletter/newsletter.service.ts';
import {
  campaignChoices,
  cancelCampaign,
  createCampaign,
  deleteCampaign,
  getCampaign,
  listCampaigns,
  pauseCampaign,
  resubscribe,
  resumeCampaign,
  reviewCampaign,
  scheduleCampaign,
  sendCampaignNow,
  startDueCampaigns,
  testSendCampaign,
  unscheduleCampaign,
  unsubscribe,
  unsubscribeState,
  updateCampaign,
} from './newsletter-campaigns.service.ts';
import { NewsletterSender } from './newsletter-sending.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const publicErrors = { 400: ZErrorBody, 404: ZErrorBody, 429: ZErrorBody };
const tags = ['newsletter-campaigns'];

/** The setting that limits how many newsletter mails go out per minute (0: no limit). */
export const RATE_SETTING = 'NEWSLETTER_RATE_PER_MINUTE';
const DEFAULT_RATE_PER_MINUTE = 600;
/** How often the sending worker looks for due recipients, and the scheduler for due campaigns. */
const SENDER_POLL_MS = 1_000;
const START_JOB_EVERY_MS = 30_000;

const senders = new WeakMap<object, NewsletterSender>();
/** The app's newsletter sending engine: `pass()` sends what is due now (nothing while no SMTP is configured). */
export const newsletterSenderOf = (app: FastifyInstance): NewsletterSender | undefined => senders.get(app.ctx);

/**
 * Newsletter campaigns (issue #14, docs/adr/0021): CRUD, the review (`id_save`), test send, schedule, send now,
 * pause/resume/cancel; the sending engine and the scheduler job `newsletter.start-due`; and the public
 * unsubscribe calls (page and RFC 8058 one-click).
 */
export async function newsletterCampaignsRoutes(app: FastifyInstance) {
  const { secret } = await resolveJwtSecret(app.ctx, app.config.jwtSecret);
  const key = recipientTokenKey(secret);
  const brandOf = async (idBrand: number | null): Promise<Brand | null> =>
    idBrand === null ? null : getBrand(app.ctx, idBrand).catch(() => null);

  const sender = new NewsletterSender(
    app.ctx,
    app.smtp,
    { key, brandOf, retryBaseMs: app.config.mailRetryBaseMs, maxAttempts: app.config.mailMaxAttempts },
    async () => {
      const rate = Number(await settingValue(app.ctx, RATE_SETTING, DEFAULT_RATE_PER_MINUTE));
      return Number.isFinite(rate) && rate > 0 ? rate : 0;
    },
  );
  senders.set(app.ctx, sender);
  const wake = () =>
    void sender.pass().catch((error: unknown) => app.log.error({ err: error }, 'newsletter pass failed'));
  const timer = setInterval(wake, SENDER_POLL_MS);
  timer.unref();
  app.addHook('onReady', async () => wake());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await sender.stop();
  });
  app.scheduler.register({
    name: 'newsletter.start-due',
    everyMs: START_JOB_EVERY_MS,
    run: async (ctx, now) => {
      const started = await startDueCampaigns(ctx, now, brandOf);
      if (started > 0) wake();
      return started;
    },
  });

  const originOf = async (request: FastifyRequest) => {
    const { origin, brand } = await requestOrigin(app, request);
    return { origin, brand };
  };

  // RFC 8058: mail programs post `List-Unsubscribe=One-Click` as a form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const api = withZod(app);
  api.get('/newsletter/campaigns', {
    config: { permission: 'newsletter-read' },
    schema: { tags, querystring: ZListQuery, response: { 200: ZListResponse(ZNewsletterCampaign), ...errors } },
    handler: (request) => listCampaigns(app.ctx, request.query),
  });
  api.get('/newsletter/campaign-choices', {
    config: { permission: 'newsletter-read' },
    schema: { tags, response: { 200: ZCampaignChoices, ...errors } },
    handler: () => campaignChoices(app.ctx),
  });
  api.get('/newsletter/campaigns/:id', {
    config: { permission: 'newsletter-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZNewsletterCampaign, ...errors } },
    handler: (request) => getCampaign(app.ctx, request.params.id),
  });
  api.get('/newsletter/campaigns/:id/review', {
    config: { permission: 'newsletter-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZCampaignReview, ...errors } },
    handler: (request) => reviewCampaign(app.ctx, request.params.id),
  });
  api.post('/newsletter/campaigns', {
    config: { permission: 'newsletter-create' },
    schema: { tags, body: ZCreateCampaignBody, response: { 201: ZNewsletterCampaign, ...errors } },
    handler: async (request, reply) =>
      reply.status(201).send(await createCampaign(app.ctx, request.body, request.auth?.id ?? null)),
  });
  api.patch('/newsletter/campaigns/:id', {
    config: { permission: 'newsletter-update' },
    schema: { tags, params: ZIdParams, body: ZUpdateCampaignBody, response: { 200: ZNewsletterCampaign, ...errors } },
    handler: (request) => updateCampaign(app.ctx, request.params.id, request.body),
  });
  api.delete('/newsletter/campaigns/:id', {
    config: { permission: 'newsletter-delete' },
    schema: { tags, params: ZIdParams, response: { 200: ZNewsletterCampaign, ...errors } },
    handler: (request) => deleteCampaign(app.ctx, request.params.id),
  });
  api.post('/newsletter/campaigns/:id/test', {
    config: { permission: 'newsletter-send' },
    schema: { tags, params: ZIdParams, body: ZTestSendBody, response: { 202: ZTestSendResult, ...errors } },
    handler: async (request, reply) => {
      const mailId = await testSendCampaign(
        app.ctx,
        request.params.id,
        request.body.email,
        brandOf,
        await originOf(request),
      );
      void app.mailer.deliverNow();
      return reply.status(202).send({ queued: true as const, mailId });
    },
  });
  api.post('/newsletter/campaigns/:id/schedule', {
    config: { permission: 'newsletter-send' },
    schema: {
      tags,
      params: ZIdParams,
      body: ZScheduleCampaignBody,
      response: { 200: ZNewsletterCampaign, ...errors },
    },
    handler: async (request) => scheduleCampaign(app.ctx, request.params.id, request.body.at, await originOf(request)),
  });
  api.post('/newsletter/campaigns/:id/unschedule', {
    config: { permission: 'newsletter-send' },
    schema: { tags, params: ZIdParams, response: { 200: ZNewsletterCampaign, ...errors } },
    handler: (request) => unscheduleCampaign(app.ctx, request.params.id),
  });
  api.post('/newsletter/campaigns/:id/send', {
    config: { permission: 'newsletter-send' },
    schema: { tags, params: ZIdParams, response: { 200: ZNewsletterCampaign, ...errors } },
    handler: async (request) => {
      const campaign = await sendCampaignNow(app.ctx, request.params.id, brandOf, await originOf(request));
      wake();
      return campaign;
    },
  });
  api.post('/newsletter/campaigns/:id/pause', {
    config: { permission: 'newsletter-send' },
    schema: { tags, params: ZIdParams, response: { 200: ZNewsletterCampaign, ...errors } },
    handler: (request) => pauseCampaign(app.ctx, request.params.id),
  });
  api.post('/newsletter/campaigns/:id/resume', {
    config: { permission: 'newsletter-send' },
    schema: { tags, params: ZIdParams, response: { 200: ZNewsletterCampaign, ...errors } },
    handler: async (request) => {
      const campaign = await resumeCampaign(app.ctx, request.params.id);
      wake();
      return campaign;
    },
  });
  api.post('/newsletter/campaigns/:id/cancel', {
    config: { permission: 'newsletter-send' },
    schema: { tags, params: ZIdParams, response: { 200: ZNewsletterCampaign, ...errors } },
    handler: (request) => cancelCampaign(app.ctx, request.params.id),
  });

  // Public: the unsubscribe page's calls and the one-click address of the List-Unsubscribe header
  const oneClickBody = z
    .object({ 'List-Unsubscribe': z.string().max(50).optional() })
    .catchall(z.unknown())
    .optional();
  api.get('/newsletter/unsubscribe/:token', {
    config: { permission: 'public' },
    schema: { tags, params: ZUnsubscribeParams, response: { 200: ZUnsubscribeState, ...publicErrors } },
    handler: (request) => unsubscribeState(app.ctx, key, request.params.token, request.ip),
  });
  api.post('/newsletter/unsubscribe/:token', {
    config: { permission: 'public' },
    schema: {
      tags,
      params: ZUnsubscribeParams,
      body: oneClickBody,
      response: { 200: ZUnsubscribeState, ...publicErrors },
    },
    handler: (request) => unsubscribe(app.ctx, key, request.params.token, request.ip),
  });
  api.post('/newsletter/unsubscribe/:token/undo', {
    config: { permission: 'public' },
    schema: {
      tags,
      params: ZUnsubscribeParams,
      body: oneClickBody,
      response: { 200: ZUnsubscribeState, ...publicErrors },
    },
    handler: (request) => resubscribe(app.ctx, key, request.params.token, request.ip),
  });
}
