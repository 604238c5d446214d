import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZErrorBody, ZFileParams, ZStoredImage } from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import { readUpload, uploadRoutes } from '../../lib/upload.ts';
import { invalidField } from '../../lib/errors.ts';
import { findPublicFile, storeImage } from './files.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 413: ZErrorBody };

/** A size of a file never changes (a new upload is a new file), so browsers and proxies may keep it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Stored files: delivery without login of the files something public uses (journey images, destination
 * pictures — see files.repository.ts), and the generic image upload whose id a form saves afterwards.
 */
export async function filesRoutes(app: FastifyInstance) {
  const api = withZod(app);
  api.get('/files/:id/:variant', {
    config: { permission: 'public' },
    schema: {
      tags: ['files'],
      params: ZFileParams,
      // The image's bytes (200) or nothing (304: the client's copy is current).
      response: { 200: z.unknown(), 304: z.null(), 400: ZErrorBody, 404: ZErrorBody },
    },
    handler: async (request, reply) => {
      const file = await findPublicFile(app.ctx, request.params.id, request.params.variant);
      reply
        .header('cache-control', IMMUTABLE)
        .header('etag', file.etag)
        // The operator's website shows these images, so other origins may embed them.
        .header('cross-origin-resource-policy', 'cross-origin');
      if (request.headers['if-none-match'] === file.etag) return reply.status(304).send(null);
      const body = await app.fileStore.get(file.key);
      if (!body) {
        request.log.warn({ key: file.key }, 'stored file missing in the file store');
        return reply.header('cache-control', 'no-store').callNotFound();
      }
      reply.type(file.contentType);
      if (file.size !== null) reply.header('content-length', String(file.size));
      return reply.send(body);
    },
  });
  await uploadRoutes(app, (scope) => {
    withZod(scope).post('/files/images', {
      config: { permission: ['internet-create', 'internet-update'] },
      schema: { tags: ['files'], consumes: ['multipart/form-data'], response: { 201: ZStoredImage, ...errors } },
      handler: async (request, reply) => {
        const { file } = await readUpload(request, { maxBytes: app.config.uploadLimitBytes, fields: 2 });
        if (!file) throw invalidField('file', 'error.empty');
        return reply.status(201).send(await storeImage(app.ctx, app.fileStore, file, request.auth!.id));
      },
    });
  });
}
