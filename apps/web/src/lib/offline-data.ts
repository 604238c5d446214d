import { API_CACHE } from './offline-routes.ts';

/**
 * What the traveller app keeps on the phone for offline use: data in localStorage under OFFLINE_PREFIX (e.g. the
 * suitcase's queued changes) and the service worker's caches of API answers (src/sw.ts). Logout removes both,
 * so the next person on this phone sees nothing of the last one.
 */
export const OFFLINE_PREFIX = 'tourdesk.offline.';

export async function clearOfflineData(): Promise<void> {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(OFFLINE_PREFIX)) localStorage.removeItem(key);
  } catch {
    // no storage (private mode): nothing kept
  }
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(API_CACHE)).map((name) => caches.delete(name)));
}

/**
 * Whether the phone holds changes the server has not received yet (a driver's queued check-ins, a suitcase's
 * queued changes), which logging out would throw away. Each offline store keeps its unsent changes as its value
 * (an array) or under `queue`.
 */
export function hasUnsentChanges(): boolean {
  try {
    return Object.keys(localStorage).some((key) => {
      if (!key.startsWith(OFFLINE_PREFIX)) return false;
      const value: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
      const queue = Array.isArray(value) ? value : (value as { queue?: unknown } | null)?.queue;
      return Array.isArray(queue) && queue.length > 0;
    });
  } catch {
    return false;
  }
}
