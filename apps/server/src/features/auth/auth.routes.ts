import type { FastifyInstance } from 'fastify';
import { ZErrorBody, ZLoginBody, ZLoginResponse, ZLoginSelection } from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import { getUserData } from '../users/users.service.ts';
import { requestMeta } from './audit.service.ts';
import { login } from './auth.service.ts';

export async function authRoutes(app: FastifyInstance) {
  const api = withZod(app);
  api.post('/authentication', {
    config: { permission: 'public' },
    schema: {
      tags: ['auth'],
      body: ZLoginBody,
      response: { 200: ZLoginSelection, 201: ZLoginResponse, 400: ZErrorBody, 401: ZErrorBody, 429: ZErrorBody },
    },
    handler: async (request, reply) => {
      const result = await login(app.ctx, request.body, requestMeta(request));
      if ('selection' in result) return reply.status(200).send(result);
      const { id, kind } = result;
      const accessToken = await reply.jwtSign({ sub: String(id), kind, iatMs: Date.now() });
      return reply.status(201).send({ accessToken, user: await getUserData(app.ctx, id) });
    },
  });
}
