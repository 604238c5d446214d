import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZCreateTravelbagTemplateBody,
  ZErrorBody,
  ZIdParams,
  ZListQuery,
  ZListResponse,
  ZSuitcase,
  ZSuitcaseConflict,
  ZSuitcaseParams,
  ZSuitcaseSyncBody,
  ZSuitcaseTemplateChoice,
  ZTravelbagTemplate,
  ZUpdateTravelbagTemplateBody,
} from '@tourdesk/contracts';
import { messageFor } from '../../lib/errors.ts';
import { withZod } from '../../lib/route.ts';
import {
  createTemplate,
  deleteTemplate,
  getSuitcase,
  getTemplate,
  listTemplates,
  suitcaseTemplates,
  syncSuitcase,
  updateTemplate,
} from './suitcase.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tags = ['suitcase'];

/**
 * Travel-bag templates (spec §7 /app/travelbagtemplates, app-user management rights) and the traveller's
 * suitcase per booking (issue #13, PackSuitcase rights; the booking through traveller-trips, docs/adr/0020).
 */
export async function suitcaseRoutes(app: FastifyInstance) {
  const api = withZod(app);
  api.get('/app/travelbagtemplates', {
    config: { permission: 'appusermanagement-read' },
    schema: { tags, querystring: ZListQuery, response: { 200: ZListResponse(ZTravelbagTemplate), ...errors } },
    handler: (request) => listTemplates(app.ctx, request.query),
  });
  api.get('/app/travelbagtemplates/:id', {
    config: { permission: 'appusermanagement-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZTravelbagTemplate, ...errors } },
    handler: (request) => getTemplate(app.ctx, request.params.id),
  });
  api.post('/app/travelbagtemplates', {
    config: { permission: 'appusermanagement-create' },
    schema: { tags, body: ZCreateTravelbagTemplateBody, response: { 201: ZTravelbagTemplate, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createTemplate(app.ctx, request.body)),
  });
  api.patch('/app/travelbagtemplates/:id', {
    config: { permission: 'appusermanagement-update' },
    schema: {
      tags,
      params: ZIdParams,
      body: ZUpdateTravelbagTemplateBody,
      response: { 200: ZTravelbagTemplate, ...errors },
    },
    handler: (request) => updateTemplate(app.ctx, request.params.id, request.body),
  });
  api.delete('/app/travelbagtemplates/:id', {
    config: { permission: 'appusermanagement-delete' },
    schema: { tags, params: ZIdParams, response: { 200: ZTravelbagTemplate, ...errors } },
    handler: (request) => deleteTemplate(app.ctx, request.params.id),
  });

  api.get('/users-vorgaenge/:bookingId/suitcase', {
    config: { permission: 'PackSuitcase-read' },
    schema: { tags, params: ZSuitcaseParams, response: { 200: ZSuitcase, ...errors } },
    handler: (request) => getSuitcase(app.ctx, request.auth!.id, request.params.bookingId),
  });
  api.get('/users-vorgaenge/:bookingId/suitcase/templates', {
    config: { permission: 'PackSuitcase-read' },
    schema: { tags, params: ZSuitcaseParams, response: { 200: z.array(ZSuitcaseTemplateChoice), ...errors } },
    handler: (request) => suitcaseTemplates(app.ctx, request.auth!.id, request.params.bookingId),
  });
  api.post('/users-vorgaenge/:bookingId/suitcase/sync', {
    config: { permission: 'PackSuitcase-update' },
    schema: {
      tags,
      params: ZSuitcaseParams,
      body: ZSuitcaseSyncBody,
      response: { 200: ZSuitcase, ...errors, 409: ZSuitcaseConflict },
    },
    handler: async (request, reply) => {
      const result = await syncSuitcase(app.ctx, request.auth!.id, request.params.bookingId, request.body);
      if (!result.conflict) return reply.send(result.suitcase);
      return reply.status(409).send({
        statusCode: 409,
        error: 'Conflict',
        message: messageFor('error.syncConflict'),
        key: 'error.syncConflict',
        suitcase: result.suitcase,
      });
    },
  });
}
