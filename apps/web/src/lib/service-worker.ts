import { sendGet } from './api-client.ts';
import { isCachedApiPath } from './offline-routes.ts';

/**
 * Registers the service worker (src/sw.ts, built only for production) after the page has loaded. When it first
 * takes control of this page, the traveller's answers this page already fetched are fetched once more through
 * it, so they are kept for offline use from the first visit on (not only from the second).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const hadController = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadController) void warmOfflineCache();
  });
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

async function warmOfflineCache(): Promise<void> {
  const paths = new Set<string>();
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name);
    const path = url.pathname + url.search;
    if (url.origin === location.origin && isCachedApiPath(path)) paths.add(path.replace(/^\/api\/v1/, ''));
  }
  await Promise.all([...paths].map((path) => sendGet(path).catch(() => undefined)));
}
