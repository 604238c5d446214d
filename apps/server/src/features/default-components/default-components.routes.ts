import type { FastifyInstance } from 'fastify';
import {
  ZCreateDefaultComponentBody,
  ZDefaultComponent,
  ZErrorBody,
  ZIdParams,
  ZListQuery,
  ZListResponse,
  ZUpdateDefaultComponentBody,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import {
  createDefaultComponent,
  deleteDefaultComponent,
  getDefaultComponent,
  listDefaultComponents,
  updateDefaultComponent,
} from './default-components.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const tags = ['default-components'];

/**
 * The default component (spec §2 `/defaultcomponent`, superadmin in §2 and §6): thin routes — schema from the
 * contract, the permission, one service call each.
 */
export async function defaultComponentsRoutes(app: FastifyInstance) {
  const api = withZod(app);
  api.get('/defaultcomponent', {
    config: { permission: 'superadmin' },
    schema: { tags, querystring: ZListQuery, response: { 200: ZListResponse(ZDefaultComponent), ...errors } },
    handler: (request) => listDefaultComponents(app.ctx, request.query),
  });
  api.get('/defaultcomponent/:id', {
    config: { permission: 'superadmin' },
    schema: { tags, params: ZIdParams, response: { 200: ZDefaultComponent, ...errors } },
    handler: (request) => getDefaultComponent(app.ctx, request.params.id),
  });
  api.post('/defaultcomponent', {
    config: { permission: 'superadmin' },
    schema: { tags, body: ZCreateDefaultComponentBody, response: { 201: ZDefaultComponent, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createDefaultComponent(app.ctx, request.body)),
  });
  api.patch('/defaultcomponent/:id', {
    config: { permission: 'superadmin' },
    schema: {
      tags,
      params: ZIdParams,
      body: ZUpdateDefaultComponentBody,
      response: { 200: ZDefaultComponent, ...errors },
    },
    handler: (request) => updateDefaultComponent(app.ctx, request.params.id, request.body),
  });
  api.delete('/defaultcomponent/:id', {
    config: { permission: 'superadmin' },
    schema: { tags, params: ZIdParams, response: { 200: ZDefaultComponent, ...errors } },
    handler: (request) => deleteDefaultComponent(app.ctx, request.params.id),
  });
}
