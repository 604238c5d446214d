import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZArticleGroup,
  ZCreateArticleGroupBody,
  ZCreateProductGroupBody,
  ZErrorBody,
  ZIdParams,
  ZListQuery,
  ZListResponse,
  ZProductGroup,
  ZUpdateArticleGroupBody,
  ZUpdateProductGroupBody,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import {
  allArticleGroups,
  allProductGroups,
  createArticleGroup,
  createProductGroup,
  deleteArticleGroup,
  deleteProductGroup,
  getArticleGroup,
  getProductGroup,
  listArticleGroups,
  listProductGroups,
  updateArticleGroup,
  updateProductGroup,
} from './product-groups.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tags = ['product-groups'];

/** Product groups (extras sold with trips) and article groups (on-board articles), under the shop rights. */
export async function productGroupsRoutes(app: FastifyInstance) {
  const api = withZod(app);
  api.get('/shop/product-group', {
    config: { permission: 'shop-read' },
    schema: { tags, querystring: ZListQuery, response: { 200: ZListResponse(ZProductGroup), ...errors } },
    handler: (request) => listProductGroups(app.ctx, request.query),
  });
  api.get('/shop/product-group/all', {
    config: { permission: 'shop-read' },
    schema: { tags, response: { 200: z.array(ZProductGroup), ...errors } },
    handler: () => allProductGroups(app.ctx),
  });
  api.get('/shop/product-group/:id', {
    config: { permission: 'shop-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZProductGroup, ...errors } },
    handler: (request) => getProductGroup(app.ctx, request.params.id),
  });
  api.post('/shop/product-group', {
    config: { permission: 'shop-create' },
    schema: { tags, body: ZCreateProductGroupBody, response: { 201: ZProductGroup, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createProductGroup(app.ctx, request.body)),
  });
  api.patch('/shop/product-group/:id', {
    config: { permission: 'shop-update' },
    schema: { tags, params: ZIdParams, body: ZUpdateProductGroupBody, response: { 200: ZProductGroup, ...errors } },
    handler: (request) => updateProductGroup(app.ctx, request.params.id, request.body),
  });
  api.delete('/shop/product-group/:id', {
    config: { permission: 'shop-delete' },
    schema: { tags, params: ZIdParams, response: { 200: ZProductGroup, ...errors } },
    handler: (request) => deleteProductGroup(app.ctx, request.params.id),
  });

  api.get('/shop/article-group', {
    config: { permission: 'shop-read' },
    schema: { tags, querystring: ZListQuery, response: { 200: ZListResponse(ZArticleGroup), ...errors } },
    handler: (request) => listArticleGroups(app.ctx, request.query),
  });
  api.get('/shop/article-group/all', {
    config: { permission: 'shop-read' },
    schema: { tags, response: { 200: z.array(ZArticleGroup), ...errors } },
    handler: () => allArticleGroups(app.ctx),
  });
  api.get('/shop/article-group/:id', {
    config: { permission: 'shop-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZArticleGroup, ...errors } },
    handler: (request) => getArticleGroup(app.ctx, request.params.id),
  });
  api.post('/shop/article-group', {
    config: { permission: 'shop-create' },
    schema: { tags, body: ZCreateArticleGroupBody, response: { 201: ZArticleGroup, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createArticleGroup(app.ctx, request.body)),
  });
  api.patch('/shop/article-group/:id', {
    config: { permission: 'shop-update' },
    schema: { tags, params: ZIdParams, body: ZUpdateArticleGroupBody, response: { 200: ZArticleGroup, ...errors } },
    handler: (request) => updateArticleGroup(app.ctx, request.params.id, request.body),
  });
  api.delete('/shop/article-group/:id', {
    config: { permission: 'shop-delete' },
    schema: { tags, params: ZIdParams, response: { 200: ZArticleGroup, ...errors } },
    handler: (request) => deleteArticleGroup(app.ctx, request.params.id),
  });
}
