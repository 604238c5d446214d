import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZBlogPost,
  ZBlogPostRow,
  ZBlogType,
  ZBlogWebQuery,
  ZCreateBlogPostBody,
  ZCreateBlogTypeBody,
  ZErrorBody,
  ZIdParams,
  ZListQuery,
  ZListResponse,
  ZUpdateBlogPostBody,
  ZUpdateBlogTypeBody,
  ZWebsitePost,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import { registerImageUsage } from '../images/image-library.service.ts';
import {
  allBlogTypes,
  blogImageUsage,
  blogWeb,
  createBlogType,
  createPost,
  deleteBlogType,
  deletePost,
  getBlogType,
  getPost,
  listBlogTypes,
  listPosts,
  updateBlogType,
  updatePost,
} from './blog.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tags = ['blog'];

/** Blog posts and blog types of the website (spec §7 /web/blog, /web/blog-type, /web/blog-web). */
export async function blogRoutes(app: FastifyInstance) {
  registerImageUsage('blog', blogImageUsage);
  const api = withZod(app);

  api.get('/web/blog-type', {
    config: { permission: 'internet-read' },
    schema: { tags, querystring: ZListQuery, response: { 200: ZListResponse(ZBlogType), ...errors } },
    handler: (request) => listBlogTypes(app.ctx, request.query),
  });
  api.get('/web/blog-type/all', {
    config: { permission: 'internet-read' },
    schema: { tags, response: { 200: z.array(ZBlogType), ...errors } },
    handler: () => allBlogTypes(app.ctx),
  });
  api.get('/web/blog-type/system', {
    config: { permission: 'internet-read' },
    schema: { tags, response: { 200: z.array(ZBlogType), ...errors } },
    handler: () => allBlogTypes(app.ctx, true),
  });
  api.get('/web/blog-type/:id', {
    config: { permission: 'internet-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZBlogType, ...errors } },
    handler: (request) => getBlogType(app.ctx, request.params.id),
  });
  api.post('/web/blog-type', {
    config: { permission: 'internet-create' },
    schema: { tags, body: ZCreateBlogTypeBody, response: { 201: ZBlogType, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createBlogType(app.ctx, request.body)),
  });
  api.patch('/web/blog-type/:id', {
    config: { permission: 'internet-update' },
    schema: { tags, params: ZIdParams, body: ZUpdateBlogTypeBody, response: { 200: ZBlogType, ...errors } },
    handler: (request) => updateBlogType(app.ctx, request.params.id, request.body),
  });
  api.delete('/web/blog-type/:id', {
    config: { permission: 'internet-delete' },
    schema: { tags, params: ZIdParams, response: { 200: ZBlogType, ...errors } },
    handler: (request) => deleteBlogType(app.ctx, request.params.id),
  });

  api.get('/web/blog', {
    config: { permission: 'internet-read' },
    schema: { tags, querystring: ZListQuery, response: { 200: ZListResponse(ZBlogPostRow), ...errors } },
    handler: (request) => listPosts(app.ctx, request.query),
  });
  api.get('/web/blog/:id', {
    config: { permission: 'internet-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZBlogPost, ...errors } },
    handler: (request) => getPost(app.ctx, request.params.id),
  });
  api.post('/web/blog', {
    config: { permission: 'internet-create' },
    schema: { tags, body: ZCreateBlogPostBody, response: { 201: ZBlogPost, ...errors } },
    handler: async (request, reply) =>
      reply.status(201).send(await createPost(app.ctx, request.body, request.auth?.id ?? null)),
  });
  api.patch('/web/blog/:id', {
    config: { permission: 'internet-update' },
    schema: { tags, params: ZIdParams, body: ZUpdateBlogPostBody, response: { 200: ZBlogPost, ...errors } },
    handler: (request) => updatePost(app.ctx, request.params.id, request.body, request.auth?.id ?? null),
  });
  api.delete('/web/blog/:id', {
    config: { permission: 'internet-delete' },
    schema: { tags, params: ZIdParams, response: { 200: ZBlogPost, ...errors } },
    handler: (request) => deletePost(app.ctx, request.params.id),
  });

  // The website's own reading of posts (spec §7, type 5 = employee list): published posts only, no login.
  api.get('/web/blog-web', {
    config: { permission: 'public' },
    schema: {
      tags,
      description: 'Published posts, optionally of one type, with only the `select`ed fields (comma-separated).',
      querystring: ZBlogWebQuery,
      response: { 200: z.array(ZWebsitePost.partial()), 400: ZErrorBody },
    },
    handler: (request) => blogWeb(app.ctx, request.query),
  });
}
