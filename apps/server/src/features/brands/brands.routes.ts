import type { FastifyInstance } from 'fastify';
import {
  ZBrand,
  ZCreateBrandBody,
  ZErrorBody,
  ZIdParams,
  ZListQuery,
  ZListResponse,
  ZUpdateBrandBody,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import { brandForHost, createBrand, deleteBrand, getBrand, listBrands, updateBrand } from './brands.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

export async function brandsRoutes(app: FastifyInstance) {
  const api = withZod(app);
  api.get('/brand', {
    config: { permission: 'public' },
    schema: { tags: ['brands'], response: { 200: ZBrand } },
    handler: (request) => brandForHost(app.ctx, request.hostname, request.log),
  });
  api.get('/brands', {
    config: { permission: 'superadmin' },
    schema: { tags: ['brands'], querystring: ZListQuery, response: { 200: ZListResponse(ZBrand), ...errors } },
    handler: (request) => listBrands(app.ctx, request.query),
  });
  api.get('/brands/:id', {
    config: { permission: 'superadmin' },
    schema: { tags: ['brands'], params: ZIdParams, response: { 200: ZBrand, ...errors } },
    handler: (request) => getBrand(app.ctx, request.params.id),
  });
  api.post('/brands', {
    config: { permission: 'superadmin' },
    schema: { tags: ['brands'], body: ZCreateBrandBody, response: { 201: ZBrand, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createBrand(app.ctx, request.body)),
  });
  api.patch('/brands/:id', {
    config: { permission: 'superadmin' },
    schema: { tags: ['brands'], params: ZIdParams, body: ZUpdateBrandBody, response: { 200: ZBrand, ...errors } },
    handler: (request) => updateBrand(app.ctx, request.params.id, request.body),
  });
  api.delete('/brands/:id', {
    config: { permission: 'superadmin' },
    schema: { tags: ['brands'], params: ZIdParams, response: { 200: ZBrand, ...errors } },
    handler: (request) => deleteBrand(app.ctx, request.params.id),
  });
}
