import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZAddListMemberBody,
  ZAddedMembers,
  ZCertifyListBody,
  ZConfirmSubscriptionBody,
  ZCreateNewsletterContactBody,
  ZCreateNewsletterListBody,
  ZCustomerFilterBody,
  ZErrorBody,
  ZIdParams,
  ZImportCheck,
  ZImportMapping,
  ZImportProgress,
  ZImportStartBody,
  ZImportUpload,
  ZListMemberParams,
  ZListQuery,
  ZListResponse,
  ZMailjetContactParams,
  ZMailjetContacts,
  ZMailjetContactsQuery,
  ZNewsletterContact,
  ZNewsletterContactsQuery,
  ZNewsletterList,
  ZOk,
  ZSubscribeBody,
  ZSubscriptionConfirmed,
  ZUpdateNewsletterContactBody,
  ZUpdateNewsletterListBody,
} from '@tourdesk/contracts';
import { invalidField } from '../../lib/errors.ts';
import { codeTtl, requestOrigin } from '../../lib/origin.ts';
import { withZod } from '../../lib/route.ts';
import { readUpload, uploadRoutes } from '../../lib/upload.ts';
import {
  addMemberByHand,
  addMembersFromCustomers,
  certifyList,
  checkImport,
  confirmSubscription,
  createContact,
  createList,
  deleteContact,
  deleteList,
  exportContactsCsv,
  getContact,
  getList,
  importNextChunk,
  importProgress,
  listContacts,
  listLists,
  mailjetContact,
  mailjetContacts,
  removeListMember,
  startImport,
  subscribe,
  updateContact,
  updateList,
  uploadImport,
} from './newsletter-contacts.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 429: ZErrorBody };
const tags = ['newsletter'];

/**
 * Newsletter contacts and contact lists (issue #14, docs/adr/0021): contacts, lists and their members,
 * certification (spec §5), import and export, the public double opt-in, and the spec's Mailjet contact calls.
 */
