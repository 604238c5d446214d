import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZBulkInvoicesQuery,
  ZCollectiveInvoice,
  ZCollectiveInvoiceBody,
  ZCollectiveInvoiceDetail,
  ZErrorBody,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import { bookingActorOf } from '../bookings/bookings.service.ts';
import { findCollectiveInvoices, issueCollectiveInvoice } from './collective-invoices.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tags = ['collective-invoices'];

/**
 * Collective invoices of agencies (spec §7 `/ratio/api/bulk-invoices/`, docs/adr/0019): the office issues one
 * per agency and period; staff and the agency itself list and read them. The documents render through
 * GET /invoices/{id}/{format}.
 */
export async function collectiveInvoicesRoutes(app: FastifyInstance) {
  const api = withZod(app);
  api.post('/ratio/api/bulk-invoices', {
    config: { permission: 'vorgang-create' },
    schema: { tags, body: ZCollectiveInvoiceBody, response: { 201: ZCollectiveInvoice, ...errors } },
    handler: async (request, reply) =>
      reply.status(201).send(await issueCollectiveInvoice(app.ctx, request.body, bookingActorOf(request))),
  });
  api.get('/ratio/api/bulk-invoices/', {
    config: { permission: ['vorgang-read', 'agencydata-read'] },
    schema: {
      tags,
      querystring: ZBulkInvoicesQuery,
      response: { 200: z.union([z.array(ZCollectiveInvoice), ZCollectiveInvoiceDetail]), ...errors },
    },
    handler: (request) => findCollectiveInvoices(app.ctx, request.query, request.auth),
  });
}
