import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  ZBookingMail,
  ZErrorBody,
  ZIdParams,
  ZInvoiceFileParams,
  ZMailDocumentsBody,
  ZTemplatesQuery,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import { bookingActorOf } from '../bookings/bookings.service.ts';
import {
  findTemplateInvoiceId,
  mailBookingDocuments,
  renderConfirmationPdf,
  renderEInvoice,
  type DocumentFile,
} from './documents.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tags = ['documents'];

/** `attachment` with the UTF-8 name (RFC 6266 / 5987) and an ASCII stand-in for old clients. */
const contentDisposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * Documents of bookings (issue #11): the booking confirmation, invoices and credit notes as PDF, XRechnung CII
 * and UBL and Factur-X, the legacy templates call, and mailing documents to the booker. Agency users reach their
 * own bookings' documents only.
 */
export async function documentsRoutes(app: FastifyInstance) {
  const api = withZod(app);
  const send = (reply: FastifyReply, file: DocumentFile) =>
    reply
      .type(file.contentType)
      .header('content-disposition', contentDisposition(file.filename))
      .header('cache-control', 'no-store')
      .send(file.content);

  api.get('/ratio_vorgang/:id/documents/confirmation.pdf', {
    config: { permission: ['vorgang-read', 'agencydata-read'] },
    // The file's bytes: application/pdf.
    schema: { tags, params: ZIdParams, response: { 200: z.unknown(), ...errors } },
    handler: async (request, reply) =>
      send(reply, await renderConfirmationPdf(app.ctx, request.params.id, bookingActorOf(request))),
  });

  api.get('/invoices/:id/:format', {
    config: { permission: ['vorgang-read', 'agencydata-read'] },
    // The file's bytes: application/pdf (pdf, facturx) or application/xml (xrechnung-cii, xrechnung-ubl).
    schema: { tags, params: ZInvoiceFileParams, response: { 200: z.unknown(), ...errors } },
    handler: async (request, reply) =>
      send(reply, await renderEInvoice(app.ctx, request.params.id, request.params.format, bookingActorOf(request))),
  });

  api.get('/ratio/api/templates/', {
    config: { permission: ['vorgang-read', 'agencydata-read'] },
    schema: { tags, querystring: ZTemplatesQuery, response: { 200: z.unknown(), ...errors } },
    handler: async (request, reply) => {
      const actor = bookingActorOf(request);
      const id = await findTemplateInvoiceId(app.ctx, request.query.getInvoice, actor);
      return send(reply, await renderEInvoice(app.ctx, id, request.query.format ?? 'pdf', actor));
    },
  });

  api.post('/ratio_vorgang/:id/documents/mail', {
    config: { permission: 'vorgang-update' },
    schema: { tags, params: ZIdParams, body: ZMailDocumentsBody, response: { 201: ZBookingMail, ...errors } },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await mailBookingDocuments(app.ctx, request.params.id, request.body, bookingActorOf(request))),
  });
}
