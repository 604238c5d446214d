import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ZErrorBody, ZWebJourneyFeed } from '@tourdesk/contracts';
import { FEED_MAX_AGE_MS, getJourneyFeed, type FeedEncoding } from './journey-feed.service.ts';

/**
 * The best encoding the client accepts: brotli, then gzip, else none. `q=0` refuses an encoding; `*` stands
 * for any not named.
 */
export function feedEncoding(header: string | undefined): FeedEncoding {
  if (!header) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...parameters] = part.split(';').map((piece) => piece.trim());
    if (!name) continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  const wildcard = accepted.get('*');
  const weightOf = (name: string) => accepted.get(name) ?? wildcard ?? 0;
  if (weightOf('br') > 0 && weightOf('br') >= weightOf('gzip')) return 'br';
  if (weightOf('gzip') > 0) return 'gzip';
  return 'identity';
}

/** `"<hash>"` for the plain answer, `"<hash>-br"` / `"<hash>-gzip"` for the compressed ones (distinct bytes). */
const etagFor = (etag: string, encoding: FeedEncoding) =>
  encoding === 'identity' ? etag : `${etag.slice(0, -1)}-${encoding}"`;

/** Whether If-None-Match names this feed, in any encoding (weak comparison, as RFC 9110 asks for it). */
export function matchesFeed(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const hash = etag.slice(1, -1);
  return header.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag || tag === `"${hash}-br"` || tag === `"${hash}-gzip"`;
  });
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/** GET /journey-web-legacy: the public trip feed for the operator's website (journey-feed.service.ts). */
export async function journeyFeedRoutes(app: FastifyInstance) {
  // Plain Fastify typing: the handler sends the stored bytes (or a 304) itself; the schema documents the answer.
  app.get('/journey-web-legacy', {
    config: { permission: 'public' },
    schema: {
      tags: ['journeys'],
      description:
        'Online journeys with their bookable future dates, prices, texts, hotels, extras, boarding points and ' +
        'images, as `{ data: [...] }`. No login. Send the ETag back as If-None-Match: an unchanged feed answers ' +
        '304 without a body.',
      response: {
        200: ZWebJourneyFeed,
        304: z.null().describe('Not modified: the feed is still the one of the ETag sent'),
        400: ZErrorBody,
      },
    },
    handler: async (request, reply) => {
      const feed = await getJourneyFeed(app.ctx);
      const encoding = feedEncoding(header(request, 'accept-encoding'));
      reply
        .header('etag', etagFor(feed.etag, encoding))
        .header('cache-control', `public, max-age=${FEED_MAX_AGE_MS / 1000}`)
        .header('vary', 'Accept-Encoding');
      if (matchesFeed(header(request, 'if-none-match'), feed.etag)) return reply.code(304).send();
      const body = await feed.body(encoding);
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.header('content-type', 'application/json; charset=utf-8').send(body);
    },
  });
}
