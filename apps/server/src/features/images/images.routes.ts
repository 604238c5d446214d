import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZCreateImageLibraryBody,
  ZDeleteLibraryItemQuery,
  ZEmptyTrashResult,
  ZErrorBody,
  ZIdParams,
  ZImageHistoryPage,
  ZImageHistoryQuery,
  ZImageUploadConfig,
  IMAGE_UPLOAD_TYPES,
  MAX_FILES_PER_UPLOAD,
  ZImageLibrary,
  ZImageUsage,
  ZLibraryItem,
  ZLibraryItemFileParams,
  ZListQuery,
  ZListResponse,
  ZUpdateImageLibraryBody,
  ZUpdateLibraryItemBody,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import { readUpload, uploadRoutes } from '../../lib/upload.ts';
import {
  allLibraries,
  createLibrary,
  deleteLibrary,
  deleteLibraryItemForGood,
  emptyTrash,
  getLibrary,
  getLibraryItem,
  libraryItemFile,
  libraryItemUsage,
  listHistory,
  listLibraries,
  listLibraryItems,
  restoreLibraryItem,
  trashLibraryItem,
  updateLibrary,
  updateLibraryItem,
  uploadLibraryItem,
} from './images.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tags = ['images'];

/**
 * Library images are the staff's, not public (ADR 0022): delivered to a logged-in user who sees the library, kept
 * by the browser only for that user. A size never changes (a new upload is a new file), so it may be kept a day.
 */
const PRIVATE_CACHE = 'private, max-age=86400';

/** The image database (spec §7 /img/library, /img/library-item; issue #15 points 6–8). */
export async function imagesRoutes(app: FastifyInstance) {
  const api = withZod(app);

  // ---- libraries ----
  api.get('/img/library', {
    config: { permission: 'imagedb-read' },
    schema: { tags, querystring: ZListQuery, response: { 200: ZListResponse(ZImageLibrary), ...errors } },
    handler: (request) => listLibraries(app.ctx, request.auth!, request.query),
  });
  api.get('/img/library/all', {
    config: { permission: 'imagedb-read' },
    schema: { tags, response: { 200: z.array(ZImageLibrary), ...errors } },
    handler: (request) => allLibraries(app.ctx, request.auth!),
  });
  api.get('/img/library/:id', {
    config: { permission: 'imagedb-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZImageLibrary, ...errors } },
    handler: (request) => getLibrary(app.ctx, request.auth!, request.params.id),
  });
  api.post('/img/library', {
    config: { permission: 'imagedb-create' },
    schema: { tags, body: ZCreateImageLibraryBody, response: { 201: ZImageLibrary, ...errors } },
    handler: async (request, reply) =>
      reply.status(201).send(await createLibrary(app.ctx, request.auth!, request.body)),
  });
  for (const method of ['patch', 'put'] as const) {
    api[method]('/img/library/:id', {
      config: { permission: 'imagedb-update' },
      schema: { tags, params: ZIdParams, body: ZUpdateImageLibraryBody, response: { 200: ZImageLibrary, ...errors } },
      handler: (request) => updateLibrary(app.ctx, request.auth!, request.params.id, request.body),
    });
  }
  api.delete('/img/library/:id', {
    config: { permission: 'imagedb-delete' },
    schema: { tags, params: ZIdParams, response: { 200: ZImageLibrary, ...errors } },
    handler: (request) => deleteLibrary(app.ctx, request.auth!, request.params.id),
  });
  api.delete('/img/library/:id/trash', {
    config: { permission: 'imagedb-delete' },
    schema: { tags, params: ZIdParams, response: { 200: ZEmptyTrashResult, ...errors } },
    handler: (request) => emptyTrash(app.ctx, app.fileStore, request.auth!, request.params.id, request.log),
  });

  // ---- items ----
  api.get('/img/library-item', {
    config: { permission: 'imagedb-read' },
    schema: { tags, querystring: ZListQuery, response: { 200: ZListResponse(ZLibraryItem), ...errors } },
    handler: (request) => listLibraryItems(app.ctx, request.auth!, request.query),
  });
  api.get('/img/library-item/:id', {
    config: { permission: 'imagedb-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZLibraryItem, ...errors } },
    handler: (request) => getLibraryItem(app.ctx, request.auth!, request.params.id),
  });
  api.get('/img/library-item/:id/usage', {
    config: { permission: 'imagedb-read' },
    schema: {
      tags,
      params: ZIdParams,
      response: { 200: z.array(ZImageUsage.extend({ holds_file: z.boolean() })), ...errors },
    },
    handler: (request) => libraryItemUsage(app.ctx, request.auth!, request.params.id),
  });
  api.get('/img/library-item/:id/file/:variant', {
    config: { permission: 'imagedb-read' },
    schema: {
      tags,
      params: ZLibraryItemFileParams,
      // The image's bytes (200) or nothing (304: the client's copy is current).
      response: { 200: z.unknown(), 304: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      const file = await libraryItemFile(app.ctx, request.auth!, request.params.id, request.params.variant);
      reply.header('cache-control', PRIVATE_CACHE).header('etag', file.etag);
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
  api.get('/img/upload-config', {
    config: { permission: 'imagedb-create' },
    schema: { tags, response: { 200: ZImageUploadConfig, ...errors } },
    handler: () => ({
      maxBytes: app.config.uploadLimitBytes,
      maxFiles: MAX_FILES_PER_UPLOAD,
      types: [...IMAGE_UPLOAD_TYPES],
    }),
  });
  await uploadRoutes(app, (scope) => {
    withZod(scope).post('/img/library-item', {
      config: { permission: 'imagedb-create' },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 201: ZLibraryItem, 413: ZErrorBody, ...errors },
      },
      handler: async (request, reply) => {
        const upload = await readUpload(request, { maxBytes: app.config.uploadLimitBytes, fields: 4 });
        return reply.status(201).send(await uploadLibraryItem(app.ctx, app.fileStore, request.auth!, upload));
      },
    });
  });
  for (const method of ['patch', 'put'] as const) {
    api[method]('/img/library-item/:id', {
      config: { permission: 'imagedb-update' },
      schema: { tags, params: ZIdParams, body: ZUpdateLibraryItemBody, response: { 200: ZLibraryItem, ...errors } },
      handler: (request) => updateLibraryItem(app.ctx, request.auth!, request.params.id, request.body),
    });
  }
  api.delete('/img/library-item/:id', {
    config: { permission: 'imagedb-delete' },
    schema: {
      tags,
      params: ZIdParams,
      querystring: ZDeleteLibraryItemQuery,
      response: { 200: ZLibraryItem, ...errors },
    },
    handler: (request) => {
      const force = request.query.force === 'true';
      return request.query.permanent === 'true'
        ? deleteLibraryItemForGood(app.ctx, app.fileStore, request.auth!, request.params.id, force, request.log)
        : trashLibraryItem(app.ctx, request.auth!, request.params.id, force);
    },
  });
  api.post('/img/library-item/:id/restore', {
    config: { permission: 'imagedb-delete' },
    schema: { tags, params: ZIdParams, response: { 200: ZLibraryItem, ...errors } },
    handler: (request) => restoreLibraryItem(app.ctx, request.auth!, request.params.id),
  });

  // ---- history ----
  api.get('/img/history', {
    config: { permission: 'imagedb-read' },
    schema: { tags, querystring: ZImageHistoryQuery, response: { 200: ZImageHistoryPage, ...errors } },
    handler: (request) => listHistory(app.ctx, request.query),
  });
}
