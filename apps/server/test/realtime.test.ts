import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelFor, PostgresRealtime, type RealtimeEvent } from '../src/lib/realtime.ts';
import { realtimePlugin } from '../src/plugins/realtime.ts';
import { buildTestApp, countStatements, TEST_DIALECT, type TestApp } from './helpers.ts';

/** Resolves with the first `count` events `topic` brings on `app` (or rejects after a while). */
function eventsOn(app: TestApp['app'], topic: string, count: number): Promise<RealtimeEvent[]> {
  return new Promise((resolve, reject) => {
    const seen: RealtimeEvent[] = [];
    const timer = setTimeout(() => reject(new Error(`only ${seen.length} events on ${topic}`)), 5000);
    const stop = app.realtime.subscribe(topic, (event) => {
      seen.push(event);
      if (seen.length < count) return;
      clearTimeout(timer);
      stop();
      resolve(seen);
    });
  });
}

/** Realtime events (lib/realtime.ts, plugins/realtime.ts, docs/adr/0020). */
describe('realtime events', () => {
  let first: TestApp & { location: { url: string; schema?: string } };
  let second: TestApp;

  beforeAll(async () => {
    first = await buildTestApp({ seed: false, keepDatabase: true });
    // A second instance on the same database (on PostgreSQL: the same schema, so the same channel).
    second = await buildTestApp({ seed: false, location: first.location, keepDatabase: true });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('delivers an event to the subscribers of its topic only', async () => {
    const heard = eventsOn(first.app, 'departure:1', 2);
    const other: RealtimeEvent[] = [];
    const stop = first.app.realtime.subscribe('departure:2', (event) => other.push(event));
    await first.app.realtime.publish({ topic: 'departure:1', type: 'checkin', data: { participant: 5 } });
    await first.app.realtime.publish({ topic: 'departure:1', type: 'checkin', data: { participant: 6 } });
    expect((await heard).map((event) => event.data)).toEqual([{ participant: 5 }, { participant: 6 }]);
    stop();
    expect(other).toEqual([]);
  });

  // Several instances run on PostgreSQL only (SQLite is the one-instance database).
  if (TEST_DIALECT === 'postgres')
    it('reaches the subscribers of another instance through LISTEN/NOTIFY', async () => {
      const heard = eventsOn(second.app, 'transport:7', 1);
      await first.app.realtime.publish({ topic: 'transport:7', type: 'position', data: { lat: 51.3, lon: 12.4 } });
      expect(await heard).toEqual([{ topic: 'transport:7', type: 'position', data: { lat: 51.3, lon: 12.4 } }]);
    });

  if (TEST_DIALECT === 'postgres')
    it('sends the events published in one turn in one statement per thousand, each batch in order', async () => {
      const publisherOn = (ctx: typeof first.ctx) =>
        new PostgresRealtime({
          db: ctx.db,
          connectionString: first.location.url,
          channel: channelFor(first.location.schema),
          log: first.app.log,
        });
      const heard = eventsOn(second.app, 'user:bulk', 2500);
      const together = await countStatements(first.ctx, (ctx) => {
        const publisher = publisherOn(ctx);
        return Promise.all(
          Array.from({ length: 2500 }, (_, i) => publisher.publish({ topic: 'user:bulk', type: 'n', data: i })),
        );
      });
      const received = (await heard).map((event) => event.data as number);
      expect(together.statements).toHaveLength(3);
      expect([...received].sort((a, b) => a - b)).toEqual(Array.from({ length: 2500 }, (_, i) => i));
      for (const start of [0, 1000, 2000]) {
        const batch = received.filter((i) => i >= start && i < start + 1000);
        expect(batch).toEqual([...batch].sort((a, b) => a - b));
      }
      // One at a time, awaited: one statement each, in order.
      const inOrder = eventsOn(second.app, 'user:ordered', 3);
      const oneByOne = await countStatements(first.ctx, async (ctx) => {
        const publisher = publisherOn(ctx);
        for (const i of [1, 2, 3]) await publisher.publish({ topic: 'user:ordered', type: 'n', data: i });
      });
      expect((await inOrder).map((event) => event.data)).toEqual([1, 2, 3]);
      expect(oneByOne.statements).toHaveLength(3);
    });

  it('refuses an event too large to travel', async () => {
    await expect(first.app.realtime.publish({ topic: 'x', type: 'big', data: 'x'.repeat(9000) })).rejects.toThrow(
      /too large/,
    );
  });
});

describe('event streams (Server-Sent Events)', () => {
  const app = Fastify();
  let base = '';

  beforeAll(async () => {
    await app.register(realtimePlugin, {});
    app.get('/stream/:topic', { sse: 'only' }, (request, reply) =>
      app.streamEvents(reply, {
        topics: [(request.params as { topic: string }).topic],
        initial: async () => [{ type: 'state', data: { moving: false } }],
        map: (event) => (event.type === 'secret' ? null : { type: event.type, data: event.data }),
      }),
    );
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('starts with the state, then passes the topic’s events as they come, without the ones mapped away', async () => {
    const response = await fetch(`${base}/stream/departure:9`, { headers: { accept: 'text/event-stream' } });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const until = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${needle}`);
        text += value;
      }
    };
    await until('event: state');
    expect(text).toContain('data: {"moving":false}');
    await app.realtime.publish({ topic: 'departure:9', type: 'secret', data: 1 });
    await app.realtime.publish({ topic: 'departure:8', type: 'checkin', data: 'other departure' });
    await app.realtime.publish({ topic: 'departure:9', type: 'checkin', data: { participant: 3 } });
    await until('event: checkin');
    expect(text).toContain('data: {"participant":3}');
    expect(text).not.toContain('secret');
    expect(text).not.toContain('other departure');
    await reader.cancel();
  });

  it('lets the app close while a stream is open', async () => {
    const closing = Fastify();
    await closing.register(realtimePlugin, {});
    closing.get('/stream', { sse: 'only' }, (_request, reply) => closing.streamEvents(reply, { topics: ['t'] }));
    const url = await closing.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${url}/stream`, { headers: { accept: 'text/event-stream' } });
    expect(response.status).toBe(200);
    await closing.close();
    // The server ended the stream: reading it to the end finishes.
    await expect(response.text()).resolves.toBeTypeOf('string');
  });
});
