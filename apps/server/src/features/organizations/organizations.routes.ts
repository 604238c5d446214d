import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZCreateOrganizationBody,
  ZErrorBody,
  ZIdParams,
  ZListQuery,
  ZListResponse,
  ZOrganization,
  ZOrganizationAllQuery,
  ZOrganizationFindQuery,
  ZOrganizationRef,
  ZUpdateOrganizationBody,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import {
  allOrganizations,
  createOrganization,
  deleteOrganization,
  findOrganizations,
  getOrganization,
  listOrganizations,
  updateOrganization,
} from './organizations.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };

/** Organizations (agencies are type 1). Admins manage them; an agency user reads and updates its own. */
export async function organizationsRoutes(app: FastifyInstance) {
  const api = withZod(app);
  api.get('/organization', {
    config: { permission: 'admin' },
    schema: {
      tags: ['organizations'],
      querystring: ZListQuery,
      response: { 200: ZListResponse(ZOrganization), ...errors },
    },
    handler: (request) => listOrganizations(app.ctx, request.query),
  });
  api.get('/organization/find', {
    config: { permission: ['admin', 'user-read', 'customers-read'] },
    schema: {
      tags: ['organizations'],
      querystring: ZOrganizationFindQuery,
      response: { 200: z.array(ZOrganizationRef), ...errors },
    },
    handler: (request) => findOrganizations(app.ctx, request.query),
  });
  api.get('/organization-all', {
    config: { permission: ['admin', 'user-read', 'customers-read'] },
    schema: {
      tags: ['organizations'],
      querystring: ZOrganizationAllQuery,
      response: { 200: z.array(ZOrganizationRef), ...errors },
    },
    handler: (request) => allOrganizations(app.ctx, request.query.type),
  });
  api.get('/organization/:id', {
    config: { permission: ['admin', 'agencydata-read'] },
    schema: { tags: ['organizations'], params: ZIdParams, response: { 200: ZOrganization, ...errors } },
    handler: (request) => getOrganization(app.ctx, request.params.id, request.auth!),
  });
  api.post('/organization', {
    config: { permission: 'admin' },
    schema: { tags: ['organizations'], body: ZCreateOrganizationBody, response: { 201: ZOrganization, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createOrganization(app.ctx, request.body)),
  });
  api.patch('/organization/:id', {
    config: { permission: ['admin', 'agencydata-update'] },
    schema: {
      tags: ['organizations'],
      params: ZIdParams,
      body: ZUpdateOrganizationBody,
      response: { 200: ZOrganization, ...errors },
    },
    handler: (request) => updateOrganization(app.ctx, request.params.id, request.body, request.auth!),
  });
  api.delete('/organization/:id', {
    config: { permission: 'admin' },
    schema: { tags: ['organizations'], params: ZIdParams, response: { 200: ZOrganization, ...errors } },
    handler: (request) => deleteOrganization(app.ctx, request.params.id),
  });
}
