import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database.ts';
import { fastifySSE } from '@fastify/sse';
import { LocalRealtime, PostgresRealtime, channelFor, type Realtime, type RealtimeEvent } from '../lib/realtime.ts';

/** What a stream sends: an event name and its JSON data. */
export type StreamMessage = { type: string; data: unknown };

export type StreamOptions = {
  /** The realtime topics (lib/realtime.ts) this stream follows. */
  topics: readonly string[];
  /**
   * The state the stream starts with; a client that reconnects gets it again, so a missed event does no harm.
   * Give every stream one: a stream that has sent nothing when its route returns is ended by @fastify/sse.
   */
  initial?: () => Promise<readonly StreamMessage[]>;
  /** What this subscriber gets for an event (null: nothing), e.g. the arrival time at the traveller's own stop. */
  map?: (event: RealtimeEvent) => Promise<StreamMessage | null> | StreamMessage | null;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Publish and subscribe to realtime events, across instances on PostgreSQL (docs/adr/0020). */
    realtime: Realtime;
    /**
     * Turns a route's reply into a Server-Sent Events stream (the route needs `sse: 'only'`): first `initial`,
     * then every event of `topics` (through `map`), until the client leaves or the app closes. The route checks
     * who may follow which topic before calling this.
     */
    streamEvents(reply: FastifyReply, options: StreamOptions): Promise<void>;
  }
}

/** How often an idle stream sends a comment, so proxies and phones keep it open. */
const HEARTBEAT_MS = 15_000;

/**
 * With `postgres`, events travel through LISTEN/NOTIFY between the instances on that database (schema); without
 * it (SQLite, one instance) they stay in the process.
 */
export type RealtimeOptions = { postgres?: { db: Database; connectionString: string; schema?: string } };

export const realtimePlugin = fp(async (app: FastifyInstance, options: RealtimeOptions) => {
  const realtime: Realtime = options.postgres
    ? new PostgresRealtime({
        db: options.postgres.db,
        connectionString: options.postgres.connectionString,
        channel: channelFor(options.postgres.schema),
        log: app.log,
      })
    : new LocalRealtime(app.log);
  app.decorate('realtime', realtime);
  await app.register(fastifySSE, { heartbeatInterval: HEARTBEAT_MS });

  const open = new Set<() => void>();
  app.decorate('streamEvents', async (reply: FastifyReply, stream: StreamOptions) => {
    const context = reply.sse;
    context.keepAlive();
    const send = async (message: StreamMessage | null) => {
      if (message && context.isConnected) await context.send({ event: message.type, data: message.data });
    };
    // Events that arrive while the initial state is read are sent after it, in order.
    let sending: Promise<unknown> = Promise.resolve();
    const enqueue = (work: () => Promise<unknown>) => {
      sending = sending.then(work).catch((error: unknown) => {
        if (context.isConnected) reply.log.warn({ err: error }, 'realtime stream write failed');
      });
    };
    const unsubscribe = stream.topics.map((topic) =>
      realtime.subscribe(topic, (event) => enqueue(async () => send(await (stream.map ? stream.map(event) : event)))),
    );
    const close = () => context.close();
    open.add(close);
    context.onClose(() => {
      for (const stop of unsubscribe) stop();
      open.delete(close);
    });
    enqueue(async () => {
      for (const message of (await stream.initial?.()) ?? []) await send(message);
    });
    await sending;
  });

  app.addHook('onReady', () => realtime.start());
  // Open streams would keep the server from closing.
  app.addHook('preClose', async () => {
    for (const close of [...open]) close();
  });
  app.addHook('onClose', () => realtime.close());
});
