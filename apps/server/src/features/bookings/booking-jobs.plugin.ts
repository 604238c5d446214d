import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { purgeIdempotencyKeys } from '../../lib/idempotency.ts';
import { releaseExpiredOptions } from './bookings.service.ts';

/**
 * The booking job, registered by app.ts: every BOOKING_JOB_POLL_MS it releases options past their end, offers
 * the freed places to the waiting lists (bookings.service.ts releaseExpiredOptions → offerWaitlist) and removes
 * Idempotency-Keys older than a day. Every step is guarded in the database, so several instances may run it.
 */
export const bookingJobsPlugin = fp(async (app: FastifyInstance) => {
  let running: Promise<void> | null = null;
  const pass = () => {
    running ??= (async () => {
      const now = new Date();
      await releaseExpiredOptions(app.ctx, now);
      await purgeIdempotencyKeys(app.ctx, now);
    })()
      .catch((error: unknown) => app.log.error({ err: error }, 'booking job pass failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void pass(), app.config.bookingJobPollMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
