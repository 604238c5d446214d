import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZBookingEvent,
  ZBookingMail,
  ZBookingNrParams,
  ZErrorBody,
  ZIdParams,
  ZWaitlistEntry,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import { bookingActorOf } from '../bookings/bookings.service.ts';
import {
  attachConfirmationDocuments,
  listBookingHistory,
  listBookingMails,
  listWaitlist,
  registerBookingMails,
  sendOptionReminders,
} from './booking-mails.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const tags = ['bookings'];

/**
 * What a booking's page shows beside the booking itself (issue #11): its history, the mails sent about it, and
 * per date the waiting list's queue. Registers the booking-mail listener, the customer guard and the jobs
 * `bookings.option-reminders` and `bookings.confirmation-documents` (booking-mails.service.ts).
 */
export async function bookingMailsRoutes(app: FastifyInstance) {
  registerBookingMails();
  app.scheduler.register({
    name: 'bookings.option-reminders',
    everyMs: app.config.bookingJobPollMs,
    run: sendOptionReminders,
  });
  app.scheduler.register({
    name: 'bookings.confirmation-documents',
    everyMs: app.config.bookingJobPollMs,
    run: attachConfirmationDocuments,
  });
  const api = withZod(app);

  api.get('/ratio_vorgang/:id/history', {
    config: { permission: ['vorgang-read', 'agencydata-read'] },
    schema: { tags, params: ZIdParams, response: { 200: z.array(ZBookingEvent), ...errors } },
    handler: (request) => listBookingHistory(app.ctx, request.params.id, bookingActorOf(request)),
  });
  api.get('/ratio_vorgang/:id/mails', {
    config: { permission: ['vorgang-read', 'agencydata-read'] },
    schema: { tags, params: ZIdParams, response: { 200: z.array(ZBookingMail), ...errors } },
    handler: (request) => listBookingMails(app.ctx, request.params.id, bookingActorOf(request)),
  });
  api.get('/departures/:nr/waitlist', {
    config: { permission: 'vorgang-read' },
    schema: { tags, params: ZBookingNrParams, response: { 200: z.array(ZWaitlistEntry), ...errors } },
    handler: (request) => listWaitlist(app.ctx, request.params.nr, bookingActorOf(request)),
  });
}