export async function newsletterContactsRoutes(app: FastifyInstance) {
  const api = withZod(app);

  api.get('/newsletter/contacts', {
    config: { permission: 'newsletter-read' },
    schema: {
      tags,
      querystring: ZNewsletterContactsQuery,
      response: { 200: ZListResponse(ZNewsletterContact), ...errors },
    },
    handler: (request) => listContacts(app.ctx, request.query),
  });
  api.get('/newsletter/contacts/export.csv', {
    config: { permission: 'newsletter-read' },
    // The list's search and filters; the file in the language of Accept-Language (German by default).
    schema: { tags, querystring: ZNewsletterContactsQuery, response: { 200: z.unknown(), ...errors } },
    handler: async (request, reply) => {
      const language = request.headers['accept-language']?.slice(0, 2).toLowerCase();
      const body = await exportContactsCsv(app.ctx, request.query, language);
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="newsletter-kontakte-${stamp}.csv"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  });
  api.get('/newsletter/contacts/:id', {
    config: { permission: 'newsletter-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZNewsletterContact, ...errors } },
    handler: (request) => getContact(app.ctx, request.params.id),
  });
  api.post('/newsletter/contacts', {
    config: { permission: 'newsletter-create' },
    schema: { tags, body: ZCreateNewsletterContactBody, response: { 201: ZNewsletterContact, ...errors } },
    handler: async (request, reply) =>
      reply.status(201).send(await createContact(app.ctx, request.body, request.auth!.id)),
  });
  api.patch('/newsletter/contacts/:id', {
    config: { permission: 'newsletter-update' },
    schema: {
      tags,
      params: ZIdParams,
      body: ZUpdateNewsletterContactBody,
      response: { 200: ZNewsletterContact, ...errors },
    },
    handler: (request) => updateContact(app.ctx, request.params.id, request.body, request.auth!.id),
  });
  api.delete('/newsletter/contacts/:id', {
    config: { permission: 'newsletter-delete' },
    schema: { tags, params: ZIdParams, response: { 200: ZNewsletterContact, ...errors } },
    handler: (request) => deleteContact(app.ctx, request.params.id),
  });

  // Import: upload and parse → check a mapping (preview with duplicates) → start → next chunk … until done.
  await uploadRoutes(app, (scope) => {
    withZod(scope).post('/newsletter/contacts/import', {
      config: { permission: 'newsletter-create' },
      schema: { tags, consumes: ['multipart/form-data'], response: { 201: ZImportUpload, ...errors, 413: ZErrorBody } },
      handler: async (request, reply) => {
        const { file } = await readUpload(request, { maxBytes: app.config.uploadLimitBytes, fields: 2 });
        if (!file) throw invalidField('file', 'error.empty');
        return reply.status(201).send(await uploadImport(app.ctx, file, request.auth!.id));
      },
    });
  });
  api.post('/newsletter/contacts/import/:id/check', {
    config: { permission: 'newsletter-create' },
    schema: {
      tags,
      params: ZIdParams,
      body: z.object({ mapping: ZImportMapping }),
      response: { 200: ZImportCheck, ...errors },
    },
    handler: (request) => checkImport(app.ctx, request.params.id, request.body.mapping, request.auth!.id),
  });
  api.post('/newsletter/contacts/import/:id/start', {
    config: { permission: 'newsletter-create' },
    schema: { tags, params: ZIdParams, body: ZImportStartBody, response: { 200: ZImportProgress, ...errors } },
    handler: (request) => startImport(app.ctx, request.params.id, request.body, request.auth!.id),
  });
  api.post('/newsletter/contacts/import/:id/next', {
    config: { permission: 'newsletter-create' },
    schema: { tags, params: ZIdParams, response: { 200: ZImportProgress, ...errors } },
    handler: (request) => importNextChunk(app.ctx, request.params.id, request.auth!.id),
  });
  api.get('/newsletter/contacts/import/:id', {
    config: { permission: 'newsletter-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZImportProgress, ...errors } },
    handler: (request) => importProgress(app.ctx, request.params.id, request.auth!.id),
  });

  api.get('/newsletter/lists', {
    config: { permission: 'newsletter-read' },
    schema: {
      tags,
      querystring: ZListQuery.extend({
        certified: z.enum(['true', 'false', '1', '0'], { error: 'error.invalidQuery' }).optional(),
      }),
      response: { 200: ZListResponse(ZNewsletterList), ...errors },
    },
    handler: (request) => listLists(app.ctx, request.query),
  });
  api.get('/newsletter/lists/:id', {
    config: { permission: 'newsletter-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZNewsletterList, ...errors } },
    handler: (request) => getList(app.ctx, request.params.id),
  });
  api.post('/newsletter/lists', {
    config: { permission: 'newsletter-create' },
    schema: { tags, body: ZCreateNewsletterListBody, response: { 201: ZNewsletterList, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createList(app.ctx, request.body)),
  });
  api.patch('/newsletter/lists/:id', {
    config: { permission: 'newsletter-update' },
    schema: {
      tags,
      params: ZIdParams,
      body: ZUpdateNewsletterListBody,
      response: { 200: ZNewsletterList, ...errors },
    },
    handler: (request) => updateList(app.ctx, request.params.id, request.body),
  });
  api.delete('/newsletter/lists/:id', {
    config: { permission: 'newsletter-delete' },
    schema: { tags, params: ZIdParams, response: { 200: ZNewsletterList, ...errors } },
    handler: (request) => deleteList(app.ctx, request.params.id),
  });
  api.post('/newsletter/lists/:id/certification', {
    config: { permission: 'newsletter-update' },
    schema: { tags, params: ZIdParams, body: ZCertifyListBody, response: { 200: ZNewsletterList, ...errors } },
    handler: (request) => certifyList(app.ctx, request.params.id, request.body, request.auth!.id),
  });
  api.post('/newsletter/lists/:id/members', {
    config: { permission: 'newsletter-update' },
    schema: { tags, params: ZIdParams, body: ZAddListMemberBody, response: { 201: ZNewsletterContact, ...errors } },
    handler: async (request, reply) =>
      reply.status(201).send(await addMemberByHand(app.ctx, request.params.id, request.body, request.auth!.id)),
  });
  api.post('/newsletter/lists/:id/members/from-customers', {
    config: { permission: 'newsletter-update' },
    schema: { tags, params: ZIdParams, body: ZCustomerFilterBody, response: { 200: ZAddedMembers, ...errors } },
    handler: (request) => addMembersFromCustomers(app.ctx, request.params.id, request.body, request.auth!.id),
  });
  api.delete('/newsletter/lists/:id/members/:contactId', {
    config: { permission: 'newsletter-update' },
    schema: { tags, params: ZListMemberParams, response: { 200: ZOk, ...errors } },
    handler: (request) => removeListMember(app.ctx, request.params.id, request.params.contactId),
  });

  // Double opt-in for the operator's website: no login, throttled, the same answer for every address.
  api.post('/newsletter/subscribe', {
    config: { permission: 'public' },
    schema: { tags, body: ZSubscribeBody, response: { 202: ZOk, ...errors } },
    handler: async (request, reply) => {
      const result = await subscribe(
        app.ctx,
        request.body,
        await requestOrigin(app, request),
        codeTtl(app).actionCodeTtlHours,
      );
      void app.mailer.deliverNow();
      return reply.status(202).send(result);
    },
  });
  api.post('/newsletter/subscribe/confirm', {
    config: { permission: 'public' },
    schema: { tags, body: ZConfirmSubscriptionBody, response: { 200: ZSubscriptionConfirmed, ...errors } },
    handler: async (request) => confirmSubscription(app.ctx, request.body.code, await requestOrigin(app, request)),
  });

  // The spec's Mailjet contact calls (spec §7), answered from Tourdesk's own contacts.
  api.get('/mailjet/contact', {
    config: { permission: 'newsletter-read' },
    schema: { tags, querystring: ZMailjetContactsQuery, response: { 200: ZMailjetContacts, ...errors } },
    handler: (request) => mailjetContacts(app.ctx, request.query),
  });
  api.get('/mailjet/contact/:query', {
    config: { permission: 'newsletter-read' },
    schema: { tags, params: ZMailjetContactParams, response: { 200: ZMailjetContacts, ...errors } },
    handler: (request) => mailjetContact(app.ctx, request.params.query),
  });
}
