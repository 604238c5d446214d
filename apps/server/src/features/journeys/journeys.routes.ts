import type { FastifyInstance } from 'fastify';
import {
  ZCopyJourneyBody,
  ZCreateJourneyBody,
  ZErrorBody,
  ZIdParams,
  ZJourney,
  ZJourneySummary,
  ZListQuery,
  ZListResponse,
  ZUpdateJourneyBody,
} from '@tourdesk/contracts';
import { catalogueAgencyOf } from '../../lib/agency-scope.ts';
import { withZod } from '../../lib/route.ts';
import {
  copyJourney,
  createJourney,
  deleteJourney,
  getJourney,
  listJourneys,
  updateJourney,
} from './journeys.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };

/** The trip catalogue's journeys (spec §7 "Journeys"), under the internet area's rights. */
export async function journeysRoutes(app: FastifyInstance) {
  const api = withZod(app);
  api.get('/journey-lit', {
    config: { permission: ['internet-read', 'agencydata-read'] },
    schema: {
      tags: ['journeys'],
      querystring: ZListQuery,
      response: { 200: ZListResponse(ZJourneySummary), ...errors },
    },
    handler: (request) => listJourneys(app.ctx, request.query, catalogueAgencyOf(request, ['internet-read'])),
  });
  api.get('/journey-lit/:id', {
    config: { permission: ['internet-read', 'agencydata-read'] },
    schema: { tags: ['journeys'], params: ZIdParams, response: { 200: ZJourney, ...errors } },
    handler: (request) => getJourney(app.ctx, request.params.id, catalogueAgencyOf(request, ['internet-read'])),
  });
  api.post('/journey-lit', {
    config: { permission: 'internet-create' },
    schema: { tags: ['journeys'], body: ZCreateJourneyBody, response: { 201: ZJourney, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createJourney(app.ctx, request.body)),
  });
  api.patch('/journey-lit/:id', {
    config: { permission: 'internet-update' },
    schema: {
      tags: ['journeys'],
      params: ZIdParams,
      body: ZUpdateJourneyBody,
      response: { 200: ZJourney, ...errors },
    },
    handler: (request) => updateJourney(app.ctx, request.params.id, request.body),
  });
  api.delete('/journey-lit/:id', {
    config: { permission: 'internet-delete' },
    schema: { tags: ['journeys'], params: ZIdParams, response: { 200: ZJourney, ...errors } },
    handler: (request) => deleteJourney(app.ctx, request.params.id),
  });
  api.post('/journey-lit/:id/copy', {
    config: { permission: 'internet-create' },
    schema: {
      tags: ['journeys'],
      params: ZIdParams,
      body: ZCopyJourneyBody,
      response: { 201: ZJourney, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await copyJourney(app.ctx, request.params.id, request.body)),
  });
}
