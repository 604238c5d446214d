import type { FastifyInstance } from 'fastify';
import {
  ZCreateDestinationBody,
  ZDestination,
  ZErrorBody,
  ZIdParams,
  ZListQuery,
  ZListResponse,
  ZUpdateDestinationBody,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import { registerImageUsage } from '../images/image-library.service.ts';
import { findDestinationImageUsages } from './destination-image-usage.repository.ts';
import {
  createDestination,
  deleteDestination,
  getDestination,
  listDestinations,
  updateDestination,
} from './destinations.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tags = ['destinations'];

/** Destinations (spec §7 /journey/destination CRUD), under the internet rights. */
export async function destinationsRoutes(app: FastifyInstance) {
  registerImageUsage('destination', findDestinationImageUsages, { holdsFile: true });
  const api = withZod(app);
  api.get('/journey/destination', {
    config: { permission: 'internet-read' },
    schema: { tags, querystring: ZListQuery, response: { 200: ZListResponse(ZDestination), ...errors } },
    handler: (request) => listDestinations(app.ctx, request.query),
  });
  api.get('/journey/destination/:id', {
    config: { permission: 'internet-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZDestination, ...errors } },
    handler: (request) => getDestination(app.ctx, request.params.id),
  });
  api.post('/journey/destination', {
    config: { permission: 'internet-create' },
    schema: { tags, body: ZCreateDestinationBody, response: { 201: ZDestination, ...errors } },
    handler: async (request, reply) =>
      reply.status(201).send(await createDestination(app.ctx, request.body, request.auth!)),
  });
  api.patch('/journey/destination/:id', {
    config: { permission: 'internet-update' },
    schema: { tags, params: ZIdParams, body: ZUpdateDestinationBody, response: { 200: ZDestination, ...errors } },
    handler: (request) => updateDestination(app.ctx, request.params.id, request.body, request.auth!),
  });
  api.delete('/journey/destination/:id', {
    config: { permission: 'internet-delete' },
    schema: { tags, params: ZIdParams, response: { 200: ZDestination, ...errors } },
    handler: (request) => deleteDestination(app.ctx, request.params.id),
  });
}
