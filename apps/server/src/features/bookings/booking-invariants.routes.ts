import type { FastifyInstance } from 'fastify';
import { ZBookingInvariants, ZBookingInvariantsQuery, ZErrorBody } from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import { checkBookingInvariants } from './invariants.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody };

/** The booking invariants checked from the database (invariants.ts), for administrators; `?nr=` one date. */
export async function bookingInvariantsRoutes(app: FastifyInstance) {
  const api = withZod(app);
  api.get('/booking-invariants', {
    config: { permission: 'admin' },
    schema: {
      tags: ['bookings'],
      querystring: ZBookingInvariantsQuery,
      response: { 200: ZBookingInvariants, ...errors },
    },
    handler: (request) => checkBookingInvariants(app.ctx, { nr: request.query.nr }),
  });
}
