import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZAgencyCustomersQuery,
  ZAgencyCustomersResponse,
  ZAnonymiseCustomerBody,
  ZAnonymiseResult,
  ZCreateCustomerBody,
  ZCustomer,
  ZErrorBody,
  ZIdParams,
  ZListQuery,
  ZListResponse,
  ZUpdateCardBody,
  ZUpdateCustomerBody,
  ZVcCard,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import { requestMeta } from '../auth/audit.service.ts';
import { anonymiseCustomer, exportCustomerData } from './gdpr.service.ts';
import { customerScope } from './customer-scope.ts';
import {
  createCustomer,
  deleteCustomer,
  getCustomer,
  listAgencyCustomers,
  listCustomers,
  updateCustomer,
  updateCustomerCard,
} from './customers.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };

/**
 * Customers: staff with the customers rights see all, agency users (agencydata rights) their own
 * agency's only — the scope is decided per request in `customerScope`.
 */
export async function customersRoutes(app: FastifyInstance) {
  const api = withZod(app);
  api.get('/customers', {
    config: { permission: ['customers-read', 'agencydata-read'] },
    schema: {
      tags: ['customers'],
      querystring: ZListQuery.extend({
        driversOnly: z.enum(['true', 'false', '1', '0'], { error: 'error.invalidQuery' }).optional(),
      }),
      response: { 200: ZListResponse(ZCustomer), ...errors },
    },
    handler: (request) => listCustomers(app.ctx, request.query, customerScope(request.auth!, 'read')),
  });
  api.get('/customers/:id', {
    config: { permission: ['customers-read', 'agencydata-read'] },
    schema: { tags: ['customers'], params: ZIdParams, response: { 200: ZCustomer, ...errors } },
    handler: (request) => getCustomer(app.ctx, request.params.id, customerScope(request.auth!, 'read')),
  });
  api.post('/customers', {
    config: { permission: ['customers-create', 'agencydata-create'] },
    schema: { tags: ['customers'], body: ZCreateCustomerBody, response: { 201: ZCustomer, ...errors } },
    handler: async (request, reply) =>
      reply.status(201).send(await createCustomer(app.ctx, request.body, customerScope(request.auth!, 'create'))),
  });
  api.patch('/customers/:id', {
    config: { permission: ['customers-update', 'agencydata-update'] },
    schema: {
      tags: ['customers'],
      params: ZIdParams,
      body: ZUpdateCustomerBody,
      response: { 200: ZCustomer, ...errors },
    },
    handler: (request) =>
      updateCustomer(app.ctx, request.params.id, request.body, customerScope(request.auth!, 'update')),
  });
  api.delete('/customers/:id', {
    config: { permission: ['customers-delete', 'agencydata-delete'] },
    schema: { tags: ['customers'], params: ZIdParams, response: { 200: ZCustomer, ...errors } },
    handler: (request) => deleteCustomer(app.ctx, request.params.id, customerScope(request.auth!, 'delete')),
  });
  api.patch('/vc_card/:id', {
    config: { permission: ['customers-update', 'agencydata-update'] },
    schema: { tags: ['customers'], params: ZIdParams, body: ZUpdateCardBody, response: { 200: ZVcCard, ...errors } },
    handler: (request) =>
      updateCustomerCard(app.ctx, request.params.id, request.body, customerScope(request.auth!, 'update')),
  });
  // GDPR (docs/adr/0034): everything stored about a customer as a ZIP, and the anonymisation on request.
  // Everything at once is an administrator's act (spec §6 `admin`: the admin flag, which includes customers-read).
  api.get('/customers/:id/gdpr-export', {
    config: { permission: 'admin' },
    schema: {
      tags: ['customers'],
      params: ZIdParams,
      // The ZIP's bytes, streamed (application/zip).
      response: { 200: z.unknown(), ...errors },
    },
    handler: async (request, reply) => {
      const { fileName, stream } = await exportCustomerData(
        app.ctx,
        app.fileStore,
        request.params.id,
        request.auth!,
        requestMeta(request),
        request.log,
      );
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });
  api.post('/customers/:id/anonymise', {
    config: { permission: 'customers-delete' },
    schema: {
      tags: ['customers'],
      params: ZIdParams,
      body: ZAnonymiseCustomerBody,
      response: { 200: ZAnonymiseResult, ...errors },
    },
    handler: (request) =>
      anonymiseCustomer(app.ctx, app.fileStore, request.params.id, request.auth!, requestMeta(request), request.log),
  });
  // The booking system's agency call (spec §7), answered from Tourdesk's own customers.
  api.get('/ratio/api/agencies/', {
    config: { permission: ['agencydata-read', 'customers-read'] },
    schema: {
      tags: ['agencies'],
      querystring: ZAgencyCustomersQuery,
      response: { 200: ZAgencyCustomersResponse, ...errors },
    },
    handler: (request) => listAgencyCustomers(app.ctx, request.query, customerScope(request.auth!, 'read')),
  });
}
