import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZCreateSeatPlanBody,
  ZErrorBody,
  ZIdParams,
  ZListQuery,
  ZListResponse,
  ZSeatPlan,
  ZSeatPlanTemplateItem,
  ZUpdateSeatPlanBody,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import {
  createSeatPlan,
  deleteSeatPlan,
  getSeatPlan,
  listSeatPlans,
  seatPlanTemplates,
  updateSeatPlan,
} from './seat-plans.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tags = ['seat-plans'];

/** Coach seat plans (ADR 0013), internet rights. */
export async function seatPlansRoutes(app: FastifyInstance) {
  const api = withZod(app);
  api.get('/seat-plans', {
    config: { permission: 'internet-read' },
    schema: { tags, querystring: ZListQuery, response: { 200: ZListResponse(ZSeatPlan), ...errors } },
    handler: (request) => listSeatPlans(app.ctx, request.query),
  });
  api.get('/seat-plans/templates', {
    config: { permission: 'internet-read' },
    schema: { tags, response: { 200: z.array(ZSeatPlanTemplateItem), ...errors } },
    handler: () => seatPlanTemplates(),
  });
  api.get('/seat-plans/:id', {
    config: { permission: 'internet-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZSeatPlan, ...errors } },
    handler: (request) => getSeatPlan(app.ctx, request.params.id),
  });
  api.post('/seat-plans', {
    config: { permission: 'internet-create' },
    schema: { tags, body: ZCreateSeatPlanBody, response: { 201: ZSeatPlan, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createSeatPlan(app.ctx, request.body)),
  });
  api.patch('/seat-plans/:id', {
    config: { permission: 'internet-update' },
    schema: { tags, params: ZIdParams, body: ZUpdateSeatPlanBody, response: { 200: ZSeatPlan, ...errors } },
    handler: (request) => updateSeatPlan(app.ctx, request.params.id, request.body),
  });
  api.delete('/seat-plans/:id', {
    config: { permission: 'internet-delete' },
    schema: { tags, params: ZIdParams, response: { 200: ZSeatPlan, ...errors } },
    handler: (request) => deleteSeatPlan(app.ctx, request.params.id),
  });
}
