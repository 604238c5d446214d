import type { FastifyInstance } from 'fastify';
import { ZErrorBody, ZIdParams, ZListQuery, ZListResponse, ZMail, ZMailDetail } from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import { getMail, listMails, resendMail } from './mail.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };

/** The outbox for administrators (/email/debug): every mail with its status, attempts and rendered message. */
export async function mailRoutes(app: FastifyInstance) {
  const api = withZod(app);
  api.get('/mail-outbox', {
    config: { permission: 'admin' },
    schema: { tags: ['mail'], querystring: ZListQuery, response: { 200: ZListResponse(ZMail), ...errors } },
    handler: (request) => listMails(app.ctx, request.query),
  });
  api.get('/mail-outbox/:id', {
    config: { permission: 'admin' },
    schema: { tags: ['mail'], params: ZIdParams, response: { 200: ZMailDetail, ...errors } },
    handler: (request) => getMail(app.ctx, request.params.id),
  });
  api.post('/mail-outbox/:id/resend', {
    config: { permission: 'admin' },
    schema: { tags: ['mail'], params: ZIdParams, response: { 200: ZMailDetail, ...errors } },
    handler: async (request) => {
      const mail = await resendMail(app.ctx, request.params.id);
      void app.mailer.deliverNow();
      return mail;
    },
  });
}
