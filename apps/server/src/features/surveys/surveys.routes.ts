import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  ZCreateSurveyBody,
  ZCreateSurveyCategoryBody,
  ZCreateSurveyPageBody,
  ZCreateSurveyQuestionBody,
  ZErrorBody,
  ZIdParams,
  ZListQuery,
  ZListResponse,
  ZSurvey,
  ZSurveyCategory,
  ZSurveyCompletion,
  ZSurveyExportQuery,
  ZSurveyIntro,
  ZSurveyQuestion,
  ZSurveyResults,
  ZUpdateSurveyBody,
  ZUpdateSurveyCategoryBody,
  ZUpdateSurveyPageBody,
  ZUpdateSurveyQuestionBody,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import {
  allCategories,
  allCompletions,
  allIntros,
  allQuestions,
  allSurveys,
  createCategory,
  createCompletion,
  createIntro,
  createQuestion,
  createSurvey,
  deleteCategory,
  deleteCompletion,
  deleteIntro,
  deleteQuestion,
  deleteSurvey,
  exportSurveyCsv,
  getCategory,
  getCompletion,
  getIntro,
  getQuestion,
  getSurvey,
  listCategories,
  listCompletions,
  listIntros,
  listQuestions,
  listSurveys,
  surveyResults,
  updateCategory,
  updateCompletion,
  updateIntro,
  updateQuestion,
  updateSurvey,
  type SurveyFile,
} from './surveys.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tags = ['surveys'];
const read = { permission: 'appusurvey-read' } as const;
const create = { permission: 'appusurvey-create' } as const;
const update = { permission: 'appusurvey-update' } as const;
const remove = { permission: 'appusurvey-delete' } as const;

/** `attachment` with the UTF-8 name (RFC 6266 / 5987) and an ASCII stand-in for old clients. */
const contentDisposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
const send = (reply: FastifyReply, file: SurveyFile) =>
  reply
    .type(file.contentType)
    .header('content-disposition', contentDisposition(file.filename))
    .header('cache-control', 'no-store')
    .send(file.content);

