import type { FastifyInstance } from 'fastify';
import { ZBookingNrParams, ZErrorBody, ZIdParams, ZListQuery, ZListResponse, ZProcess } from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import { bookingActorOf } from '../bookings/bookings.service.ts';
import { deleteProcess, getProcess, listProcesses } from './processes.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tags = ['processes'];

/** Processes (spec §7): list, one, delete — the commercial view of the bookings. */
export async function processesRoutes(app: FastifyInstance) {
  const api = withZod(app);
  api.get('/process-lit', {
    config: { permission: 'process-read' },
    schema: { tags, querystring: ZListQuery, response: { 200: ZListResponse(ZProcess), ...errors } },
    handler: (request) => listProcesses(app.ctx, request.query, bookingActorOf(request)),
  });
  api.get('/process-lit/:id', {
    config: { permission: 'process-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZProcess, ...errors } },
    handler: (request) => getProcess(app.ctx, request.params.id, bookingActorOf(request)),
  });
  api.delete('/process-lit/:nr', {
    config: { permission: 'process-delete' },
    schema: { tags, params: ZBookingNrParams, response: { 200: ZProcess, ...errors } },
    handler: (request) => deleteProcess(app.ctx, request.params.nr, bookingActorOf(request)),
  });
}
