/**
 * Which requests the service worker (src/sw.ts) answers offline. Shared by the worker and the page, which has
 * the worker fetch them again once it controls the page (lib/service-worker.ts).
 */

/**
 * The traveller's and driver's own GET answers, cached network-first: journeys, processes, suitcase, documents,
 * the coaches' pick-up lists; the user and brand the app starts with.
 */
const CACHED_API = [
  /^\/api\/v1\/users-vorgaenge(-app)?(\/|\?|$)/,
  /^\/api\/v1\/users-process-app(\/|\?|$)/,
  /^\/api\/v1\/userdata$/,
  /^\/api\/v1\/brand$/,
  // the inbox and the bus thread (issue #16): what a traveller was told opens without network too
  /^\/api\/v1\/app\/(usernotifications-lit|usernotifications\/\d+|channel-messages)(\?|$)/,
  // the driver's coaches and pick-up lists: boarding points often have no reception (check-ins are queued,
  // features/driver-app/checkin-queue.ts)
  /^\/api\/v1\/driver\/transports(\/\d+\/passengers)?(\?|$)/,
];

/** Whether a GET of this path (with its query) is one the worker keeps for offline use. */
export const isCachedApiPath = (pathAndQuery: string): boolean =>
  CACHED_API.some((pattern) => pattern.test(pathAndQuery));

/** Addresses of the traveller and driver app: offline, the worker answers them with the phone app's page. */
export const OFFLINE_NAVIGATION = [/^\/appuser\//, /^\/driver(\/|$)/];

/** The worker's cache of API answers (removed at logout, lib/offline-data.ts). */
export const API_CACHE = 'tourdesk-api';
