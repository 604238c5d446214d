import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, HttpError } from './api-client.ts';

afterEach(() => vi.unstubAllGlobals());

/** A fetch that never answers, but gives up with the signal's reason as fetch does. */
const hangingFetch = () =>
  vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal!.reason));
      }),
  );

describe('api', () => {
  it('answers no network as status 0 `app.offline`, also when the request ran out of time', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api('/x')).rejects.toMatchObject({ status: 0, message: 'app.offline' });

    vi.stubGlobal('fetch', hangingFetch());
    const timedOut = api('/x', { method: 'PUT', body: {}, signal: AbortSignal.timeout(5) });
    await expect(timedOut).rejects.toBeInstanceOf(HttpError);
    await expect(timedOut).rejects.toMatchObject({ status: 0 });
  });

  it('passes a cancellation on as it is', async () => {
    vi.stubGlobal('fetch', hangingFetch());
    const controller = new AbortController();
    const cancelled = api('/x', { signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
  });
});
