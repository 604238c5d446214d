import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZCreateMailboxBody,
  ZErrorBody,
  ZIdParams,
  ZMailAttachmentParams,
  ZMailDeleteBody,
  ZMailFlagBody,
  ZMailFolderList,
  ZMailFolderParams,
  ZMailForm,
  ZMailImageQuery,
  ZMailLinkBody,
  ZMailLinkView,
  ZMailMessage,
  ZMailMessageList,
  ZMailMessageParams,
  ZMailMessageQuery,
  ZMailMoveBody,
  ZMailMoveResult,
  ZMailReadQuery,
  ZMailSent,
  ZMailbox,
  ZMailboxQuery,
  ZUpdateMailboxBody,
  hasPermission,
} from '@tourdesk/contracts';
import { ApiError, forbidden } from '../../lib/errors.ts';
import { withZod } from '../../lib/route.ts';
import { resolveAuthUser } from '../auth/auth.service.ts';
import { brandForHost } from '../brands/brands.service.ts';
import { DEFAULT_LIMITS, fetchRemoteImage, imageProxyKey, verifyImageSignature } from './mail-image-proxy.ts';
import {
  createMailbox,
  deleteMessages,
  folderMessages,
  getMailbox,
  linkMessage,
  listMailboxes,
  mailFolders,
  messageAttachment,
  moveMessages,
  pollInboxes,
  readMessage,
  removeMailbox,
  sendMail,
  setFlags,
  syncMailbox,
  updateMailbox,
  watchedMailboxes,
  type InboxDeps,
} from './mail-inbox.service.ts';
import { InboxWatcher } from './mail-inbox-idle.ts';

const errors = {
  400: ZErrorBody,
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
  502: ZErrorBody,
  503: ZErrorBody,
};
const tags = ['mail-inbox'];

/** `attachment` with the UTF-8 name (RFC 6266 / 5987) and an ASCII stand-in for old clients. */
const contentDisposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * The e-mail inbox over IMAP (issue #17, docs/adr/0025). Reading needs email-read (a folder's list
 * email-folder-read, spec §7), flags and moving email-sort, writing email-send, deleting email-delete; the
 * mailboxes themselves are configured by administrators. Office data: agency users never reach it, whatever their
 * role says.
 */
