import type { FastifyInstance } from 'fastify';
import {
  ZCreateRoleBody,
  ZErrorBody,
  ZIdParams,
  ZListQuery,
  ZListResponse,
  ZRole,
  ZUpdateRoleBody,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import { createRole, deleteRole, getRole, listRoles, updateRole } from './roles.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };

export async function rolesRoutes(app: FastifyInstance) {
  const api = withZod(app);
  // Reading roles is also needed by whoever may manage users (to pick a role in the user form).
  api.get('/roles-lit', {
    config: { permission: ['admin', 'user-read'] },
    schema: { tags: ['roles'], querystring: ZListQuery, response: { 200: ZListResponse(ZRole), ...errors } },
    handler: (request) => listRoles(app.ctx, request.query),
  });
  api.get('/roles-lit/:id', {
    config: { permission: ['admin', 'user-read'] },
    schema: { tags: ['roles'], params: ZIdParams, response: { 200: ZRole, ...errors } },
    handler: (request) => getRole(app.ctx, request.params.id),
  });
  api.post('/roles', {
    config: { permission: 'admin' },
    schema: { tags: ['roles'], body: ZCreateRoleBody, response: { 201: ZRole, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createRole(app.ctx, request.body, request.auth!)),
  });
  api.patch('/roles/:id', {
    config: { permission: 'admin' },
    schema: { tags: ['roles'], params: ZIdParams, body: ZUpdateRoleBody, response: { 200: ZRole, ...errors } },
    handler: (request) => updateRole(app.ctx, request.params.id, request.body, request.auth!),
  });
  api.delete('/role/:id', {
    config: { permission: 'admin' },
    schema: { tags: ['roles'], params: ZIdParams, response: { 200: ZRole, ...errors } },
    handler: (request) => deleteRole(app.ctx, request.params.id),
  });
}
