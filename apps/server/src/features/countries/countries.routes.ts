import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZCountry, ZCountryShortList, ZErrorBody, ZListQuery, ZListResponse } from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import { listCountries, shortCountries } from './countries.service.ts';

export async function countriesRoutes(app: FastifyInstance) {
  const api = withZod(app);
  api.get('/country', {
    config: { permission: 'authenticated' },
    schema: {
      tags: ['countries'],
      querystring: ZListQuery.extend({ countries: z.union([z.string(), z.array(z.string())]).optional() }),
      response: { 200: ZListResponse(ZCountry), 400: ZErrorBody, 401: ZErrorBody },
    },
    handler: (request) => listCountries(app.ctx, request.query),
  });
  api.get('/country/short', {
    config: { permission: 'authenticated' },
    schema: { tags: ['countries'], response: { 200: ZCountryShortList, 401: ZErrorBody } },
    handler: () => shortCountries(app.ctx),
  });
}
