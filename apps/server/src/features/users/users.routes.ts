import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ZCreateUserBody,
  ZErrorBody,
  ZIdParams,
  ZListQuery,
  ZListResponse,
  ZUpdateUserBody,
  ZUpdatedUser,
  ZUser,
  type UpdateUserBody,
  ZUserData,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import type { UserKind } from './users.table.ts';
import { createUser, deleteUser, getUser, getUserData, listUsers, updateUser } from './users.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 429: ZErrorBody };

/**
 * PATCH of a user. After changing one's own password every session has ended, so this one gets a fresh token
 * (issued after the change, so it is valid).
 */
async function patchUser(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: { id: number }; Body: UpdateUserBody }>,
  reply: FastifyReply,
  kind?: UserKind,
) {
  const actor = request.auth!;
  const user = await updateUser(app.ctx, request.params.id, request.body, { actor, kind });
  if (!request.body.password || actor.id !== user.id) return user;
  const accessToken = await reply.jwtSign({ sub: String(actor.id), kind: actor.kind, iatMs: Date.now() });
  return { ...user, accessToken };
}

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
    schema: { tags: [tag], params: ZIdParams, body: ZUpdateUserBody, response: { 200: ZUpdatedUser, ...errors } },
    handler: (request, reply) => patchUser(app, request, reply, kind),
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
    schema: { tags: ['users'], params: ZIdParams, body: ZUpdateUserBody, response: { 200: ZUpdatedUser, ...errors } },
    handler: (request, reply) => patchUser(app, request, reply),
  });
  api.get('/userdata', {
    config: { permission: 'authenticated' },
    schema: { tags: ['auth'], response: { 200: ZUserData, 401: ZErrorBody } },
    handler: (request) => getUserData(app.ctx, request.auth!.id),
  });
}
