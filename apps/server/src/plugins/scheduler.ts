import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Scheduler } from '../lib/scheduler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Features register their timed work here (`app.scheduler.register({ name, everyMs, run })`). */
    scheduler: Scheduler;
  }
}

/** The app's job scheduler (lib/scheduler.ts): started when the app is ready, stopped (after its run) on close. */
export const schedulerPlugin = fp(async (app: FastifyInstance) => {
  const scheduler = new Scheduler(app.ctx, app.log);
  app.decorate('scheduler', scheduler);
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());
});
