import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZContentCategory,
  ZContentPage,
  ZCreateContentCategoryBody,
  ZCreateContentPageBody,
  ZErrorBody,
  ZIdParams,
  ZListQuery,
  ZListResponse,
  ZUpdateContentCategoryBody,
  ZUpdateContentPageBody,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import {
  allContentCategories,
  createContentCategory,
  createContentPage,
  deleteContentCategory,
  deleteContentPage,
  getContentCategory,
  getContentPage,
  listContentCategories,
  listContentPages,
  updateContentCategory,
  updateContentPage,
} from './content-pages.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tags = ['content-pages'];

/** Content categories and pages of the website (spec §7 /web/content-category, /web/content). */
export async function contentPagesRoutes(app: FastifyInstance) {
  const api = withZod(app);

  api.get('/web/content-category', {
    config: { permission: 'internet-read' },
    schema: { tags, querystring: ZListQuery, response: { 200: ZListResponse(ZContentCategory), ...errors } },
    handler: (request) => listContentCategories(app.ctx, request.query),
  });
  api.get('/web/content-category/all', {
    config: { permission: 'internet-read' },
    schema: { tags, response: { 200: z.array(ZContentCategory), ...errors } },
    handler: () => allContentCategories(app.ctx),
  });
  api.get('/web/content-category/:id', {
    config: { permission: 'internet-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZContentCategory, ...errors } },
    handler: (request) => getContentCategory(app.ctx, request.params.id),
  });
  api.post('/web/content-category', {
    config: { permission: 'internet-create' },
    schema: { tags, body: ZCreateContentCategoryBody, response: { 201: ZContentCategory, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createContentCategory(app.ctx, request.body)),
  });
  api.patch('/web/content-category/:id', {
    config: { permission: 'internet-update' },
    schema: {
      tags,
      params: ZIdParams,
      body: ZUpdateContentCategoryBody,
      response: { 200: ZContentCategory, ...errors },
    },
    handler: (request) => updateContentCategory(app.ctx, request.params.id, request.body),
  });
  api.delete('/web/content-category/:id', {
    config: { permission: 'internet-delete' },
    schema: { tags, params: ZIdParams, response: { 200: ZContentCategory, ...errors } },
    handler: (request) => deleteContentCategory(app.ctx, request.params.id),
  });

  api.get('/web/content', {
    config: { permission: 'internet-read' },
    schema: { tags, querystring: ZListQuery, response: { 200: ZListResponse(ZContentPage), ...errors } },
    handler: (request) => listContentPages(app.ctx, request.query),
  });
  api.get('/web/content/:id', {
    config: { permission: 'internet-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZContentPage, ...errors } },
    handler: (request) => getContentPage(app.ctx, request.params.id),
  });
  api.post('/web/content', {
    config: { permission: 'internet-create' },
    schema: { tags, body: ZCreateContentPageBody, response: { 201: ZContentPage, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createContentPage(app.ctx, request.body)),
  });
  api.patch('/web/content/:id', {
    config: { permission: 'internet-update' },
    schema: { tags, params: ZIdParams, body: ZUpdateContentPageBody, response: { 200: ZContentPage, ...errors } },
    handler: (request) => updateContentPage(app.ctx, request.params.id, request.body),
  });
  api.delete('/web/content/:id', {
    config: { permission: 'internet-delete' },
    schema: { tags, params: ZIdParams, response: { 200: ZContentPage, ...errors } },
    handler: (request) => deleteContentPage(app.ctx, request.params.id),
  });
}
