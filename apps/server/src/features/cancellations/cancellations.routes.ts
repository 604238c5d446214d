import type { FastifyInstance } from 'fastify';
import {
  isCancellationInit,
  ZCancellationQuery,
  ZCancellationQuote,
  ZCancellationResult,
  ZErrorBody,
} from '@tourdesk/contracts';
import { z } from 'zod';
import { withZod } from '../../lib/route.ts';
import { bookingActorOf } from '../bookings/bookings.service.ts';
import { cancelBooking, quoteCancellation } from './cancellations.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tags = ['bookings'];

/**
 * The two-step cancellation of spec §4 (docs/adr/0017) on RATIO's path:
 * `?getProcessCancellation=true&processId=N[&participants=1,2]` answers the quote,
 * `?initProcessCancellation=true&processId=N[&participants=1,2]` cancels. Agency users reach their own bookings.
 */
export async function cancellationsRoutes(app: FastifyInstance) {
  const api = withZod(app);
  api.get('/ratio/api/cancellation', {
    config: { permission: ['vorgang-update', 'agencydata-update'] },
    schema: {
      tags,
      querystring: ZCancellationQuery,
      response: { 200: z.union([ZCancellationResult, ZCancellationQuote]), ...errors },
    },
    handler: (request) => {
      const { processId, participants } = request.query;
      return isCancellationInit(request.query)
        ? cancelBooking(app.ctx, processId, participants, bookingActorOf(request))
        : quoteCancellation(app.ctx, processId, participants, bookingActorOf(request));
    },
  });
}
