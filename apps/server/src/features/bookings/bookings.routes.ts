import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZBooking,
  ZBookingNrParams,
  ZBookingStatusBody,
  ZBookingSummary,
  ZCreateBookingBody,
  ZErrorBody,
  ZIdParams,
  ZListQuery,
  ZListResponse,
  ZUpdateBookingBody,
  ZZustiegBody,
} from '@tourdesk/contracts';
import { withIdempotency } from '../../lib/idempotency.ts';
import { withZod } from '../../lib/route.ts';
import { registerBookingGuards } from './booking-guards.ts';
import {
  changeBookingStatus,
  createBooking,
  deleteBooking,
  exportBookingsCsv,
  getBooking,
  listBookings,
  setZustieg,
  updateBooking,
} from './bookings.service.ts';
import { bookingActorOf } from './booking-actor.ts';
import { ringAgencyBooking } from './booking-bells.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tags = ['bookings'];

/**
 * Bookings (Vorgang, spec §5/§7, docs/adr/0014): create (with `Idempotency-Key`), read, list, change the whole
 * booking, set a participant's stop and seat, change the status, cancel or delete.
 */
export async function bookingsRoutes(app: FastifyInstance) {
  registerBookingGuards();
  const api = withZod(app);

  api.post('/ratio_vorgang', {
    config: { permission: ['vorgang-create', 'agencydata-create'] },
    schema: { tags, body: ZCreateBookingBody, response: { 200: ZBooking, 201: ZBooking, ...errors } },
    handler: async (request, reply) => {
      const header = request.headers['idempotency-key'];
      const answer = await withIdempotency(
        app.ctx,
        {
          key: Array.isArray(header) ? header[0] : header,
          scope: `${request.auth?.id ?? 0}:POST /ratio_vorgang`,
          body: request.body,
        },
        async (trx) => ({ statusCode: 201, body: await createBooking(trx, request.body, bookingActorOf(request)) }),
      );
      // An agency's booking rings the office's bells once it is committed (docs/adr/0029).
      if (request.auth?.agencyId != null && answer.statusCode === 201) {
        // The booking stands: a bell that cannot ring is logged, never the booking's answer.
        await ringAgencyBooking(app.ctx, (event) => app.realtime.publish(event), answer.body.vorgangnr).catch(
          (error: unknown) => request.log.warn({ err: error }, 'agency booking bell failed'),
        );
      }
      return reply.status(answer.statusCode).send(answer.body);
    },
  });
  api.get('/ratio_vorgang', {
    config: { permission: ['vorgang-read', 'agencydata-read'] },
    schema: { tags, querystring: ZListQuery, response: { 200: ZListResponse(ZBookingSummary), ...errors } },
    handler: (request) => listBookings(app.ctx, request.query, bookingActorOf(request)),
  });
  api.get('/ratio_vorgang/export.csv', {
    config: { permission: ['vorgang-read', 'agencydata-read'] },
    // The list's search and filters; the file (text/csv) in the language of Accept-Language (default German).
    schema: { tags, querystring: ZListQuery, response: { 200: z.unknown(), ...errors } },
    handler: async (request, reply) => {
      const actor = bookingActorOf(request);
      const body = await exportBookingsCsv(app.ctx, request.query, actor, actor.language);
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="vorgaenge-${stamp}.csv"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  });
  api.get('/ratio_vorgang/:id', {
    config: { permission: ['vorgang-read', 'agencydata-read'] },
    schema: { tags, params: ZIdParams, response: { 200: ZBooking, ...errors } },
    handler: (request) => getBooking(app.ctx, request.params.id, bookingActorOf(request)),
  });
  api.delete('/ratio_vorgang/:nr', {
    config: { permission: 'vorgang-delete' },
    schema: { tags, params: ZBookingNrParams, response: { 200: ZBooking, ...errors } },
    handler: (request) => deleteBooking(app.ctx, request.params.nr, bookingActorOf(request)),
  });
  api.post('/ratio_vorgang/:id/status', {
    config: { permission: ['vorgang-update', 'agencydata-update'] },
    schema: { tags, params: ZIdParams, body: ZBookingStatusBody, response: { 200: ZBooking, ...errors } },
    handler: (request) => changeBookingStatus(app.ctx, request.params.id, request.body, bookingActorOf(request)),
  });
  api.put('/ratio/api/booking/:nr', {
    config: { permission: ['vorgang-update', 'agencydata-update'] },
    schema: { tags, params: ZBookingNrParams, body: ZUpdateBookingBody, response: { 200: ZBooking, ...errors } },
    handler: (request) => updateBooking(app.ctx, request.params.nr, request.body, bookingActorOf(request)),
  });
  for (const method of ['post', 'put'] as const) {
    api[method]('/ratio/api/zustiege/:nr', {
      config: { permission: ['vorgang-update', 'agencydata-update'] },
      schema: { tags, params: ZBookingNrParams, body: ZZustiegBody, response: { 200: ZBooking, ...errors } },
      handler: (request) => setZustieg(app.ctx, request.params.nr, request.body, bookingActorOf(request)),
    });
  }
}
