import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  ZCommissionQuery,
  ZCommissionRates,
  ZCommissionRatesBody,
  ZCommissionStatement,
  ZErrorBody,
  ZIdParams,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import { onBookingChange } from '../bookings/bookings.service.ts';
import {
  commissionRateListener,
  exportCommissionCsv,
  getCommissionRates,
  getCommissionStatement,
  putCommissionRates,
  renderCommissionPdf,
  type StatementFile,
} from './commissions.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tags = ['commissions'];

const language = (header: string | undefined) => header?.slice(0, 2).toLowerCase();

/** `attachment` with the UTF-8 name (RFC 6266 / 5987) and an ASCII stand-in for old clients. */
const contentDisposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

const send = (reply: FastifyReply, file: StatementFile) =>
  reply
    .type(file.contentType)
    .header('content-disposition', contentDisposition(file.filename))
    .header('cache-control', 'no-store')
    .send(file.content);

/**
 * Agency commission (issue #12, docs/adr/0019): the rates of an agency, the commission statement (JSON, PDF,
 * CSV). Registers the listener that freezes an agency booking's rate when it is booked.
 */
export async function commissionsRoutes(app: FastifyInstance) {
  onBookingChange(commissionRateListener);
  const api = withZod(app);

  api.get('/organization/:id/commission-rates', {
    config: { permission: ['admin', 'agencydata-read'] },
    schema: { tags, params: ZIdParams, response: { 200: ZCommissionRates, ...errors } },
    handler: (request) => getCommissionRates(app.ctx, request.params.id, request.auth),
  });
  api.put('/organization/:id/commission-rates', {
    config: { permission: 'admin' },
    schema: { tags, params: ZIdParams, body: ZCommissionRatesBody, response: { 200: ZCommissionRates, ...errors } },
    handler: (request) => putCommissionRates(app.ctx, request.params.id, request.body),
  });

  api.get('/agency-commission', {
    config: { permission: ['vorgang-read', 'agencydata-read'] },
    schema: { tags, querystring: ZCommissionQuery, response: { 200: ZCommissionStatement, ...errors } },
    handler: (request) => getCommissionStatement(app.ctx, request.query, request.auth),
  });
  api.get('/agency-commission.pdf', {
    config: { permission: ['vorgang-read', 'agencydata-read'] },
    // The file's bytes: application/pdf, in the language of Accept-Language (default German).
    schema: { tags, querystring: ZCommissionQuery, response: { 200: z.unknown(), ...errors } },
    handler: async (request, reply) =>
      send(
        reply,
        await renderCommissionPdf(app.ctx, request.query, request.auth, {
          language: language(request.headers['accept-language']),
          host: request.hostname,
        }),
      ),
  });
  api.get('/agency-commission.csv', {
    config: { permission: ['vorgang-read', 'agencydata-read'] },
    // text/csv for German Excel (BOM, `;`, decimal comma), in the language of Accept-Language (default German).
    schema: { tags, querystring: ZCommissionQuery, response: { 200: z.unknown(), ...errors } },
    handler: async (request, reply) =>
      send(
        reply,
        await exportCommissionCsv(app.ctx, request.query, request.auth, language(request.headers['accept-language'])),
      ),
  });
}
