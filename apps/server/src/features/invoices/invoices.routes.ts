import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZErrorBody, ZIdParams, ZInvoice } from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import { bookingActorOf } from '../bookings/bookings.service.ts';
import { issueInvoice, listInvoicesOfBooking } from './invoices.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tags = ['invoices'];

/** A booking's invoices and credit notes (docs/adr/0017): issue the invoice for the booking as it stands, list them. */
export async function invoicesRoutes(app: FastifyInstance) {
  const api = withZod(app);
  api.post('/ratio_vorgang/:id/invoices', {
    config: { permission: 'vorgang-update' },
    schema: { tags, params: ZIdParams, response: { 201: ZInvoice, ...errors } },
    handler: async (request, reply) =>
      reply.status(201).send(await issueInvoice(app.ctx, request.params.id, bookingActorOf(request))),
  });
  api.get('/ratio_vorgang/:id/invoices', {
    config: { permission: ['vorgang-read', 'agencydata-read'] },
    schema: { tags, params: ZIdParams, response: { 200: z.array(ZInvoice), ...errors } },
    handler: (request) => listInvoicesOfBooking(app.ctx, request.params.id, bookingActorOf(request)),
  });
}
