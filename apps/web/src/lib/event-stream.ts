import { EventSourceParserStream } from 'eventsource-parser/stream';
import { API_BASE } from './api-client.ts';
import { getToken } from './auth-token.ts';

/** How long to wait before following a stream again after it broke off (the server's first event is the state). */
const RECONNECT_MS = 3000;

/**
 * Follows a Server-Sent Events stream of the API (docs/adr/0020): `onEvent(type, data)` for each event, with the
 * bearer token in the header (EventSource cannot send it, and a token never goes into a URL). A stream that
 * breaks off is followed again after a pause; the returned function stops for good.
 *
 * `onLive` is called when a connection's first event arrives (every stream of ours starts with its state): the
 * server listens from then on, so whatever the screen read before — possibly just before an event it then missed —
 * can be read again. This closes the gap between a screen's first read and its stream, and the one of a reconnect.
 */
export function followEvents(
  path: string,
  onEvent: (type: string, data: unknown) => void,
  { onLive }: { onLive?: () => void } = {},
): () => void {
  const controller = new AbortController();
  let retry: ReturnType<typeof setTimeout> | null = null;

  const follow = async () => {
    try {
      const token = getToken();
      const response = await fetch(`${API_BASE}${path}`, {
        headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        signal: controller.signal,
      });
      // Not allowed or gone: following again would not change that.
      if (response.status >= 400 && response.status < 500) return;
      if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
      const events = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream());
      let first = true;
      for await (const message of events) {
        if (first) {
          first = false;
          onLive?.();
        }
        let data: unknown = message.data;
        try {
          data = JSON.parse(message.data);
        } catch {
          // a plain text event
        }
        onEvent(message.event ?? 'message', data);
      }
    } catch {
      if (controller.signal.aborted) return;
    }
    if (!controller.signal.aborted) retry = setTimeout(() => void follow(), RECONNECT_MS);
  };
  void follow();
  return () => {
    controller.abort();
    if (retry) clearTimeout(retry);
  };
}
