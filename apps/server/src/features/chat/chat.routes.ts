import type { FastifyInstance } from 'fastify';
import {
  ZChatChannelDetail,
  ZChatChannelList,
  ZChatChannelParams,
  ZChatDepartureList,
  ZChatDepartureParams,
  ZChatDepartureQuery,
  ZChatMessage,
  ZChatMessageBody,
  ZChatMessageEditBody,
  ZChatMessagePage,
  ZChatMessageQuery,
  ZChatReadBody,
  ZChatUnread,
  ZErrorBody,
  ZIdParams,
  type ChatMessageEvent,
  type ChatUnreadEvent,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import { asksForStream } from '../../lib/sse.ts';
import {
  chatUnreadCounts,
  chatViewer,
  deleteChatMessage,
  editChatMessage,
  getChatChannel,
  getChatMessage,
  listChatChannels,
  listChatDepartures,
  listChatMessages,
  MESSAGE_EVENT,
  openDepartureChannel,
  postChatMessage,
  READ_EVENT,
  readChatChannel,
  unreadIn,
  viewerTopics,
  type MessageHint,
} from './chat.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const tags = ['chat'];

/**
 * Staff read with `chat-read` and write with `chat-create`; a driver (the driver role's `Buslocation-update`) reads
 * and writes the channels of their own departures only (chat.service.ts `chatViewer`). Agency users and travellers
 * hold neither right.
 */
const readers = ['chat-read', 'Buslocation-update'] as const;
const writers = ['chat-create', 'Buslocation-update'] as const;

/** The chat (issue #17 item 2, docs/adr/0026): channels, messages, read markers, and a stream per user. */
export async function chatRoutes(app: FastifyInstance) {
  const api = withZod(app);
  const publish = app.realtime.publish.bind(app.realtime);

  api.get('/chat/channels', {
    config: { permission: readers },
    schema: { tags, response: { 200: ZChatChannelList, ...errors } },
    handler: async (request) => ({ data: await listChatChannels(app.ctx, await chatViewer(app.ctx, request.auth!)) }),
  });

  api.get('/chat/channels/:channel', {
    config: { permission: readers },
    schema: { tags, params: ZChatChannelParams, response: { 200: ZChatChannelDetail, ...errors } },
    handler: async (request) =>
      getChatChannel(app.ctx, await chatViewer(app.ctx, request.auth!), request.params.channel),
  });

  api.get('/chat/departures', {
    config: { permission: readers },
    schema: { tags, querystring: ZChatDepartureQuery, response: { 200: ZChatDepartureList, ...errors } },
    handler: async (request) => ({
      data: await listChatDepartures(app.ctx, await chatViewer(app.ctx, request.auth!), request.query.q),
    }),
  });

  api.post('/chat/departures/:departureId', {
    config: { permission: readers },
    schema: { tags, params: ZChatDepartureParams, response: { 200: ZChatChannelDetail, ...errors } },
    handler: async (request) =>
      openDepartureChannel(app.ctx, await chatViewer(app.ctx, request.auth!), request.params.departureId),
  });

  api.get('/chat/channels/:channel/messages', {
    config: { permission: readers },
    schema: {
      tags,
      params: ZChatChannelParams,
      querystring: ZChatMessageQuery,
      response: { 200: ZChatMessagePage, ...errors },
    },
    handler: async (request) =>
      listChatMessages(app.ctx, await chatViewer(app.ctx, request.auth!), request.params.channel, request.query),
  });

  api.post('/chat/channels/:channel/messages', {
    config: { permission: writers },
    schema: { tags, params: ZChatChannelParams, body: ZChatMessageBody, response: { 201: ZChatMessage, ...errors } },
    handler: async (request, reply) => {
      const viewer = await chatViewer(app.ctx, request.auth!);
      return reply
        .status(201)
        .send(await postChatMessage(app.ctx, publish, viewer, request.params.channel, request.body));
    },
  });

  api.post('/chat/channels/:channel/read', {
    config: { permission: readers },
    schema: { tags, params: ZChatChannelParams, body: ZChatReadBody, response: { 200: ZChatUnread, ...errors } },
    handler: async (request) =>
      readChatChannel(
        app.ctx,
        publish,
        await chatViewer(app.ctx, request.auth!),
        request.params.channel,
        request.body.messageId,
      ),
  });

  api.get('/chat/messages/:id', {
    config: { permission: readers },
    schema: { tags, params: ZIdParams, response: { 200: ZChatMessage, ...errors } },
    handler: async (request) => getChatMessage(app.ctx, await chatViewer(app.ctx, request.auth!), request.params.id),
  });

  api.patch('/chat/messages/:id', {
    config: { permission: writers },
    schema: { tags, params: ZIdParams, body: ZChatMessageEditBody, response: { 200: ZChatMessage, ...errors } },
    handler: async (request) =>
      editChatMessage(app.ctx, publish, await chatViewer(app.ctx, request.auth!), request.params.id, request.body),
  });

  api.delete('/chat/messages/:id', {
    config: { permission: writers },
    schema: { tags, params: ZIdParams, response: { 200: ZChatMessage, ...errors } },
    handler: async (request) =>
      deleteChatMessage(app.ctx, publish, await chatViewer(app.ctx, request.auth!), request.params.id),
  });

  /**
   * The user's chat stream: first `unread` with every channel's count; then `message` (ids and the channel's new
   * count) whenever a message of a readable channel is written, changed or deleted, and `unread` when the user's
   * read marker moved in another tab. Events carry ids only; the client reads the message.
   */
  api.get('/chat/stream', {
    sse: 'only',
    config: { permission: readers },
    schema: { tags },
    handler: async (request, reply) => {
      const viewer = await chatViewer(app.ctx, request.auth!);
      if (!asksForStream(request, reply)) return reply;
      await app.streamEvents(reply, {
        topics: viewerTopics(viewer),
        initial: async () => {
          const data: ChatUnreadEvent = { counts: await chatUnreadCounts(app.ctx, viewer) };
          return [{ type: 'unread', data }];
        },
        map: async (event) => {
          if (event.type === MESSAGE_EVENT) {
            const hint = event.data as MessageHint;
            const data: ChatMessageEvent = { ...hint, unread: await unreadIn(app.ctx, viewer, hint.channelId) };
            return { type: 'message', data };
          }
          if (event.type === READ_EVENT) {
            const { channelId } = event.data as { channelId: number };
            const data: ChatUnreadEvent = {
              counts: [{ channelId, unread: await unreadIn(app.ctx, viewer, channelId) }],
            };
            return { type: 'unread', data };
          }
          return null;
        },
      });
    },
  });
}
