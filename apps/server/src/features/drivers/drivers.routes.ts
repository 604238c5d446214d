import type { FastifyInstance } from 'fastify';
import { ZDriverLogin, ZDriverRegistration, ZErrorBody, ZIdParams, ZRegisterDriverBody } from '@tourdesk/contracts';
import { codeTtl, requestOrigin } from '../../lib/origin.ts';
import { withZod } from '../../lib/route.ts';
import { getDriverLogin, registerDriver, resendDriverInvitation } from './drivers.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };

/** Drivers: customers flagged as drivers, each with a traveller-app login they are invited to. */
export async function driversRoutes(app: FastifyInstance) {
  const api = withZod(app);
  api.post('/registration-driver', {
    config: { permission: 'user-create' },
    schema: { tags: ['drivers'], body: ZRegisterDriverBody, response: { 201: ZDriverRegistration, ...errors } },
    handler: async (request, reply) => {
      const registered = await registerDriver(app.ctx, request.body, await requestOrigin(app, request), codeTtl(app));
      void app.mailer.deliverNow();
      return reply.status(201).send(registered);
    },
  });
  api.get('/drivers/:id/login', {
    config: { permission: 'user-read' },
    schema: { tags: ['drivers'], params: ZIdParams, response: { 200: ZDriverLogin, ...errors } },
    handler: (request) => getDriverLogin(app.ctx, request.params.id),
  });
  api.post('/drivers/:id/invitation', {
    config: { permission: 'user-update' },
    schema: { tags: ['drivers'], params: ZIdParams, response: { 202: ZDriverLogin, ...errors } },
    handler: async (request, reply) => {
      const login = await resendDriverInvitation(
        app.ctx,
        request.params.id,
        await requestOrigin(app, request),
        codeTtl(app),
      );
      void app.mailer.deliverNow();
      return reply.status(202).send(login);
    },
  });
}
