import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZCreateNewsletterTemplateBody,
  ZErrorBody,
  ZIdParams,
  ZListQuery,
  ZListResponse,
  ZNewsletterPreview,
  ZNewsletterPreviewBody,
  ZNewsletterTemplate,
  ZNewsletterTemplateCard,
  ZNewsletterTemplateFile,
  ZUpdateNewsletterTemplateBody,
} from '@tourdesk/contracts';
import { invalidField } from '../../lib/errors.ts';
import { registerImageUsage } from '../images/image-library.service.ts';
import { findTemplateImageUsages } from './template-image-usage.repository.ts';
import { withZod } from '../../lib/route.ts';
import { readUpload, uploadRoutes } from '../../lib/upload.ts';
import {
  createTemplate,
  deleteTemplate,
  deleteTemplateFile,
  getTemplate,
  listTemplateFiles,
  listTemplates,
  previewTemplate,
  templateCards,
  updateTemplate,
  uploadTemplateFile,
} from './newsletter-templates.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 413: ZErrorBody };
const tags = ['newsletter-templates'];

/**
 * Newsletter templates (issue #14, spec §3 "Template"): CRUD with the MJML checked on save, a live preview, the
 * fixed starter cards and the folder of images for templates. Under the newsletter rights.
 */
export async function newsletterTemplatesRoutes(app: FastifyInstance) {
  registerImageUsage('template', findTemplateImageUsages, { holdsFile: true });
  const api = withZod(app);
  api.get('/newsletter/templates', {
    config: { permission: 'newsletter-read' },
    schema: { tags, querystring: ZListQuery, response: { 200: ZListResponse(ZNewsletterTemplate), ...errors } },
    handler: (request) => listTemplates(app.ctx, request.query),
  });
  api.get('/newsletter/templates/cards', {
    config: { permission: 'newsletter-read' },
    schema: { tags, response: { 200: z.array(ZNewsletterTemplateCard), ...errors } },
    handler: () => templateCards(),
  });
  api.post('/newsletter/templates/preview', {
    // Reading: nothing is stored, and anyone who may see templates may see them rendered.
    config: { permission: 'newsletter-read' },
    schema: { tags, body: ZNewsletterPreviewBody, response: { 200: ZNewsletterPreview, ...errors } },
    handler: (request) => previewTemplate(app.ctx, request.body, request.hostname),
  });
  api.get('/newsletter/templates/files', {
    config: { permission: 'newsletter-read' },
    schema: {
      tags,
      querystring: z.object({ 'lit-search': z.string().max(200, 'error.tooLong').optional() }),
      response: { 200: z.array(ZNewsletterTemplateFile), ...errors },
    },
    handler: (request) => listTemplateFiles(app.ctx, request.query['lit-search']),
  });
  await uploadRoutes(app, (scope) => {
    withZod(scope).post('/newsletter/templates/files', {
      config: { permission: ['newsletter-create', 'newsletter-update'] },
      schema: { tags, consumes: ['multipart/form-data'], response: { 201: ZNewsletterTemplateFile, ...errors } },
      handler: async (request, reply) => {
        const { file } = await readUpload(request, { maxBytes: app.config.uploadLimitBytes, fields: 2 });
        if (!file) throw invalidField('file', 'error.empty');
        return reply.status(201).send(await uploadTemplateFile(app.ctx, app.fileStore, file, request.auth!.id));
      },
    });
  });
  api.delete('/newsletter/templates/files/:id', {
    config: { permission: 'newsletter-delete' },
    schema: { tags, params: ZIdParams, response: { 200: ZNewsletterTemplateFile, ...errors } },
    handler: (request) => deleteTemplateFile(app.ctx, app.fileStore, request.params.id),
  });
  api.get('/newsletter/templates/:id', {
    config: { permission: 'newsletter-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZNewsletterTemplate, ...errors } },
    handler: (request) => getTemplate(app.ctx, request.params.id),
  });
  api.post('/newsletter/templates', {
    config: { permission: 'newsletter-create' },
    schema: { tags, body: ZCreateNewsletterTemplateBody, response: { 201: ZNewsletterTemplate, ...errors } },
    handler: async (request, reply) =>
      reply.status(201).send(await createTemplate(app.ctx, request.body, request.auth!.id)),
  });
  api.patch('/newsletter/templates/:id', {
    config: { permission: 'newsletter-update' },
    schema: {
      tags,
      params: ZIdParams,
      body: ZUpdateNewsletterTemplateBody,
      response: { 200: ZNewsletterTemplate, ...errors },
    },
    handler: (request) => updateTemplate(app.ctx, request.params.id, request.body),
  });
  api.delete('/newsletter/templates/:id', {
    config: { permission: 'newsletter-delete' },
    schema: { tags, params: ZIdParams, response: { 200: ZNewsletterTemplate, ...errors } },
    handler: (request) => deleteTemplate(app.ctx, request.params.id),
  });
}
