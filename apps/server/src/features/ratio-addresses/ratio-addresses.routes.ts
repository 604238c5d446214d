import type { FastifyInstance } from 'fastify';
import {
  ZCreateRatioAddressBody,
  ZErrorBody,
  ZKennzifferParams,
  ZRatioAddress,
  ZRatioAddressBody,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import { customerScope } from '../customers/customers.service.ts';
import {
  createRatioAddress,
  deleteRatioAddress,
  getRatioAddress,
  updateRatioAddress,
} from './ratio-addresses.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };

/**
 * The customer as a RATIO address record (spec §7, docs/adr/0015). `{kennziffer}` is the record's key (the
 * spec's `/addresses/{id}` is the same path). Staff with the customers rights reach every customer, agency
 * users (agencydata rights) their own agency's only — the customers' scope.
 */
export async function ratioAddressesRoutes(app: FastifyInstance) {
  const api = withZod(app);
  const schema = { tags: ['ratio'], params: ZKennzifferParams };
  api.get('/ratio/api/addresses/:kennziffer', {
    config: { permission: ['customers-read', 'agencydata-read'] },
    schema: { ...schema, response: { 200: ZRatioAddress, ...errors } },
    handler: (request) => getRatioAddress(app.ctx, request.params.kennziffer, customerScope(request.auth!, 'read')),
  });
  api.post('/ratio/api/addresses', {
    config: { permission: ['customers-create', 'agencydata-create'] },
    schema: { tags: ['ratio'], body: ZCreateRatioAddressBody, response: { 201: ZRatioAddress, ...errors } },
    handler: async (request, reply) =>
      reply.status(201).send(await createRatioAddress(app.ctx, request.body, customerScope(request.auth!, 'create'))),
  });
  api.put('/ratio/api/addresses/:kennziffer', {
    config: { permission: ['customers-update', 'agencydata-update'] },
    schema: { ...schema, body: ZRatioAddressBody, response: { 200: ZRatioAddress, ...errors } },
    handler: (request) =>
      updateRatioAddress(app.ctx, request.params.kennziffer, request.body, customerScope(request.auth!, 'update')),
  });
  api.delete('/ratio/api/addresses/:kennziffer', {
    config: { permission: ['customers-delete', 'agencydata-delete'] },
    schema: { ...schema, response: { 200: ZRatioAddress, ...errors } },
    handler: (request) =>
      deleteRatioAddress(app.ctx, request.params.kennziffer, customerScope(request.auth!, 'delete')),
  });
}
