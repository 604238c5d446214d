import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  LANGUAGES,
  ZDocumentDetail,
  ZDocumentSummary,
  ZErrorBody,
  ZIdParams,
  ZListQuery,
  ZListResponse,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import type { PdfLanguage } from '../../lib/pdf.ts';
import { PDF_LANGUAGES } from '../../lib/pdf.ts';
import {
  documentFile,
  getDocument,
  indexDocuments,
  listDocuments,
  type DocumentReader,
} from './documents-query.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tags = ['documents'];
const INDEX_EVERY_MS = 60_000;

/** `attachment` with the UTF-8 name (RFC 6266 / 5987) and an ASCII stand-in for old clients. */
const contentDisposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** The reader: an agency user (a card with an agency) reads as that agency (docs/adr/0019). */
const readerOf = (request: FastifyRequest): DocumentReader => ({
  userId: request.auth!.id,
  agencyId: request.auth?.agencyId ?? null,
});

const isPdfLanguage = (value: string | undefined): value is PdfLanguage =>
  value !== undefined && (PDF_LANGUAGES as readonly string[]).includes(value);

/**
 * The documents query (issue #17, docs/adr/0029): /documents and /documents/{id} (documents-read), and each
 * document's file. A job keeps the registry current between reads.
 */
export async function documentsQueryRoutes(app: FastifyInstance) {
  const api = withZod(app);
  app.scheduler.register({ name: 'documents.index', everyMs: INDEX_EVERY_MS, run: (ctx) => indexDocuments(ctx) });

  api.get('/documents', {
    config: { permission: 'documents-read' },
    schema: { tags, querystring: ZListQuery, response: { 200: ZListResponse(ZDocumentSummary), ...errors } },
    handler: (request) => listDocuments(app.ctx, request.query, readerOf(request)),
  });

  api.get('/documents/:id', {
    config: { permission: 'documents-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZDocumentDetail, ...errors } },
    handler: (request) => getDocument(app.ctx, request.params.id, readerOf(request)),
  });

  api.get('/documents/:id/file', {
    config: { permission: 'documents-read' },
    // The file's bytes (its own content type).
    schema: {
      tags,
      params: ZIdParams,
      querystring: z.object({ lang: z.enum(LANGUAGES, { error: 'error.invalid' }).optional() }),
      response: { 200: z.unknown(), ...errors },
    },
    handler: async (request, reply) => {
      const lang = request.query.lang;
      const file = await documentFile(app.ctx, app.fileStore, request.params.id, readerOf(request), {
        brand: await app.brandForHost(request.hostname, request.log),
        lang: isPdfLanguage(lang) ? lang : undefined,
      });
      return reply
        .type(file.contentType)
        .header('content-disposition', contentDisposition(file.filename))
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  });
}
