import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZErrorBody,
  ZIdParams,
  ZListQuery,
  ZListResponse,
  ZNewsletterAnalysisList,
  ZNewsletterCampaignAnalysis,
  ZNewsletterClickParams,
  ZNewsletterOpenParams,
  ZNewsletterQueueItem,
  ZNewsletterSendingOverview,
} from '@tourdesk/contracts';
import { notFound } from '../../lib/errors.ts';
import { withZod } from '../../lib/route.ts';
import {
  getCampaignAnalysis,
  getSendingOverview,
  listCampaignStats,
  listQueue,
  newsletterTokenKey,
  recordClick,
  recordOpen,
  TRANSPARENT_GIF,
  type Hit,
} from './newsletter-analysis.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const tags = ['newsletter'];

/**
 * Newsletter analysis (issue #14 items 5, 6): the public tracking pixel and click redirect, the figures per
 * campaign, and the sending overview and queue of /mailjet and /mailjet/debug.
 */
export async function newsletterAnalysisRoutes(app: FastifyInstance) {
  const api = withZod(app);
  let key: Promise<Buffer> | null = null;
  const signingKey = () => (key ??= newsletterTokenKey(app.ctx, app.config.jwtSecret));
  const hitOf = (request: { method: string; headers: Record<string, string | string[] | undefined> }): Hit => {
    const agent = request.headers['user-agent'];
    return { userAgent: Array.isArray(agent) ? agent[0] : agent, head: request.method === 'HEAD' };
  };

  api.get('/newsletter/o/:file', {
    config: { permission: 'public' },
    schema: {
      tags,
      description:
        'Tracking pixel of a newsletter mail (`{token}.gif`): a 1×1 transparent GIF, always, and an open recorded ' +
        'for the recipient when the campaign tracks. No login.',
      params: ZNewsletterOpenParams,
      // The file's bytes: image/gif.
      response: { 200: z.unknown() },
    },
    handler: async (request, reply) => {
      try {
        await recordOpen(app.ctx, await signingKey(), request.params.file, hitOf(request));
      } catch (error) {
        // The pixel is shown whatever happens to the recording; a lost open is not worth a broken image.
        request.log.warn({ err: error }, 'newsletter open not recorded');
      }
      return reply
        .header('content-type', 'image/gif')
        .header('cache-control', 'no-store, no-cache, must-revalidate, private')
        .header('pragma', 'no-cache')
        .send(TRANSPARENT_GIF);
    },
  });

  api.get('/newsletter/c/:token/:n', {
    config: { permission: 'public' },
    schema: {
      tags,
      description:
        'Click redirect of a newsletter mail: 302 to the link at position n of the campaign (only ever a stored ' +
        'link), recording the click when the campaign tracks; 404 for an unknown token or position. No login.',
      params: ZNewsletterClickParams,
      response: { 302: z.null().describe('Redirect to the campaign link'), 404: ZErrorBody },
    },
    handler: async (request, reply) => {
      const url = await recordClick(
        app.ctx,
        await signingKey(),
        request.params.token,
        request.params.n,
        hitOf(request),
      );
      if (!url) throw notFound();
      return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(url, 302);
    },
  });

  api.get('/newsletter/analysis', {
    config: { permission: 'newsletter-read' },
    schema: { tags, response: { 200: ZNewsletterAnalysisList, ...errors } },
    handler: () => listCampaignStats(app.ctx),
  });
  api.get('/newsletter/analysis/:id', {
    config: { permission: 'newsletter-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZNewsletterCampaignAnalysis, ...errors } },
    handler: (request) => getCampaignAnalysis(app.ctx, request.params.id),
  });
  api.get('/newsletter/sending', {
    config: { permission: 'newsletter-read' },
    schema: { tags, response: { 200: ZNewsletterSendingOverview, ...errors } },
    handler: () => getSendingOverview(app.ctx),
  });
  api.get('/newsletter/queue', {
    config: { permission: 'newsletter-read' },
    schema: { tags, querystring: ZListQuery, response: { 200: ZListResponse(ZNewsletterQueueItem), ...errors } },
    handler: (request) => listQueue(app.ctx, request.query),
  });
}
