import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/database.ts';
import { notify } from './realtime.repository.ts';

/**
 * Realtime events (docs/adr/0020): a feature publishes small events on a topic (`departure:12`, `transport:7`),
 * and the stream routes (lib/sse.ts) pass them to the browsers following that topic. With one instance on SQLite
 * the events stay in the process; on PostgreSQL they travel through `LISTEN/NOTIFY`, so a browser connected to
 * one instance hears what another instance published. Events are hints, not records: a client that missed one
 * reads the current state again (a stream's first event is always the state).
 */
export type RealtimeEvent = {
  topic: string;
  /** what happened, e.g. `position`, `checkin` */
  type: string;
  data: unknown;
};

export type RealtimeListener = (event: RealtimeEvent) => void;

export interface Realtime {
  /** Sends the event to every subscriber of its topic, on every instance. */
  publish(event: RealtimeEvent): Promise<void>;
  /** Calls `listener` for each event on `topic`; returns the unsubscribe function. */
  subscribe(topic: string, listener: RealtimeListener): () => void;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** NOTIFY carries at most 8000 bytes; an event is a hint (ids, a position), never a document. */
export const MAX_EVENT_BYTES = 7900;

/** Events sent in one statement at most (PostgreSQL). */
const BATCH = 1000;

class Subscribers {
  private readonly emitter = new EventEmitter();

  constructor() {
    // Every open stream is a listener; thousands of travellers may follow one departure.
    this.emitter.setMaxListeners(0);
  }

  deliver(event: RealtimeEvent, log: FastifyBaseLogger) {
    for (const listener of this.emitter.listeners(event.topic) as RealtimeListener[]) {
      try {
        listener(event);
      } catch (error) {
        log.warn({ err: error, topic: event.topic }, 'realtime listener failed');
      }
    }
  }

  add(topic: string, listener: RealtimeListener): () => void {
    this.emitter.on(topic, listener);
    return () => this.emitter.off(topic, listener);
  }
}

function encode(event: RealtimeEvent): string {
  const payload = JSON.stringify(event);
  if (Buffer.byteLength(payload) > MAX_EVENT_BYTES) throw new Error(`realtime event on ${event.topic} too large`);
  return payload;
}

/** One process (SQLite): subscribers hear the events of this process. */
export class LocalRealtime implements Realtime {
  private readonly subscribers = new Subscribers();
  private readonly log: FastifyBaseLogger;

  constructor(log: FastifyBaseLogger) {
    this.log = log;
  }

  async publish(event: RealtimeEvent): Promise<void> {
    encode(event);
    // After the publisher's own work, as NOTIFY delivers after the commit.
    queueMicrotask(() => this.subscribers.deliver(event, this.log));
  }

  subscribe(topic: string, listener: RealtimeListener): () => void {
    return this.subscribers.add(topic, listener);
  }

  async start(): Promise<void> {}

  async close(): Promise<void> {}
}

/** The channel of one database schema: test schemas (and installations sharing a server) never hear each other. */
export const channelFor = (schema: string | undefined) =>
  `tourdesk_rt_${(schema ?? 'public').replace(/[^a-z0-9_]/gi, '_')}`.slice(0, 63).toLowerCase();

/**
 * Several instances (PostgreSQL): `publish` is a NOTIFY on the schema's channel, and one connection of this
 * instance LISTENs and hands every notification to the local subscribers — the publisher's own included. A lost
 * connection is opened again after a pause.
 */
export class PostgresRealtime implements Realtime {
  private readonly subscribers = new Subscribers();
  private client: pg.Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  private batch: { payloads: string[]; sent: Promise<void> } | null = null;

  private readonly options: { db: Database; connectionString: string; channel: string; log: FastifyBaseLogger };

  constructor(options: { db: Database; connectionString: string; channel: string; log: FastifyBaseLogger }) {
    this.options = options;
  }

  /**
   * Events published in the same turn (a bell for many colleagues, `Promise.all` of publishes) go out together:
   * one statement per `BATCH` events instead of one NOTIFY each. A batch keeps the order of its events; a
   * publisher whose events must arrive in order awaits each publish, as before.
   */
  async publish(event: RealtimeEvent): Promise<void> {
    const payload = encode(event);
    if (this.batch && this.batch.payloads.length < BATCH) {
      this.batch.payloads.push(payload);
      return this.batch.sent;
    }
    const payloads = [payload];
    const sent = Promise.resolve().then(() => {
      if (this.batch?.payloads === payloads) this.batch = null;
      return notify(this.options.db, this.options.channel, payloads);
    });
    this.batch = { payloads, sent };
    return sent;
  }

  subscribe(topic: string, listener: RealtimeListener): () => void {
    return this.subscribers.add(topic, listener);
  }

  async start(): Promise<void> {
    this.closed = false;
    await this.connect();
  }

  private async connect(): Promise<void> {
    const { connectionString, channel, log } = this.options;
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => {
      if (message.channel !== channel || !message.payload) return;
      try {
        this.subscribers.deliver(JSON.parse(message.payload) as RealtimeEvent, log);
      } catch (error) {
        log.warn({ err: error }, 'unreadable realtime notification');
      }
    });
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      void client.end().catch(() => undefined);
      this.reconnectLater();
    };
    client.on('error', (error) => {
      log.warn({ err: error }, 'realtime connection lost');
      lost();
    });
    client.on('end', lost);
    await client.connect();
    await client.query(`LISTEN "${channel}"`);
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
  }

  private reconnectLater() {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect().catch((error: unknown) => {
        this.options.log.warn({ err: error }, 'realtime reconnect failed');
        this.reconnectLater();
      });
    }, 1000);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
