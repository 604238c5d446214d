import { afterEach, describe, expect, it, vi } from 'vitest';
import { followEvents } from './event-stream.ts';

/** A fetch answering an SSE body made of `chunks`, and recording the requests. */
function streamingFetch(chunks: string[], status = 200) {
  const requests: Array<{ url: string; headers: Record<string, string> }> = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    requests.push({ url, headers: init.headers as Record<string, string> });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });
    return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return requests;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('followEvents', () => {
  it('passes each event with its parsed data, also when an event is split across chunks', async () => {
    const requests = streamingFetch([
      'event: state\ndata: {"moving":',
      'false}\n\n: heartbeat\n\nevent: checkin\ndata: 7\n\n',
    ]);
    const seen: Array<[string, unknown]> = [];
    const stop = followEvents('/departures/1/events', (type, data) => seen.push([type, data]));
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    stop();
    expect(seen).toEqual([
      ['state', { moving: false }],
      ['checkin', 7],
    ]);
    expect(requests[0]!.url).toBe('/api/v1/departures/1/events');
    expect(requests[0]!.headers.accept).toBe('text/event-stream');
  });

  it('says the stream is live at each connection’s first event, before passing it on', async () => {
    vi.useFakeTimers();
    const requests = streamingFetch(['event: state\ndata: 1\n\nevent: change\ndata: 2\n\n']);
    const seen: string[] = [];
    const stop = followEvents('/x', (type) => seen.push(type), { onLive: () => seen.push('live') });
    await vi.waitFor(() => expect(seen).toHaveLength(3));
    expect(seen).toEqual(['live', 'state', 'change']);
    await vi.advanceTimersByTimeAsync(3000);
    await vi.waitFor(() => expect(seen).toHaveLength(6));
    stop();
    expect(requests).toHaveLength(2);
    expect(seen.slice(3)).toEqual(['live', 'state', 'change']);
  });

  it('follows again after the stream ended, but not after a refusal', async () => {
    vi.useFakeTimers();
    const requests = streamingFetch(['event: state\ndata: 1\n\n']);
    const stop = followEvents('/x', () => undefined);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(3000);
    expect(requests.length).toBeGreaterThanOrEqual(2);
    stop();

    const refused = streamingFetch([], 403);
    const stopRefused = followEvents('/y', () => undefined);
    await vi.waitFor(() => expect(refused).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refused).toHaveLength(1);
    stopRefused();
  });
});
