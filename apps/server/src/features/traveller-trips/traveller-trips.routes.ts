import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  ZAccepted,
  ZBookingCodeParams,
  ZEmergencyNumbers,
  ZErrorBody,
  ZIdParams,
  ZInvoiceDocumentParams,
  ZLoginVorgangBody,
  ZProcess,
  ZRegistrationProcessBody,
  ZRegistrationProcessResult,
  ZShareRequest,
  ZShareRequestParams,
  ZTripDetail,
  ZProcessNrParams,
  ZTripIdParams,
  ZTripLink,
  ZTripListQuery,
  ZTripSummary,
} from '@tourdesk/contracts';
import { codeTtl, requestOrigin } from '../../lib/origin.ts';
import { withZod } from '../../lib/route.ts';
import type { DocumentFile } from '../documents/documents.service.ts';
import {
  addTripByCode,
  confirmShareRequest,
  declineShareRequest,
  getMyProcess,
  getMyTrip,
  listEmergencyNumbers,
  listMyProcesses,
  listMyTrips,
  listShareRequests,
  myConfirmationPdf,
  myInvoicePdf,
  putEmergencyNumbers,
  registerWithBooking,
  removeMyProcess,
  removeMyTrip,
} from './traveller-trips.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 429: ZErrorBody };
const tags = ['traveller-trips'];

const contentDisposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * The traveller's trips (issue #13, spec §4 invitation flow, §7, docs/adr/0020): adding a trip by booking code,
 * registering with one, "My journeys" with the journey for the phone and its documents, sharing a trip with
 * other travellers, the traveller's processes, and the operator's emergency numbers. Every read of a booking goes
 * through `travellerTrip` (404 for a booking the user does not see).
 */
export async function travellerTripsRoutes(app: FastifyInstance) {
  const api = withZod(app);
  const deliver = () => void app.mailer.deliverNow();
  const send = (reply: FastifyReply, file: DocumentFile) =>
    reply
      .type(file.contentType)
      .header('content-disposition', contentDisposition(file.filename))
      .header('cache-control', 'no-store')
      .send(file.content);

  api.post('/registration-process', {
    config: { permission: 'public' },
    schema: {
      tags,
      body: ZRegistrationProcessBody,
      response: { 201: ZRegistrationProcessResult, ...errors },
    },
    handler: async (request, reply) => {
      const result = await registerWithBooking(app.ctx, request.body, await requestOrigin(app, request), codeTtl(app));
      deliver();
      return reply.status(201).send(result);
    },
  });

  api.put('/login-vorgang/:id', {
    config: { permission: 'myJourneys-read' },
    schema: { tags, params: ZBookingCodeParams, body: ZLoginVorgangBody, response: { 200: ZTripLink, ...errors } },
    handler: async (request) => {
      const link = await addTripByCode(
        app.ctx,
        request.auth!.id,
        request.params.id,
        request.body,
        await requestOrigin(app, request),
      );
      deliver();
      return link;
    },
  });

  api.get('/users-vorgaenge-app', {
    config: { permission: 'myJourneys-read' },
    schema: { tags, querystring: ZTripListQuery, response: { 200: z.array(ZTripSummary), ...errors } },
    handler: (request) => listMyTrips(app.ctx, request.auth!.id, request.query),
  });
  api.get('/users-vorgaenge/:id', {
    config: { permission: 'myJourneys-read' },
    schema: { tags, params: ZTripIdParams, response: { 200: ZTripDetail, ...errors } },
    handler: (request) => getMyTrip(app.ctx, request.auth!.id, request.params.id),
  });
  api.delete('/users-vorgaenge/:id', {
    config: { permission: 'myJourneys-read' },
    schema: { tags, params: ZTripIdParams, response: { 200: ZAccepted, ...errors } },
    handler: (request) => removeMyTrip(app.ctx, request.auth!.id, request.params.id),
  });
  api.get('/users-vorgaenge/:id/documents/confirmation', {
    config: { permission: 'myJourneys-read' },
    // The file's bytes: application/pdf.
    schema: { tags, params: ZTripIdParams, response: { 200: z.unknown(), ...errors } },
    handler: async (request, reply) =>
      send(reply, await myConfirmationPdf(app.ctx, request.auth!.id, request.params.id)),
  });
  api.get('/users-vorgaenge/:id/documents/invoices/:invoiceId', {
    config: { permission: 'myJourneys-read' },
    schema: { tags, params: ZInvoiceDocumentParams, response: { 200: z.unknown(), ...errors } },
    handler: async (request, reply) =>
      send(reply, await myInvoicePdf(app.ctx, request.auth!.id, request.params.id, request.params.invoiceId)),
  });

  api.get('/users-vorgaenge/:id/share-requests', {
    config: { permission: 'myJourneys-read' },
    schema: { tags, params: ZTripIdParams, response: { 200: z.array(ZShareRequest), ...errors } },
    handler: (request) => listShareRequests(app.ctx, request.auth!.id, request.params.id),
  });
  api.post('/users-vorgaenge/:id/share-requests/:userId/confirm', {
    config: { permission: 'myJourneys-read' },
    schema: { tags, params: ZShareRequestParams, response: { 200: z.array(ZShareRequest), ...errors } },
    handler: (request) => confirmShareRequest(app.ctx, request.auth!.id, request.params.id, request.params.userId),
  });
  api.delete('/users-vorgaenge/:id/share-requests/:userId', {
    config: { permission: 'myJourneys-read' },
    schema: { tags, params: ZShareRequestParams, response: { 200: z.array(ZShareRequest), ...errors } },
    handler: (request) => declineShareRequest(app.ctx, request.auth!.id, request.params.id, request.params.userId),
  });

  // The traveller's processes: empty list / empty object instead of an error (spec §7).
  api.get('/users-process-app', {
    config: { permission: 'app-process-read' },
    schema: { tags, querystring: ZTripListQuery, response: { 200: z.array(ZProcess), ...errors } },
    handler: (request) => listMyProcesses(app.ctx, request.auth!.id, request.query),
  });
  api.get('/users-process-app/:id', {
    config: { permission: 'app-process-read' },
    schema: { tags, params: ZIdParams, response: { 200: z.union([ZProcess, z.object({}).strict()]), ...errors } },
    handler: (request) => getMyProcess(app.ctx, request.auth!.id, request.params.id),
  });
  api.delete('/users-process-app/:nr', {
    config: { permission: 'app-process-read' },
    schema: {
      tags,
      params: ZProcessNrParams,
      response: { 200: ZProcess, ...errors },
    },
    handler: (request) => removeMyProcess(app.ctx, request.auth!.id, request.params.nr),
  });

  api.get('/emergency-numbers', {
    config: { permission: 'appusermanagement-read' },
    schema: { tags, response: { 200: ZEmergencyNumbers, ...errors } },
    handler: () => listEmergencyNumbers(app.ctx),
  });
  api.put('/emergency-numbers', {
    config: { permission: 'appusermanagement-update' },
    schema: { tags, body: ZEmergencyNumbers, response: { 200: ZEmergencyNumbers, ...errors } },
    handler: (request) => putEmergencyNumbers(app.ctx, request.body.items),
  });
}
