import type { FastifyInstance } from 'fastify';
import { ZErrorBody, ZInsuranceAnswer, ZInsuranceQuery } from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import { bookingActorOf } from '../bookings/bookings.service.ts';
import { getInsuranceOffers } from './insurances.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** Travel insurance (spec §7 `GET /insurances/ergo`, issue #11): offers with premiums for a booking or a wizard. */
export async function insurancesRoutes(app: FastifyInstance) {
  const api = withZod(app);
  api.get('/insurances/ergo', {
    config: { permission: ['vorgang-read', 'agencydata-read'] },
    schema: { tags: ['bookings'], querystring: ZInsuranceQuery, response: { 200: ZInsuranceAnswer, ...errors } },
    handler: (request) =>
      // bookingActorOf: an agency user reads their own agency's bookings only; `agencydata-read` without an
      // agency on the card is refused (403) before any booking is read.
      getInsuranceOffers(app.ctx, request.query, bookingActorOf(request)),
  });
}
