import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZCreateJourneyCategoryBody,
  ZErrorBody,
  ZJourneyCategory,
  ZJourneyCategoryIdParams,
  ZListQuery,
  ZListResponse,
  ZUpdateJourneyCategoryBody,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import {
  allCategories,
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  updateCategory,
} from './journey-categories.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tags = ['journey-categories'];

/** Trip categories (spec §7 /journey/category CRUD and /journey/category-all), under the internet rights. */
export async function journeyCategoriesRoutes(app: FastifyInstance) {
  const api = withZod(app);
  api.get('/journey/category', {
    config: { permission: 'internet-read' },
    schema: { tags, querystring: ZListQuery, response: { 200: ZListResponse(ZJourneyCategory), ...errors } },
    handler: (request) => listCategories(app.ctx, request.query),
  });
  api.get('/journey/category-all', {
    config: { permission: 'internet-read' },
    schema: { tags, response: { 200: z.array(ZJourneyCategory), ...errors } },
    handler: () => allCategories(app.ctx),
  });
  api.get('/journey/category/:id', {
    config: { permission: 'internet-read' },
    schema: { tags, params: ZJourneyCategoryIdParams, response: { 200: ZJourneyCategory, ...errors } },
    handler: (request) => getCategory(app.ctx, request.params.id),
  });
  api.post('/journey/category', {
    config: { permission: 'internet-create' },
    schema: { tags, body: ZCreateJourneyCategoryBody, response: { 201: ZJourneyCategory, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createCategory(app.ctx, request.body)),
  });
  api.patch('/journey/category/:id', {
    config: { permission: 'internet-update' },
    schema: {
      tags,
      params: ZJourneyCategoryIdParams,
      body: ZUpdateJourneyCategoryBody,
      response: { 200: ZJourneyCategory, ...errors },
    },
    handler: (request) => updateCategory(app.ctx, request.params.id, request.body),
  });
  api.delete('/journey/category/:id', {
    config: { permission: 'internet-delete' },
    schema: { tags, params: ZJourneyCategoryIdParams, response: { 200: ZJourneyCategory, ...errors } },
    handler: (request) => deleteCategory(app.ctx, request.params.id),
  });
}
