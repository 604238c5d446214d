import type { FastifyInstance } from 'fastify';
import {
  ZErrorBody,
  ZStaffNotificationEvent,
  ZStaffNotificationList,
  ZStaffNotificationQuery,
  ZStaffNotificationReadBody,
} from '@tourdesk/contracts';
import { nowIso } from '../../db/dialect.ts';
import { withZod } from '../../lib/route.ts';
import { asksForStream } from '../../lib/sse.ts';
import {
  listStaffNotifications,
  NOTIFICATION_EVENT,
  readStaffNotifications,
  unreadStaffNotifications,
  userTopic,
} from './staff-notifications.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody };
const tags = ['notifications'];

/**
 * The back office's bell (issue #17, docs/adr/0024): every logged-in user reads and clears only their own entries,
 * and follows a stream that says when the unread count changed.
 */
export async function staffNotificationsRoutes(app: FastifyInstance) {
  const api = withZod(app);
  const publish = app.realtime.publish.bind(app.realtime);

  api.get('/notifications', {
    config: { permission: 'authenticated' },
    schema: { tags, querystring: ZStaffNotificationQuery, response: { 200: ZStaffNotificationList, ...errors } },
    handler: (request) => listStaffNotifications(app.ctx, request.auth!.id, request.query.$limit),
  });

  api.post('/notifications/read', {
    config: { permission: 'authenticated' },
    schema: { tags, body: ZStaffNotificationReadBody, response: { 200: ZStaffNotificationEvent, ...errors } },
    handler: (request) => readStaffNotifications(app.ctx, publish, request.auth!.id, request.body.ids, nowIso()),
  });

  api.get('/notifications/stream', {
    sse: 'only',
    config: { permission: 'authenticated' },
    schema: { tags },
    handler: async (request, reply) => {
      if (!asksForStream(request, reply)) return reply;
      const userId = request.auth!.id;
      const unread = async () => ({
        type: 'unread',
        data: { unread: await unreadStaffNotifications(app.ctx, userId) },
      });
      await app.streamEvents(reply, {
        topics: [userTopic(userId)],
        initial: async () => [await unread()],
        map: (event) => (event.type === NOTIFICATION_EVENT ? unread() : null),
      });
    },
  });
}
