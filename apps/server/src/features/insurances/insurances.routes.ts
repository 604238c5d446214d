import type { FastifyInstance } from 'fastify';
import { ZErrorBody, ZInsuranceAnswer, ZInsuranceQuery } from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import { getInsuranceOffers } from './insurances.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** Travel insurance (spec §7 `GET /insurances/ergo`, issue #11): offers with premiums for a booking or a wizard. */
export async function insurancesRoutes(app: FastifyInstance) {
  const api = withZod(app);
  api.get('/insurances/ergo', {
    config: { permission: ['vorgang-read', 'agencydata-read'] },
    schema: { tags: ['bookings'], querystring: ZInsuranceQuery, response: { 200: ZInsuranceAnswer, ...errors } },
    handler: (request) =>
      getInsuranceOffers(app.ctx, request.query, {
        userId: request.auth?.id ?? null,
        agencyId: request.auth?.agencyId ?? null,
      }),
  });
}
