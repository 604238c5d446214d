import type { FastifyInstance } from 'fastify';
import {
  ZBookingAccount,
  ZErrorBody,
  ZIdParams,
  ZListResponse,
  ZOpenItem,
  ZOpenItemsQuery,
  ZPaymentBody,
  ZPaymentParams,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import { bookingActorOf, onBookingChange } from '../bookings/bookings.service.ts';
import {
  deletePayment,
  getBookingAccount,
  listOpenItems,
  paymentScheduleListener,
  recordPayment,
  runDunning,
  sendReminder,
} from './payments.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tags = ['payments'];

/** How often the reminder job looks for reminders that fell due (their terms count in days). */
export const DUNNING_JOB_EVERY_MS = 15 * 60_000;

/**
 * Payments of a booking (issue #11, docs/adr/0017): the account, recording and deleting payments, open items
 * and the overdue list, the manual reminder. Registers the schedule as a booking-change listener and the
 * reminder job `payments.dunning` on the scheduler.
 */
export async function paymentsRoutes(app: FastifyInstance) {
  onBookingChange(paymentScheduleListener);
  app.scheduler.register({ name: 'payments.dunning', everyMs: DUNNING_JOB_EVERY_MS, run: runDunning });
  const api = withZod(app);

  api.get('/ratio_vorgang/:id/payments', {
    config: { permission: ['vorgang-read', 'agencydata-read'] },
    schema: { tags, params: ZIdParams, response: { 200: ZBookingAccount, ...errors } },
    handler: (request) => getBookingAccount(app.ctx, request.params.id, bookingActorOf(request)),
  });
  api.post('/ratio_vorgang/:id/payments', {
    config: { permission: 'vorgang-update' },
    schema: { tags, params: ZIdParams, body: ZPaymentBody, response: { 201: ZBookingAccount, ...errors } },
    handler: async (request, reply) =>
      reply.status(201).send(await recordPayment(app.ctx, request.params.id, request.body, bookingActorOf(request))),
  });
  api.delete('/ratio_vorgang/:id/payments/:paymentId', {
    config: { permission: 'vorgang-update' },
    schema: { tags, params: ZPaymentParams, response: { 200: ZBookingAccount, ...errors } },
    handler: (request) => deletePayment(app.ctx, request.params.id, request.params.paymentId, bookingActorOf(request)),
  });
  api.post('/ratio_vorgang/:id/dunning', {
    config: { permission: 'vorgang-update' },
    schema: { tags, params: ZIdParams, response: { 200: ZBookingAccount, ...errors } },
    handler: (request) => sendReminder(app.ctx, request.params.id, bookingActorOf(request)),
  });
  api.get('/open-items', {
    config: { permission: 'vorgang-read' },
    schema: { tags, querystring: ZOpenItemsQuery, response: { 200: ZListResponse(ZOpenItem), ...errors } },
    handler: (request) => listOpenItems(app.ctx, request.query, bookingActorOf(request)),
  });
}
