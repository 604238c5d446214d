import { QueryClient } from '@tanstack/react-query';

/**
 * The one react-query client of the phone screens (docs/adr/0020). `offlineFirst`: a request is sent even when the
 * phone says it is offline, so the service worker can answer it from its cache (src/sw.ts) instead of the query
 * waiting for the network. The phone app's entry (mobile-app.tsx) starts the first screen's query with the page.
 */
export const mobileQueryClient = new QueryClient({
  defaultOptions: { queries: { networkMode: 'offlineFirst', retry: 1, staleTime: 30_000 } },
});
