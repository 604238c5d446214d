import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZErrorBody,
  ZIdParams,
  ZMySurvey,
  ZSurveyResponseBody,
  ZSurveyResponseCreated,
  ZSurveyToAnswer,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import { getSurveyToAnswer, listMySurveys, submitResponse } from './survey-answers.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tags = ['survey-answers'];

/**
 * The traveller answering surveys in the app (issue #16, docs/adr/0023): the traveller's rights on messages
 * (`pushmessage-read` to see, `-update` to answer); a survey that did not reach them is 404.
 */
export async function surveyAnswersRoutes(app: FastifyInstance) {
  const api = withZod(app);
  api.get('/app/my-surveys', {
    config: { permission: 'pushmessage-read' },
    schema: { tags, response: { 200: z.array(ZMySurvey), ...errors } },
    handler: (request) => listMySurveys(app.ctx, request.auth!.id),
  });
  api.get('/app/surveys/:id', {
    config: { permission: 'pushmessage-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZSurveyToAnswer, ...errors } },
    handler: (request) => getSurveyToAnswer(app.ctx, request.auth!.id, request.params.id),
  });
  api.post('/app/surveys/:id/responses', {
    config: { permission: 'pushmessage-update' },
    schema: {
      tags,
      params: ZIdParams,
      body: ZSurveyResponseBody,
      response: { 201: ZSurveyResponseCreated, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await submitResponse(app.ctx, request.auth!.id, request.params.id, request.body)),
  });
}
