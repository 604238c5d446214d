import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { purgeIdempotencyKeys } from '../../lib/idempotency.ts';
import { releaseExpiredOptions } from './bookings.service.ts';
import { ringLapsingOptions } from './booking-bells.ts';

/**
 * The booking jobs, registered by app.ts on the scheduler: every BOOKING_JOB_POLL_MS options past their end are
 * released and the freed places offered to the waiting lists (releaseExpiredOptions → offerWaitlist), and
 * Idempotency-Keys older than a day removed. The scheduler claims each run in the database, and every step is
 * guarded there too, so several instances may run them.
 */
export const bookingJobsPlugin = fp(async (app: FastifyInstance) => {
  const everyMs = app.config.bookingJobPollMs;
  app.scheduler.register({ name: 'bookings.expire-options', everyMs, run: releaseExpiredOptions });
  app.scheduler.register({ name: 'idempotency.purge', everyMs, run: purgeIdempotencyKeys });
  // Options ending within OPTION_LAPSING_HOURS ring the vorgang-read holders' bells once (docs/adr/0029).
  app.scheduler.register({
    name: 'bookings.option-lapsing',
    everyMs,
    run: (ctx, now) =>
      ringLapsingOptions(ctx, (event) => app.realtime.publish(event), app.config.optionLapsingHours, now),
  });
});
