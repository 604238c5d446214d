import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openFileStore, type FileStore } from './file-store.ts';
import { sweepUnusedFiles } from './files.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files live (config `fileStore`: a folder, or an S3-compatible bucket). */
    fileStore: FileStore;
  }
}

/** How long an upload may stay unattached (a form opened, a picture chosen, never saved) before it is swept. */
const UNUSED_GRACE_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * File storage, registered by app.ts: the store the configuration names and an hourly sweep that removes files nothing has used for a day (uploads never saved, images of deleted journeys).
 */
export const filesPlugin = fp(async (app: FastifyInstance, options: { store?: FileStore }) => {
  const store = options.store ?? openFileStore(app.config.fileStore);
  app.decorate('fileStore', store);

  const sweep = () =>
    sweepUnusedFiles(app.ctx, store, new Date(Date.now() - UNUSED_GRACE_MS).toISOString())
      .then((removed) => {
        if (removed > 0) app.log.info({ removed }, 'unused stored files removed');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'sweeping unused files failed'));
  const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});
