import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { PHONE_APP_HTML, isPhoneAppAddress } from '@tourdesk/contracts/phone-app';

declare module 'fastify' {
  interface FastifyInstance {
    /** The page of the web app that answers `path` (set only when the web app is built). */
    webAppPage?: (path: string) => string;
  }
}

/**
 * Serves the built web app at `/`. Hashed assets are cached for a year; everything else, the service worker
 * `sw.js` and the web app manifest among them, is checked with the server each time (`no-cache`). Every other
 * path that is not an API call answers index.html, so the app's own router takes over; the phone app's addresses
 * get phone.html, the same page with the phone app's first chunks preloaded (apps/web/scripts/phone-app-files.ts).
 */
export const webPlugin = fp(async (app: FastifyInstance) => {
  const root = app.config.webDist;
  if (!existsSync(join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built; only the API is served');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    // apps/web writes .br and .gz copies at build time.
    preCompressed: true,
    index: 'index.html',
    cacheControl: false,
    setHeaders: (reply, path) => {
      const hashed = path.startsWith(join(root, 'assets'));
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The service worker (docs/adr/0020): always checked with the server, so a new version reaches the phones.
      if (path === join(root, 'sw.js')) reply.header('service-worker-allowed', '/');
      if (path.endsWith('.webmanifest')) reply.header('content-type', 'application/manifest+json');
    },
  });
  const phonePage = existsSync(join(root, PHONE_APP_HTML));
  app.decorate('webAppPage', (path: string) => (phonePage && isPhoneAppAddress(path) ? PHONE_APP_HTML : 'index.html'));
});
