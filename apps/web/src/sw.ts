/// <reference lib="webworker" />
/**
 * The service worker of the traveller and driver app (docs/adr/0020 "Offline"), built by vite-plugin-pwa
 * (`injectManifest`): it precaches the app's shell, answers the app's addresses offline with its page, and
 * keeps the traveller's and driver's own GET answers network-first so journeys, documents, the suitcase and the
 * pick-up lists already seen open without network. Back-office API answers are never cached; logout removes the
 * cache (lib/offline-data.ts).
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { PHONE_APP_HTML } from '@tourdesk/contracts/phone-app';
import type { PushPayload } from '@tourdesk/contracts/push-core';
import { API_CACHE, OFFLINE_NAVIGATION, isCachedApiPath } from './lib/offline-routes.ts';

declare const self: ServiceWorkerGlobalScope;

// A new version takes over at once: the app's chunks are hashed, and index.html names the new ones.
void self.skipWaiting();
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The phone app's page (index.html with its first chunks preloaded; the server sends it for these addresses too).
registerRoute(new NavigationRoute(createHandlerBoundToURL(`/${PHONE_APP_HTML}`), { allowlist: OFFLINE_NAVIGATION }));

registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && isCachedApiPath(url.pathname + url.search),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: 8,
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 60 * 60 * 24 * 60 })],
  }),
);

// Push (docs/adr/0023): a push is a hint of a new inbox entry. It shows a notification and tells the open app
// (which asks for its inbox and unread count again); a tap focuses the app on the entry and marks it opened.
function readPayload(data: PushMessageData | null): Partial<PushPayload> {
  try {
    return (data?.json() ?? {}) as Partial<PushPayload>;
  } catch {
    return { body: data?.text() ?? '' };
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  const url = payload.url ?? (payload.id ? `/appuser/notifications/${payload.id}` : '/appuser/notifications');
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(payload.title ?? '', {
        body: payload.body ?? '',
        tag: payload.id ? `push-${payload.id}` : undefined,
        icon: '/pwa-192.png',
        badge: '/pwa-192.png',
        data: { url, id: payload.id ?? null },
      }),
      self.clients
        .matchAll({ type: 'window', includeUncontrolled: true })
        .then((windows) => windows.forEach((client) => client.postMessage({ type: 'push' }))),
    ]),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = (event.notification.data ?? {}) as { url?: string; id?: number | null };
  // The inbox entry is marked opened by the screen that `?opened=1` opens.
  const entry = data.id ? `/appuser/notifications/${data.id}?opened=1` : null;
  const target = new URL(entry ?? data.url ?? '/appuser/notifications', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(target).catch(() => null);
        return;
      }
      await self.clients.openWindow(target);
    }),
  );
});
