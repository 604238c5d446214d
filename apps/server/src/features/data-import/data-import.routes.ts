import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZDataImportJob,
  ZDataImportPreview,
  ZDataImportPreviewBody,
  ZDataImportReport,
  ZDataImportReportQuery,
  ZDataImportSource,
  ZDataImportStartBody,
  ZDataImportUndo,
  ZDataImportUpload,
  ZDataImportUploadFields,
  ZErrorBody,
  ZIdParams,
} from '@tourdesk/contracts';
import { invalidField } from '../../lib/errors.ts';
import { withZod } from '../../lib/route.ts';
import { parseFields, readUpload, uploadRoutes } from '../../lib/upload.ts';
import {
  dataImportReport,
  dataImportsIdle,
  deleteSource,
  getDataImport,
  listDataImports,
  listSources,
  previewDataImport,
  resumeAbandonedImports,
  startDataImport,
  undoDataImport,
  uploadDataImport,
} from './data-import.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tags = ['system'];
/** An import file may be larger than other uploads (a quarter of a million rows of CSV). */
const IMPORT_FILE_LIMIT = 64 * 1024 * 1024;

const ZJobList = z.object({
  total: z.number().int(),
  limit: z.number().int(),
  skip: z.number().int(),
  data: z.array(ZDataImportJob),
});
const ZJobListQuery = z.object({
  $skip: z.coerce.number({ error: 'error.invalidQuery' }).int().min(0, 'error.invalidQuery').default(0),
  $limit: z.coerce
    .number({ error: 'error.invalidQuery' })
    .int()
    .min(1, 'error.invalidQuery')
    .max(100, 'error.invalidQuery')
    .default(20),
});

/**
 * Data import of customers from CSV or Excel (issue #18 item 3, docs/adr/0032), superadmins only: upload → preview
 * under a mapping → start (runs in the background) → progress and report → undo.
 */
export async function dataImportRoutes(app: FastifyInstance) {
  const api = withZod(app);
  api.get('/system/import', {
    config: { permission: 'superadmin' },
    schema: { tags, querystring: ZJobListQuery, response: { 200: ZJobList, ...errors } },
    handler: (request) => listDataImports(app.ctx, request.query.$skip, request.query.$limit),
  });
  await uploadRoutes(app, (scope) => {
    withZod(scope).post('/system/import', {
      config: { permission: 'superadmin' },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 201: ZDataImportUpload, ...errors, 413: ZErrorBody },
      },
      handler: async (request, reply) => {
        const upload = await readUpload(request, { maxBytes: IMPORT_FILE_LIMIT, fields: 2 });
        const fields = parseFields(ZDataImportUploadFields, upload.fields);
        if (!upload.file) throw invalidField('file', 'error.empty');
        return reply.status(201).send(await uploadDataImport(app.ctx, upload.file, fields.sourceId, request.auth!.id));
      },
    });
  });
  api.get('/system/import/sources', {
    config: { permission: 'superadmin' },
    schema: { tags, response: { 200: z.array(ZDataImportSource), ...errors } },
    handler: () => listSources(app.ctx),
  });
  api.delete('/system/import/sources/:id', {
    config: { permission: 'superadmin' },
    schema: { tags, params: ZIdParams, response: { 200: ZDataImportSource, ...errors } },
    handler: (request) => deleteSource(app.ctx, request.params.id),
  });
  api.get('/system/import/:id', {
    config: { permission: 'superadmin' },
    schema: { tags, params: ZIdParams, response: { 200: ZDataImportJob, ...errors } },
    handler: (request) => getDataImport(app.ctx, request.params.id),
  });
  api.post('/system/import/:id/preview', {
    config: { permission: 'superadmin' },
    schema: { tags, params: ZIdParams, body: ZDataImportPreviewBody, response: { 200: ZDataImportPreview, ...errors } },
    handler: (request) => previewDataImport(app.ctx, request.params.id, request.body),
  });
  api.post('/system/import/:id/start', {
    config: { permission: 'superadmin' },
    schema: { tags, params: ZIdParams, body: ZDataImportStartBody, response: { 202: ZDataImportJob, ...errors } },
    handler: async (request, reply) =>
      reply.status(202).send(await startDataImport(app.ctx, request.params.id, request.body)),
  });
  api.get('/system/import/:id/report', {
    config: { permission: 'superadmin' },
    schema: {
      tags,
      params: ZIdParams,
      querystring: ZDataImportReportQuery,
      response: { 200: ZDataImportReport, ...errors },
    },
    handler: (request) => dataImportReport(app.ctx, request.params.id, request.query),
  });
  api.post('/system/import/:id/undo', {
    config: { permission: 'superadmin' },
    schema: { tags, params: ZIdParams, response: { 200: ZDataImportUndo, ...errors } },
    handler: (request) => undoDataImport(app.ctx, request.params.id),
  });

  // A run whose process stopped is taken over once its lease has run out.
  app.scheduler.register({ name: 'data-import-resume', everyMs: 60_000, run: resumeAbandonedImports });
  app.addHook('onClose', () => dataImportsIdle());
}
