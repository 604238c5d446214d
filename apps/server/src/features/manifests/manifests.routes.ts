import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZErrorBody, ZManifestParams, ZManifestQuery } from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import { renderManifest } from './manifests.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** `attachment` with the UTF-8 name (RFC 6266 / 5987) and an ASCII stand-in for old clients. */
const contentDisposition = (name: string, ascii: string) =>
  `attachment; filename="${ascii.replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** Manifests of a departure (boarding list, seat manifest, participant list, rooming list) as PDF or CSV. */
export async function manifestsRoutes(app: FastifyInstance) {
  const api = withZod(app);
  api.get('/departures/:nr/manifests/:kind.:format', {
    config: { permission: ['vorgang-read', 'internet-read'] },
    schema: {
      tags: ['manifests'],
      params: ZManifestParams,
      querystring: ZManifestQuery,
      // The file's bytes: application/pdf or text/csv.
      response: { 200: z.unknown(), ...errors },
    },
    handler: async (request, reply) => {
      const file = await renderManifest(app.ctx, {
        ...request.params,
        direction: request.query.direction,
        lang: request.query.lang,
        userId: request.auth!.id,
        brand: await app.brandForHost(request.hostname, request.log),
        printedAt: new Date(),
      });
      return reply
        .type(file.contentType)
        .header('content-disposition', contentDisposition(file.fileName, file.asciiFileName))
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  });
}