export async function mailInboxRoutes(app: FastifyInstance) {
  const api = withZod(app);
  const deps = (): InboxDeps => ({
    ctx: app.ctx,
    key: app.config.mailInboxKey,
    publish: app.realtime.publish.bind(app.realtime),
    store: app.fileStore,
  });
  // New mail by IMAP IDLE where the server offers it (docs/adr/0025); the poll job below stays as the safety net.
  const watcher = app.config.mailInboxIdle
    ? new InboxWatcher({
        mailboxes: () => watchedMailboxes(deps()),
        sync: (id) => syncMailbox(deps(), id),
        onError: (error, mailbox) => app.log.warn({ err: error, mailbox }, 'mail inbox IDLE'),
      })
    : null;
  const rewatch = () => void watcher?.refresh();
  if (watcher) {
    app.addHook('onReady', async () => rewatch());
    app.addHook('onClose', async () => watcher.close());
  }

  app.addHook('preHandler', async (request) => {
    if (request.auth && (request.auth.kind !== 'staff' || request.auth.agencyId !== null)) throw forbidden();
  });

  api.get('/mail-accounts', {
    config: { permission: 'admin' },
    schema: { tags, response: { 200: z.array(ZMailbox), ...errors } },
    handler: () => listMailboxes(app.ctx),
  });
  api.post('/mail-accounts', {
    config: { permission: 'admin' },
    schema: { tags, body: ZCreateMailboxBody, response: { 201: ZMailbox, ...errors } },
    handler: async (request, reply) => {
      const created = await createMailbox(deps(), request.body);
      rewatch();
      return reply.status(201).send(created);
    },
  });
  api.get('/mail-accounts/:id', {
    config: { permission: 'admin' },
    schema: { tags, params: ZIdParams, response: { 200: ZMailbox, ...errors } },
    handler: (request) => getMailbox(app.ctx, request.params.id),
  });
  api.patch('/mail-accounts/:id', {
    config: { permission: 'admin' },
    schema: { tags, params: ZIdParams, body: ZUpdateMailboxBody, response: { 200: ZMailbox, ...errors } },
    handler: async (request) => {
      const updated = await updateMailbox(deps(), request.params.id, request.body);
      rewatch();
      return updated;
    },
  });
  api.delete('/mail-accounts/:id', {
    config: { permission: 'admin' },
    schema: { tags, params: ZIdParams, response: { 200: ZMailbox, ...errors } },
    handler: async (request) => {
      const removed = await removeMailbox(app.ctx, request.params.id);
      rewatch();
      return removed;
    },
  });

  api.get('/mail-folder', {
    config: { permission: 'email-read' },
    schema: { tags, querystring: ZMailboxQuery, response: { 200: ZMailFolderList, ...errors } },
    handler: (request) => mailFolders(deps(), request.query.mailbox),
  });
  api.get('/mail-folder/:id', {
    config: { permission: 'email-folder-read' },
    schema: {
      tags,
      params: ZMailFolderParams,
      querystring: ZMailMessageQuery,
      response: { 200: ZMailMessageList, ...errors },
    },
    handler: (request) => folderMessages(deps(), request.params.id, request.query),
  });
  api.get('/mail-folder/:id/messages/:uid', {
    config: { permission: 'email-read' },
    schema: {
      tags,
      params: ZMailMessageParams,
      querystring: ZMailReadQuery,
      response: { 200: ZMailMessage, ...errors },
    },
    handler: (request) => readMessage(deps(), request.params.id, request.params.uid, request.query, request.auth!),
  });
  // A remote image of a mail, through the proxy (docs/adr/0025). An <img> cannot send the login's Bearer header, so
  // the link itself carries it: signed by the server for one user when that user read the message with images
  // allowed, valid for a few hours. The route checks that user's email-read right (and revocation) itself.
  api.get('/mail-image', {
    config: { permission: 'public' },
    schema: { tags, querystring: ZMailImageQuery },
    handler: async (request, reply) => {
      const { userId, issuedAtMs } = verifyImageSignature(await imageProxyKey(app.ctx), request.query);
      const user = await resolveAuthUser(app.ctx, userId, issuedAtMs);
      if (user instanceof ApiError) throw user;
      if (user.kind !== 'staff' || user.agencyId !== null || !hasPermission(user, 'email-read')) throw forbidden();
      const image = await fetchRemoteImage(request.query.u, {
        ...DEFAULT_LIMITS,
        allowHosts: app.config.mailImageProxyAllowHosts,
      });
      return (
        reply
          .type(image.contentType)
          .header('cache-control', 'private, max-age=3600')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('referrer-policy', 'no-referrer')
          // The message is shown in a sandboxed frame (an opaque origin): same-origin would block the image there.
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(image.body)
      );
    },
  });
  api.get('/mail-folder/:id/messages/:uid/attachments/:part', {
    config: { permission: 'email-read' },
    schema: { tags, params: ZMailAttachmentParams, querystring: ZMailboxQuery },
    handler: async (request, reply) => {
      const { id, uid, part } = request.params;
      const file = await messageAttachment(deps(), id, uid, part, request.query.mailbox);
      return reply
        .type(file.contentType)
        .header('content-disposition', contentDisposition(file.filename))
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  });
  api.post('/mail-folder/:id/flags', {
    config: { permission: 'email-sort' },
    schema: { tags, params: ZMailFolderParams, body: ZMailFlagBody, response: { 200: ZMailMoveResult, ...errors } },
    handler: (request) => setFlags(deps(), request.params.id, request.body),
  });
  api.post('/mail-folder/:id/move', {
    config: { permission: 'email-sort' },
    schema: { tags, params: ZMailFolderParams, body: ZMailMoveBody, response: { 200: ZMailMoveResult, ...errors } },
    handler: (request) => moveMessages(deps(), request.params.id, request.body),
  });
  api.post('/mail-folder/:id/delete', {
    config: { permission: 'email-delete' },
    schema: { tags, params: ZMailFolderParams, body: ZMailDeleteBody, response: { 200: ZMailMoveResult, ...errors } },
    handler: (request) => deleteMessages(deps(), request.params.id, request.body),
  });
  api.post('/mail-folder/:id/messages/:uid/links', {
    config: { permission: 'email-sort' },
    schema: {
      tags,
      params: ZMailMessageParams,
      body: ZMailLinkBody,
      response: { 201: z.array(ZMailLinkView), ...errors },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await linkMessage(deps(), request.params.id, request.params.uid, request.body, request.auth!)),
  });
  api.post('/mail-send', {
    config: { permission: 'email-send' },
    schema: { tags, body: ZMailForm, response: { 201: ZMailSent, ...errors } },
    handler: async (request, reply) => {
      const brand = await brandForHost(app.ctx, request.hostname, request.log);
      const sent = await sendMail(deps(), request.body, brand, request.auth!);
      void app.mailer.deliverNow();
      return reply.status(201).send(sent);
    },
  });

  app.scheduler.register({
    name: 'mail-inbox.poll',
    everyMs: app.config.mailInboxPollMs,
    run: () => {
      // Mailboxes another instance added or changed get their IDLE connection here too.
      rewatch();
      return pollInboxes(deps());
    },
  });
}
