import type { FastifyInstance } from 'fastify';
import {
  ZErrorBody,
  ZOk,
  ZPushPublicKey,
  ZPushSubscribeBody,
  ZPushSubscription,
  ZPushUnsubscribeBody,
} from '@tourdesk/contracts';
import { requestOrigin } from '../../lib/origin.ts';
import { withZod } from '../../lib/route.ts';
import { deliverDuePushes } from './push-delivery.ts';
import { subscribePush, unsubscribePush, vapidKeys } from './push.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody };
const tags = ['push'];

/**
 * The traveller's devices (`POST /fcm`, `DELETE /fcm`, `GET /push/public-key`) and the push outbox's worker
 * (docs/adr/0023): every `PUSH_POLL_MS` and right after start it sends what is due. Any instance may run it;
 * deliveries are claimed with a lease.
 */
export async function pushSubscriptionsRoutes(app: FastifyInstance) {
  const { config } = app;
  // Generates the installation's key pair on first start, rather than on the first phone's request.
  await vapidKeys(app);

  let running: Promise<number> | null = null;
  const pass = () =>
    (running ??= (async () =>
      deliverDuePushes(app.ctx, {
        vapid: await vapidKeys(app),
        retryBaseMs: config.push.retryBaseMs,
        maxAttempts: config.push.maxAttempts,
      }))()
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'push delivery pass failed');
        return 0;
      })
      .finally(() => {
        running = null;
      }));
  if (config.push.pollMs > 0) {
    const timer = setInterval(() => void pass(), config.push.pollMs);
    timer.unref();
    app.addHook('onReady', async () => void pass());
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  }

  const api = withZod(app);
  api.get('/push/public-key', {
    config: { permission: 'pushmessage-read' },
    schema: { tags, response: { 200: ZPushPublicKey, ...errors } },
    handler: async () => ({ publicKey: (await vapidKeys(app)).publicKey }),
  });
  api.post('/fcm', {
    config: { permission: 'pushmessage-read' },
    schema: { tags, body: ZPushSubscribeBody, response: { 201: ZPushSubscription, ...errors } },
    handler: async (request, reply) => {
      const { brand } = await requestOrigin(app, request);
      const device = { brandId: brand.id > 0 ? brand.id : null, userAgent: request.headers['user-agent'] ?? null };
      return reply.status(201).send(await subscribePush(app.ctx, request.auth!.id, request.body, device));
    },
  });
  api.delete('/fcm', {
    config: { permission: 'pushmessage-read' },
    schema: { tags, body: ZPushUnsubscribeBody, response: { 200: ZOk, ...errors } },
    handler: (request) => unsubscribePush(app.ctx, request.auth!.id, request.body.endpoint),
  });
}
