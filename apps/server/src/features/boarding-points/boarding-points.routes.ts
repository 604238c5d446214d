import type { FastifyInstance } from 'fastify';
import {
  ZBoardingPoint,
  ZCreateBoardingPointBody,
  ZCreateStopGroupBody,
  ZErrorBody,
  ZIdParams,
  ZListQuery,
  ZListResponse,
  ZStopGroup,
  ZUpdateBoardingPointBody,
  ZUpdateStopGroupBody,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import {
  createBoardingPoint,
  createStopGroup,
  deleteBoardingPoint,
  deleteStopGroup,
  getBoardingPoint,
  getStopGroup,
  listBoardingPoints,
  listStopGroups,
  updateBoardingPoint,
  updateStopGroup,
} from './boarding-points.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tags = ['boarding-points'];

/** Boarding points (Zustiege) and stop groups (spec §7 /zustiege-lit, /zustiege-gruppen-lit), internet rights. */
export async function boardingPointsRoutes(app: FastifyInstance) {
  const api = withZod(app);
  api.get('/zustiege-lit', {
    config: { permission: 'internet-read' },
    schema: { tags, querystring: ZListQuery, response: { 200: ZListResponse(ZBoardingPoint), ...errors } },
    handler: (request) => listBoardingPoints(app.ctx, request.query),
  });
  api.get('/zustiege-lit/:id', {
    config: { permission: 'internet-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZBoardingPoint, ...errors } },
    handler: (request) => getBoardingPoint(app.ctx, request.params.id),
  });
  api.post('/zustiege-lit', {
    config: { permission: 'internet-create' },
    schema: { tags, body: ZCreateBoardingPointBody, response: { 201: ZBoardingPoint, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createBoardingPoint(app.ctx, request.body)),
  });
  api.patch('/zustiege-lit/:id', {
    config: { permission: 'internet-update' },
    schema: { tags, params: ZIdParams, body: ZUpdateBoardingPointBody, response: { 200: ZBoardingPoint, ...errors } },
    handler: (request) => updateBoardingPoint(app.ctx, request.params.id, request.body),
  });
  api.delete('/zustiege-lit/:id', {
    config: { permission: 'internet-delete' },
    schema: { tags, params: ZIdParams, response: { 200: ZBoardingPoint, ...errors } },
    handler: (request) => deleteBoardingPoint(app.ctx, request.params.id),
  });

  api.get('/zustiege-gruppen-lit', {
    config: { permission: 'internet-read' },
    schema: { tags, querystring: ZListQuery, response: { 200: ZListResponse(ZStopGroup), ...errors } },
    handler: (request) => listStopGroups(app.ctx, request.query),
  });
  api.get('/zustiege-gruppen-lit/:id', {
    config: { permission: 'internet-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZStopGroup, ...errors } },
    handler: (request) => getStopGroup(app.ctx, request.params.id),
  });
  api.post('/zustiege-gruppen-lit', {
    config: { permission: 'internet-create' },
    schema: { tags, body: ZCreateStopGroupBody, response: { 201: ZStopGroup, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createStopGroup(app.ctx, request.body)),
  });
  api.patch('/zustiege-gruppen-lit/:id', {
    config: { permission: 'internet-update' },
    schema: { tags, params: ZIdParams, body: ZUpdateStopGroupBody, response: { 200: ZStopGroup, ...errors } },
    handler: (request) => updateStopGroup(app.ctx, request.params.id, request.body),
  });
  api.delete('/zustiege-gruppen-lit/:id', {
    config: { permission: 'internet-delete' },
    schema: { tags, params: ZIdParams, response: { 200: ZStopGroup, ...errors } },
    handler: (request) => deleteStopGroup(app.ctx, request.params.id),
  });
}
