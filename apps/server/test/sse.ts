import { expect } from 'vitest';
import { tokenFor, type TestApp } from './helpers.ts';

type App = TestApp['app'];

/** Reads a Server-Sent Events stream of `app` (listening) as `email`, event by event. */
export async function openStream(app: App, base: string, path: string, email: string) {
  const response = await fetch(`${base}/api/v1${path}`, {
    headers: { accept: 'text/event-stream', authorization: `Bearer ${await tokenFor(app, email)}` },
  });
  expect(response.status).toBe(200);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  /** The next event (name and parsed data). */
  const next = async (): Promise<{ event: string; data: unknown }> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) return { event, data: JSON.parse(data) };
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += value;
    }
  };
  return { next, close: () => reader.cancel() };
}
