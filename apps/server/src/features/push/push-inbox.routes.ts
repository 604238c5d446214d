import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZChannelMessage,
  ZDriverMessage,
  ZDriverMessageBody,
  ZErrorBody,
  ZIdParams,
  ZInboxEntry,
  ZInboxPage,
  ZInboxQuery,
  ZInboxReadBody,
  ZMyTopic,
  ZReadAll,
  ZUnreadCount,
} from '@tourdesk/contracts';
import { nowIso } from '../../db/dialect.ts';
import { withZod } from '../../lib/route.ts';
import {
  getInboxEntry,
  listChannelMessages,
  listCoachMessages,
  listInbox,
  listMyTopics,
  markAllRead,
  markInboxOpened,
  markInboxRead,
  sendCoachMessage,
  setFollowing,
  unreadCount,
} from './push-inbox.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tags = ['push-inbox'];

/**
 * The traveller's side of push notifications (issue #16, docs/adr/0023): the inbox, topics to follow, the channel
 * thread, and the driver's quick message to their coach.
 */
export async function pushInboxRoutes(app: FastifyInstance) {
  const api = withZod(app);

  api.get('/app/usernotifications-lit', {
    config: { permission: 'pushmessage-read' },
    schema: { tags, querystring: ZInboxQuery, response: { 200: ZInboxPage, ...errors } },
    handler: (request) => listInbox(app.ctx, request.auth!.id, request.query),
  });
  api.get('/app/usernotifications/unread-count', {
    config: { permission: 'pushmessage-read' },
    schema: { tags, response: { 200: ZUnreadCount, ...errors } },
    handler: (request) => unreadCount(app.ctx, request.auth!.id),
  });
  api.post('/app/usernotifications/read-all', {
    config: { permission: 'pushmessage-update' },
    schema: { tags, response: { 200: ZReadAll, ...errors } },
    handler: (request) => markAllRead(app.ctx, request.auth!.id, nowIso()),
  });
  api.get('/app/usernotifications/:id', {
    config: { permission: 'pushmessage-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZInboxEntry, ...errors } },
    handler: (request) => getInboxEntry(app.ctx, request.auth!.id, request.params.id),
  });
  api.patch('/app/usernotifications/:id', {
    config: { permission: 'pushmessage-update' },
    schema: { tags, params: ZIdParams, body: ZInboxReadBody, response: { 200: ZInboxEntry, ...errors } },
    handler: (request) => markInboxRead(app.ctx, request.auth!.id, request.params.id, request.body.read, nowIso()),
  });
  api.post('/app/usernotifications/:id/opened', {
    config: { permission: 'pushmessage-update' },
    schema: { tags, params: ZIdParams, response: { 200: ZInboxEntry, ...errors } },
    handler: (request) => markInboxOpened(app.ctx, request.auth!.id, request.params.id, nowIso()),
  });

  api.get('/app/my-topics', {
    config: { permission: 'pushmessage-read' },
    schema: { tags, response: { 200: z.array(ZMyTopic), ...errors } },
    handler: (request) => listMyTopics(app.ctx, request.auth!.id),
  });
  api.put('/app/my-topics/:id', {
    config: { permission: 'pushmessage-update' },
    schema: { tags, params: ZIdParams, response: { 200: ZMyTopic, ...errors } },
    handler: (request) => setFollowing(app.ctx, request.auth!.id, request.params.id, true),
  });
  api.delete('/app/my-topics/:id', {
    config: { permission: 'pushmessage-update' },
    schema: { tags, params: ZIdParams, response: { 200: ZMyTopic, ...errors } },
    handler: (request) => setFollowing(app.ctx, request.auth!.id, request.params.id, false),
  });

  api.get('/app/channel-messages', {
    config: { permission: 'pushmessage-read' },
    schema: { tags, response: { 200: z.array(ZChannelMessage), ...errors } },
    handler: (request) => listChannelMessages(app.ctx, request.auth!.id),
  });

  api.get('/driver/transports/:id/messages', {
    config: { permission: 'pushmessage-send' },
    schema: { tags, params: ZIdParams, response: { 200: z.array(ZDriverMessage), ...errors } },
    handler: (request) => listCoachMessages(app.ctx, request.auth!.id, request.params.id),
  });
  api.post('/driver/transports/:id/messages', {
    config: { permission: 'pushmessage-send' },
    schema: { tags, params: ZIdParams, body: ZDriverMessageBody, response: { 201: ZDriverMessage, ...errors } },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await sendCoachMessage(app.ctx, request.auth!.id, request.params.id, request.body, nowIso())),
  });
}
