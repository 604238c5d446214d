import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZAppTopic,
  ZChannelMessageBody,
  ZCreateAppTopicBody,
  ZCreatePushNotificationBody,
  ZErrorBody,
  ZIdParams,
  ZListQuery,
  ZListResponse,
  ZPushNotification,
  ZPushReceiver,
  ZPushReceiverCount,
  ZPushReceiversBody,
  ZSendPushNotificationBody,
  ZUpdateAppTopicBody,
  ZUpdatePushNotificationBody,
} from '@tourdesk/contracts';
import { forbidden } from '../../lib/errors.ts';
import { requestOrigin } from '../../lib/origin.ts';
import { withZod } from '../../lib/route.ts';
import type { AuthUser } from '../../types.ts';
import {
  DUE_JOB_EVERY_MS,
  allTopics,
  countFor,
  createNotification,
  createTopic,
  deleteNotification,
  deleteTopic,
  getNotification,
  getTopic,
  listNotifications,
  listReceivers,
  listTopics,
  runDue,
  sendChannelMessage,
  sendOrSchedule,
  unschedule,
  updateNotification,
  updateTopic,
} from './push-notifications.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tags = ['push-notifications'];

/** Staff screens of push notifications and topics (issue #16, docs/adr/0023), and the job sending scheduled ones. */
export async function pushNotificationsRoutes(app: FastifyInstance) {
  const api = withZod(app);
  /**
   * `pushmessage-send` is also a driver's right (their coach's channel, features/driver-app): the office's
   * messages and quick messages are sent by staff only. An unknown message is 404 for everyone.
   */
  const officeSender = async (auth: AuthUser, id: number) => {
    await getNotification(app.ctx, id);
    if (auth.kind !== 'staff') throw forbidden();
  };
  api.get('/app/pushnotifications', {
    config: { permission: 'appusermanagement-read' },
    schema: { tags, querystring: ZListQuery, response: { 200: ZListResponse(ZPushNotification), ...errors } },
    handler: (request) => listNotifications(app.ctx, request.query),
  });
  api.post('/app/pushnotifications/receivers', {
    config: { permission: 'appusermanagement-read' },
    schema: { tags, body: ZPushReceiversBody, response: { 200: ZPushReceiverCount, ...errors } },
    handler: (request) => countFor(app.ctx, request.body),
  });
  api.get('/app/pushnotifications/:id', {
    config: { permission: 'appusermanagement-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZPushNotification, ...errors } },
    handler: (request) => getNotification(app.ctx, request.params.id),
  });
  api.get('/app/pushnotifications/:id/receivers', {
    config: { permission: 'appusermanagement-read' },
    schema: {
      tags,
      params: ZIdParams,
      querystring: ZListQuery,
      response: { 200: ZListResponse(ZPushReceiver), ...errors },
    },
    handler: (request) => listReceivers(app.ctx, request.params.id, request.query),
  });
  api.post('/app/pushnotifications', {
    config: { permission: 'appusermanagement-create' },
    schema: { tags, body: ZCreatePushNotificationBody, response: { 201: ZPushNotification, ...errors } },
    handler: async (request, reply) =>
      reply.status(201).send(await createNotification(app.ctx, request.auth!.id, request.body)),
  });
  api.patch('/app/pushnotifications/:id', {
    config: { permission: 'appusermanagement-update' },
    schema: {
      tags,
      params: ZIdParams,
      body: ZUpdatePushNotificationBody,
      response: { 200: ZPushNotification, ...errors },
    },
    handler: (request) => updateNotification(app.ctx, request.params.id, request.body),
  });
  api.delete('/app/pushnotifications/:id', {
    config: { permission: 'appusermanagement-delete' },
    schema: { tags, params: ZIdParams, response: { 200: ZPushNotification, ...errors } },
    handler: (request) => deleteNotification(app.ctx, request.params.id),
  });
  api.post('/app/pushnotifications/:id/send', {
    config: { permission: 'pushmessage-send' },
    schema: {
      tags,
      params: ZIdParams,
      body: ZSendPushNotificationBody,
      response: { 200: ZPushNotification, ...errors },
    },
    handler: async (request) => {
      await officeSender(request.auth!, request.params.id);
      return sendOrSchedule(app.ctx, request.params.id, request.body.at);
    },
  });
  api.post('/app/pushnotifications/:id/unschedule', {
    config: { permission: 'pushmessage-send' },
    schema: { tags, params: ZIdParams, response: { 200: ZPushNotification, ...errors } },
    handler: async (request) => {
      await officeSender(request.auth!, request.params.id);
      return unschedule(app.ctx, request.params.id);
    },
  });
  api.post('/app/channel-messages', {
    config: { permission: 'pushmessage-send' },
    schema: { tags, body: ZChannelMessageBody, response: { 201: ZPushNotification, ...errors } },
    handler: async (request, reply) => {
      if (request.auth!.kind !== 'staff') throw forbidden();
      const { brand } = await requestOrigin(app, request);
      return reply.status(201).send(await sendChannelMessage(app.ctx, request.auth!, request.body, brand.name));
    },
  });

  api.get('/app/topics', {
    config: { permission: 'appusermanagement-read' },
    schema: { tags, querystring: ZListQuery, response: { 200: ZListResponse(ZAppTopic), ...errors } },
    handler: (request) => listTopics(app.ctx, request.query),
  });
  api.get('/app/topics/all', {
    config: { permission: 'appusermanagement-read' },
    schema: { tags, response: { 200: z.array(ZAppTopic), ...errors } },
    handler: () => allTopics(app.ctx),
  });
  api.get('/app/topics/:id', {
    config: { permission: 'appusermanagement-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZAppTopic, ...errors } },
    handler: (request) => getTopic(app.ctx, request.params.id),
  });
  api.post('/app/topics', {
    config: { permission: 'appusermanagement-create' },
    schema: { tags, body: ZCreateAppTopicBody, response: { 201: ZAppTopic, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createTopic(app.ctx, request.body)),
  });
  api.patch('/app/topics/:id', {
    config: { permission: 'appusermanagement-update' },
    schema: { tags, params: ZIdParams, body: ZUpdateAppTopicBody, response: { 200: ZAppTopic, ...errors } },
    handler: (request) => updateTopic(app.ctx, request.params.id, request.body),
  });
  api.delete('/app/topics/:id', {
    config: { permission: 'appusermanagement-delete' },
    schema: { tags, params: ZIdParams, response: { 200: ZAppTopic, ...errors } },
    handler: (request) => deleteTopic(app.ctx, request.params.id),
  });

  app.scheduler.register({ name: 'push-notifications-due', everyMs: DUE_JOB_EVERY_MS, run: runDue });
}
