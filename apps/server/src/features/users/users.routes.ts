import type { FastifyInstance } from 'fastify';
import {
  ZCreateUserBody,
  ZErrorBody,
  ZIdParams,
  ZListQuery,
  ZListResponse,
  ZUpdateUserBody,
  ZUser,
  ZUserData,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import type { UserKind } from './users.table.ts';
import { createUser, deleteUser, getUser, getUserData, listUsers, updateUser } from './users.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** CRUD for one kind of account under `path`: staff at /users-lit, travellers at /users-app. */
function userCrud(app: FastifyInstance, path: string, kind: UserKind, tag: string) {
  const api = withZod(app);
  api.get(`/${path}`, {
    config: { permission: 'user-read' },
    schema: { tags: [tag], querystring: ZListQuery, response: { 200: ZListResponse(ZUser), ...errors } },
    handler: (request) => listUsers(app.ctx, kind, request.query),
  });
  api.get(`/${path}/:id`, {
    config: { permission: 'user-read' },
    schema: { tags: [tag], params: ZIdParams, response: { 200: ZUser, ...errors } },
    handler: (request) => getUser(app.ctx, request.params.id, kind),
  });
  api.post(`/${path}`, {
    config: { permission: 'user-create' },
    schema: { tags: [tag], body: ZCreateUserBody, response: { 201: ZUser, ...errors } },
    handler: async (request, reply) => {
      const user = await createUser(app.ctx, kind, request.body, { actor: request.auth });
      return reply.status(201).send(user);
    },
  });
  api.patch(`/${path}/:id`, {
    config: { permission: 'user-update' },
    schema: { tags: [tag], params: ZIdParams, body: ZUpdateUserBody, response: { 200: ZUser, ...errors } },
    handler: (request) => updateUser(app.ctx, request.params.id, request.body, { actor: request.auth!, kind }),
  });
  api.delete(`/${path}/:id`, {
    config: { permission: 'user-delete' },
    schema: { tags: [tag], params: ZIdParams, response: { 200: ZUser, ...errors } },
    handler: (request) => deleteUser(app.ctx, request.params.id, kind, request.auth!),
  });
}

export async function usersRoutes(app: FastifyInstance) {
  userCrud(app, 'users-lit', 'staff', 'users');
  userCrud(app, 'users-app', 'app', 'app users');

  const api = withZod(app);
  // Any user may edit their own profile here; editing someone else needs user-update (checked in the service).
  api.patch('/users/:id', {
    config: { permission: 'authenticated' },
    schema: { tags: ['users'], params: ZIdParams, body: ZUpdateUserBody, response: { 200: ZUser, ...errors } },
    handler: (request) => updateUser(app.ctx, request.params.id, request.body, { actor: request.auth! }),
  });
  api.get('/userdata', {
    config: { permission: 'authenticated' },
    schema: { tags: ['auth'], response: { 200: ZUserData, 401: ZErrorBody } },
    handler: (request) => getUserData(app.ctx, request.auth!.id),
  });
}
