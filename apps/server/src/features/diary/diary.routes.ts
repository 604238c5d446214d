import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  DIARY_MAX_PHOTO_BYTES,
  ZDiaryEntry,
  ZDiaryEntryBody,
  ZDiaryEntryParams,
  ZDiaryParams,
  ZDiaryPhotoFileParams,
  ZDiaryPhotoParams,
  ZDiaryTrip,
  ZErrorBody,
  ZUpdateDiaryEntryBody,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import { readUpload, uploadRoutes } from '../../lib/upload.ts';
import {
  addDiaryPhoto,
  createDiaryEntry,
  deleteDiaryEntry,
  deleteDiaryPhoto,
  findDiaryPhotoFile,
  listDiaryEntries,
  listDiaryTrips,
  updateDiaryEntry,
} from './diary.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 413: ZErrorBody };
const tags = ['diary'];

/** The traveller's diary (issue #13 item 4, spec route /appuser/Diary): private entries per booking and day. */
export async function diaryRoutes(app: FastifyInstance) {
  const api = withZod(app);
  const base = '/users-vorgaenge/:id/diary';

  api.get('/diary/trips', {
    config: { permission: 'Diary-read' },
    schema: { tags, response: { 200: z.array(ZDiaryTrip), ...errors } },
    handler: (request) => listDiaryTrips(app.ctx, request.auth!.id),
  });
  api.get(base, {
    config: { permission: 'Diary-read' },
    schema: { tags, params: ZDiaryParams, response: { 200: z.array(ZDiaryEntry), ...errors } },
    handler: (request) => listDiaryEntries(app.ctx, request.auth!.id, request.params.id),
  });
  api.post(base, {
    config: { permission: 'Diary-create' },
    schema: { tags, params: ZDiaryParams, body: ZDiaryEntryBody, response: { 201: ZDiaryEntry, ...errors } },
    handler: async (request, reply) =>
      reply.status(201).send(await createDiaryEntry(app.ctx, request.auth!.id, request.params.id, request.body)),
  });
  api.patch(`${base}/:entryId`, {
    config: { permission: 'Diary-update' },
    schema: {
      tags,
      params: ZDiaryEntryParams,
      body: ZUpdateDiaryEntryBody,
      response: { 200: ZDiaryEntry, ...errors },
    },
    handler: (request) =>
      updateDiaryEntry(app.ctx, request.auth!.id, request.params.id, request.params.entryId, request.body),
  });
  api.delete(`${base}/:entryId`, {
    config: { permission: 'Diary-delete' },
    schema: { tags, params: ZDiaryEntryParams, response: { 200: ZDiaryEntry, ...errors } },
    handler: (request) =>
      deleteDiaryEntry(
        app.ctx,
        app.fileStore,
        request.auth!.id,
        request.params.id,
        request.params.entryId,
        request.log,
      ),
  });
  await uploadRoutes(app, (scope) => {
    withZod(scope).post(`${base}/:entryId/photos`, {
      config: { permission: 'Diary-update' },
      schema: {
        tags,
        params: ZDiaryEntryParams,
        consumes: ['multipart/form-data'],
        response: { 201: ZDiaryEntry, ...errors },
      },
      handler: async (request, reply) => {
        const { file } = await readUpload(request, {
          maxBytes: Math.min(DIARY_MAX_PHOTO_BYTES, app.config.uploadLimitBytes),
          fields: 2,
        });
        const entry = await addDiaryPhoto(
          app.ctx,
          app.fileStore,
          request.auth!.id,
          request.params.id,
          request.params.entryId,
          file,
        );
        return reply.status(201).send(entry);
      },
    });
  });
  api.delete(`${base}/:entryId/photos/:photoId`, {
    config: { permission: 'Diary-update' },
    schema: { tags, params: ZDiaryPhotoParams, response: { 200: ZDiaryEntry, ...errors } },
    handler: (request) =>
      deleteDiaryPhoto(
        app.ctx,
        app.fileStore,
        request.auth!.id,
        { bookingId: request.params.id, entryId: request.params.entryId, photoId: request.params.photoId },
        request.log,
      ),
  });
  api.get(`${base}/:entryId/photos/:photoId/:variant`, {
    config: { permission: 'Diary-read' },
    schema: { tags, params: ZDiaryPhotoFileParams, response: { 200: z.unknown(), ...errors } },
    handler: async (request, reply) => {
      const { id, entryId, photoId, variant } = request.params;
      const file = await findDiaryPhotoFile(app.ctx, request.auth!.id, { bookingId: id, entryId, photoId, variant });
      const body = await app.fileStore.get(file.key);
      if (!body) return reply.callNotFound();
      // A photo's bytes never change (a new photo is a new id); only its owner's browser keeps them.
      reply.header('cache-control', 'private, max-age=31536000, immutable').type(file.contentType);
      return reply.send(body);
    },
  });
}
