import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZErrorBody,
  ZIdParams,
  ZJourneyImage,
  ZJourneyImagesFromLibraryBody,
  ZJourneyImagesQuery,
  ZUpdateJourneyImageBody,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import { readUpload, uploadRoutes } from '../../lib/upload.ts';
import { registerImageUsage } from '../images/image-library.service.ts';
import { findJourneyImageUsages } from './journey-image-usage.repository.ts';
import {
  addJourneyImagesFromLibrary,
  createJourneyImage,
  deleteJourneyImage,
  listJourneyImages,
  updateJourneyImage,
} from './journey-images.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 413: ZErrorBody };

/** The images tab of the trip editor: upload, list, caption/copyright/order/hotel, delete (spec §7). */
export async function journeyImagesRoutes(app: FastifyInstance) {
  registerImageUsage('journey', findJourneyImageUsages, { holdsFile: true });
  const api = withZod(app);
  api.get('/journey/files', {
    config: { permission: 'internet-read' },
    schema: {
      tags: ['journeys'],
      querystring: ZJourneyImagesQuery,
      response: { 200: z.array(ZJourneyImage), ...errors },
    },
    handler: (request) => listJourneyImages(app.ctx, request.query.journey),
  });
  await uploadRoutes(app, (scope) => {
    withZod(scope).post('/journey/files', {
      config: { permission: ['internet-create', 'internet-update'] },
      schema: { tags: ['journeys'], consumes: ['multipart/form-data'], response: { 201: ZJourneyImage, ...errors } },
      handler: async (request, reply) => {
        const upload = await readUpload(request, { maxBytes: app.config.uploadLimitBytes, fields: 4 });
        return reply.status(201).send(await createJourneyImage(app.ctx, app.fileStore, upload, request.auth!.id));
      },
    });
  });
  api.post('/journey/files/from-library', {
    config: { permission: ['internet-create', 'internet-update'] },
    schema: {
      tags: ['journeys'],
      body: ZJourneyImagesFromLibraryBody,
      response: { 201: z.array(ZJourneyImage), ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await addJourneyImagesFromLibrary(app.ctx, request.auth!, request.body)),
  });
  api.patch('/journey/files/:id', {
    config: { permission: 'internet-update' },
    schema: {
      tags: ['journeys'],
      params: ZIdParams,
      body: ZUpdateJourneyImageBody,
      response: { 200: ZJourneyImage, ...errors },
    },
    handler: (request) => updateJourneyImage(app.ctx, request.params.id, request.body),
  });
  api.delete('/journey/files/:id', {
    config: { permission: 'internet-delete' },
    schema: { tags: ['journeys'], params: ZIdParams, response: { 200: ZJourneyImage, ...errors } },
    handler: (request) => deleteJourneyImage(app.ctx, app.fileStore, request.params.id, request.log),
  });
}