/** Surveys for staff (issue #16, spec §2 /survey, docs/adr/0023) under the `appusurvey-*` rights. */
export async function surveysRoutes(app: FastifyInstance) {
  const api = withZod(app);

  // ---- categories
  api.get('/survey/categories', {
    config: read,
    schema: { tags, querystring: ZListQuery, response: { 200: ZListResponse(ZSurveyCategory), ...errors } },
    handler: (request) => listCategories(app.ctx, request.query),
  });
  api.get('/survey/categories/all', {
    config: read,
    schema: { tags, response: { 200: z.array(ZSurveyCategory), ...errors } },
    handler: () => allCategories(app.ctx),
  });
  api.get('/survey/categories/:id', {
    config: read,
    schema: { tags, params: ZIdParams, response: { 200: ZSurveyCategory, ...errors } },
    handler: (request) => getCategory(app.ctx, request.params.id),
  });
  api.post('/survey/categories', {
    config: create,
    schema: { tags, body: ZCreateSurveyCategoryBody, response: { 201: ZSurveyCategory, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createCategory(app.ctx, request.body)),
  });
  api.patch('/survey/categories/:id', {
    config: update,
    schema: { tags, params: ZIdParams, body: ZUpdateSurveyCategoryBody, response: { 200: ZSurveyCategory, ...errors } },
    handler: (request) => updateCategory(app.ctx, request.params.id, request.body),
  });
  api.delete('/survey/categories/:id', {
    config: remove,
    schema: { tags, params: ZIdParams, response: { 200: ZSurveyCategory, ...errors } },
    handler: (request) => deleteCategory(app.ctx, request.params.id),
  });

  // ---- questions
  api.get('/survey/questions', {
    config: read,
    schema: { tags, querystring: ZListQuery, response: { 200: ZListResponse(ZSurveyQuestion), ...errors } },
    handler: (request) => listQuestions(app.ctx, request.query),
  });
  api.get('/survey/questions/all', {
    config: read,
    schema: { tags, response: { 200: z.array(ZSurveyQuestion), ...errors } },
    handler: () => allQuestions(app.ctx),
  });
  api.get('/survey/questions/category/:id', {
    config: read,
    schema: { tags, params: ZIdParams, response: { 200: z.array(ZSurveyQuestion), ...errors } },
    handler: (request) => allQuestions(app.ctx, request.params.id),
  });
  api.get('/survey/questions/:id', {
    config: read,
    schema: { tags, params: ZIdParams, response: { 200: ZSurveyQuestion, ...errors } },
    handler: (request) => getQuestion(app.ctx, request.params.id),
  });
  api.post('/survey/questions', {
    config: create,
    schema: { tags, body: ZCreateSurveyQuestionBody, response: { 201: ZSurveyQuestion, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createQuestion(app.ctx, request.body)),
  });
  api.patch('/survey/questions/:id', {
    config: update,
    schema: { tags, params: ZIdParams, body: ZUpdateSurveyQuestionBody, response: { 200: ZSurveyQuestion, ...errors } },
    handler: (request) => updateQuestion(app.ctx, request.params.id, request.body),
  });
  api.delete('/survey/questions/:id', {
    config: remove,
    schema: { tags, params: ZIdParams, response: { 200: ZSurveyQuestion, ...errors } },
    handler: (request) => deleteQuestion(app.ctx, request.params.id),
  });

  // ---- intros
  api.get('/survey/intros', {
    config: read,
    schema: { tags, querystring: ZListQuery, response: { 200: ZListResponse(ZSurveyIntro), ...errors } },
    handler: (request) => listIntros(app.ctx, request.query),
  });
  api.get('/survey/intros/all', {
    config: read,
    schema: { tags, response: { 200: z.array(ZSurveyIntro), ...errors } },
    handler: () => allIntros(app.ctx),
  });
  api.get('/survey/intros/category/:id', {
    config: read,
    schema: { tags, params: ZIdParams, response: { 200: z.array(ZSurveyIntro), ...errors } },
    handler: (request) => allIntros(app.ctx, request.params.id),
  });
  api.get('/survey/intros/:id', {
    config: read,
    schema: { tags, params: ZIdParams, response: { 200: ZSurveyIntro, ...errors } },
    handler: (request) => getIntro(app.ctx, request.params.id),
  });
  api.post('/survey/intros', {
    config: create,
    schema: { tags, body: ZCreateSurveyPageBody, response: { 201: ZSurveyIntro, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createIntro(app.ctx, request.body)),
  });
  api.patch('/survey/intros/:id', {
    config: update,
    schema: { tags, params: ZIdParams, body: ZUpdateSurveyPageBody, response: { 200: ZSurveyIntro, ...errors } },
    handler: (request) => updateIntro(app.ctx, request.params.id, request.body),
  });
  api.delete('/survey/intros/:id', {
    config: remove,
    schema: { tags, params: ZIdParams, response: { 200: ZSurveyIntro, ...errors } },
    handler: (request) => deleteIntro(app.ctx, request.params.id),
  });

  // ---- completions
  api.get('/survey/completions', {
    config: read,
    schema: { tags, querystring: ZListQuery, response: { 200: ZListResponse(ZSurveyCompletion), ...errors } },
    handler: (request) => listCompletions(app.ctx, request.query),
  });
  api.get('/survey/completions/all', {
    config: read,
    schema: { tags, response: { 200: z.array(ZSurveyCompletion), ...errors } },
    handler: () => allCompletions(app.ctx),
  });
  api.get('/survey/completions/category/:id', {
    config: read,
    schema: { tags, params: ZIdParams, response: { 200: z.array(ZSurveyCompletion), ...errors } },
    handler: (request) => allCompletions(app.ctx, request.params.id),
  });
  api.get('/survey/completions/:id', {
    config: read,
    schema: { tags, params: ZIdParams, response: { 200: ZSurveyCompletion, ...errors } },
    handler: (request) => getCompletion(app.ctx, request.params.id),
  });
  api.post('/survey/completions', {
    config: create,
    schema: { tags, body: ZCreateSurveyPageBody, response: { 201: ZSurveyCompletion, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createCompletion(app.ctx, request.body)),
  });
  api.patch('/survey/completions/:id', {
    config: update,
    schema: { tags, params: ZIdParams, body: ZUpdateSurveyPageBody, response: { 200: ZSurveyCompletion, ...errors } },
    handler: (request) => updateCompletion(app.ctx, request.params.id, request.body),
  });
  api.delete('/survey/completions/:id', {
    config: remove,
    schema: { tags, params: ZIdParams, response: { 200: ZSurveyCompletion, ...errors } },
    handler: (request) => deleteCompletion(app.ctx, request.params.id),
  });

  // ---- surveys
  api.get('/survey/surveys', {
    config: read,
    schema: { tags, querystring: ZListQuery, response: { 200: ZListResponse(ZSurvey), ...errors } },
    handler: (request) => listSurveys(app.ctx, request.query),
  });
  api.get('/survey/surveys/all', {
    config: read,
    schema: { tags, response: { 200: z.array(ZSurvey), ...errors } },
    handler: () => allSurveys(app.ctx),
  });
  api.get('/survey/surveys/:id', {
    config: read,
    schema: { tags, params: ZIdParams, response: { 200: ZSurvey, ...errors } },
    handler: (request) => getSurvey(app.ctx, request.params.id),
  });
  api.get('/survey/surveys/:id/results', {
    config: read,
    schema: { tags, params: ZIdParams, response: { 200: ZSurveyResults, ...errors } },
    handler: (request) => surveyResults(app.ctx, request.params.id),
  });
  api.get('/survey/surveys/:id/export.csv', {
    config: read,
    // text/csv for German Excel (BOM, `;`), headers in the language of `lang` or Accept-Language (default German).
    schema: { tags, params: ZIdParams, querystring: ZSurveyExportQuery, response: { 200: z.unknown(), ...errors } },
    handler: async (request, reply) =>
      send(
        reply,
        await exportSurveyCsv(
          app.ctx,
          request.params.id,
          (request.query.lang ?? request.headers['accept-language'])?.slice(0, 2).toLowerCase(),
        ),
      ),
  });
  api.post('/survey/surveys', {
    config: create,
    schema: { tags, body: ZCreateSurveyBody, response: { 201: ZSurvey, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createSurvey(app.ctx, request.body)),
  });
  api.patch('/survey/surveys/:id', {
    config: update,
    schema: { tags, params: ZIdParams, body: ZUpdateSurveyBody, response: { 200: ZSurvey, ...errors } },
    handler: (request) => updateSurvey(app.ctx, request.params.id, request.body),
  });
  api.delete('/survey/surveys/:id', {
    config: remove,
    schema: { tags, params: ZIdParams, response: { 200: ZSurvey, ...errors } },
    handler: (request) => deleteSurvey(app.ctx, request.params.id),
  });
}
