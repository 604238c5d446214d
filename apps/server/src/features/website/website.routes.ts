import type { FastifyInstance } from 'fastify';
import etag from '@fastify/etag';
import { z } from 'zod';
import {
  ZErrorBody,
  ZIdParams,
  ZWebsiteDestination,
  ZWebsitePage,
  ZWebsitePagesQuery,
  ZWebsitePost,
  ZWebsitePostPage,
  ZWebsitePostsQuery,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import { activeDestinations, publishedPage, publishedPages, publishedPost, publishedPosts } from './website.service.ts';

const errors = { 400: ZErrorBody, 404: ZErrorBody };
const notModified = { 304: z.null().describe('Not modified: the answer is still the one of the ETag sent') };
const tags = ['website'];
/** The website may keep an answer for a minute, then asks again with If-None-Match (a 304 when unchanged). */
const CACHE_CONTROL = 'public, max-age=60';

/**
 * The public read API of the operator's website (issue #15): published posts, published content pages and
 * active destinations, no login. Every answer has an ETag (@fastify/etag, registered in this scope only); a
 * request with a matching If-None-Match gets 304 without a body. Rich text was sanitised when stored.
 */
export async function websiteRoutes(app: FastifyInstance) {
  await app.register(etag);
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 400) reply.header('cache-control', CACHE_CONTROL);
    return payload;
  });
  const api = withZod(app);

  api.get('/website/posts', {
    config: { permission: 'public' },
    schema: {
      tags,
      description: 'Published posts, newest display date first; `type` filters by blog type, `page`/`limit` page.',
      querystring: ZWebsitePostsQuery,
      response: { 200: ZWebsitePostPage, ...notModified, ...errors },
    },
    handler: (request) =>
      publishedPosts(app.ctx, request.query.type, request.query.page ?? 1, request.query.limit ?? 20),
  });
  api.get('/website/posts/:id', {
    config: { permission: 'public' },
    schema: { tags, params: ZIdParams, response: { 200: ZWebsitePost, ...notModified, ...errors } },
    handler: (request) => publishedPost(app.ctx, request.params.id),
  });
  api.get('/website/pages', {
    config: { permission: 'public' },
    schema: {
      tags,
      description: 'Published content pages, optionally of one `category`.',
      querystring: ZWebsitePagesQuery,
      response: { 200: z.array(ZWebsitePage), ...notModified, ...errors },
    },
    handler: (request) => publishedPages(app.ctx, request.query.category),
  });
  api.get('/website/pages/:id', {
    config: { permission: 'public' },
    schema: { tags, params: ZIdParams, response: { 200: ZWebsitePage, ...notModified, ...errors } },
    handler: (request) => publishedPage(app.ctx, request.params.id),
  });
  api.get('/website/destinations', {
    config: { permission: 'public' },
    schema: { tags, response: { 200: z.array(ZWebsiteDestination), ...notModified, ...errors } },
    handler: () => activeDestinations(app.ctx),
  });
}
