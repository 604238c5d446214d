/// <reference lib="webworker" />
/**
 * The service worker of the traveller and driver app (docs/adr/0020 "Offline"), built by vite-plugin-pwa
 * (`injectManifest`): it precaches the app's shell, answers the app's addresses offline with index.html, and
 * keeps the traveller's own GET answers network-first so journeys, documents and the suitcase already seen open
 * without network. Back-office API answers are never cached; logout removes the cache (lib/offline-data.ts).
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { API_CACHE, OFFLINE_NAVIGATION, isCachedApiPath } from './lib/offline-routes.ts';

declare const self: ServiceWorkerGlobalScope;

// A new version takes over at once: the app's chunks are hashed, and index.html names the new ones.
void self.skipWaiting();
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { allowlist: OFFLINE_NAVIGATION }));

registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && isCachedApiPath(url.pathname + url.search),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: 8,
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 60 * 60 * 24 * 60 })],
  }),
);
