import type { ImapFlow } from 'imapflow';
import { imapClient } from './mail-inbox-imap.ts';
import { retryDelayMs } from '../../lib/backoff.ts';

/**
 * IMAP IDLE on each mailbox's INBOX (docs/adr/0025): one connection per mailbox stays open in IDLE where the server
 * announces the IDLE capability, and every `exists` (a message arrived) runs the same sync the poll job runs, so
 * the bell rings within seconds. The sync is idempotent (UID mark moved by a conditional update, bell entries with
 * a unique dedupe key), so several instances watching the same mailbox ring once. Polling stays as the fallback
 * and the safety net. A broken connection is opened again after a growing pause (1 s, 2 s, 4 s … at most 5 min).
 */
export type WatchedMailbox = {
  id: number;
  host: string;
  port: number;
  secure: boolean;
  username: string;
  /** changes when anything the connection depends on changes (host, user, password …) */
  signature: string;
};

export type InboxWatcherDeps = {
  /** the mailboxes to watch, with their decrypted passwords */
  mailboxes: () => Promise<Array<WatchedMailbox & { password: string }>>;
  /** the poll job's sync of one mailbox */
  sync: (mailboxId: number) => Promise<unknown>;
  onError: (error: unknown, mailboxId: number) => void;
  retryBaseMs?: number;
};

const MAX_RETRY_MS = 5 * 60 * 1000;

class MailboxWatch {
  private client: ImapFlow | null = null;
  private stopped = false;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private syncing: Promise<void> | null = null;
  private syncAgain = false;
  /** whether the server offered IDLE on the last connection (false: polling alone covers this mailbox) */
  idle = false;

  readonly mailbox: WatchedMailbox & { password: string };
  private readonly deps: InboxWatcherDeps;

  constructor(mailbox: WatchedMailbox & { password: string }, deps: InboxWatcherDeps) {
    this.mailbox = mailbox;
    this.deps = deps;
  }

  start() {
    void this.connect();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const account = this.mailbox;
    const client = await imapClient(account, {
      socketTimeout: 10 * 60 * 1000,
      // IDLE at once when nothing else runs, and renewed every 4 minutes (servers drop IDLE after 29 at the latest).
      autoIdleDelay: 200,
      maxIdleTime: 4 * 60 * 1000,
    });
    if (this.stopped) return;
    this.client = client;
    client.on('error', (error: unknown) => this.deps.onError(error, account.id));
    client.on('exists', () => this.requestSync());
    client.on('close', () => {
      if (this.client === client) this.client = null;
      if (!this.stopped && this.idle) this.retry();
    });
    try {
      await client.connect();
      if (this.stopped) {
        await client.logout().catch(() => client.close());
        return;
      }
      if (!client.capabilities.has('IDLE')) {
        // No IDLE here: the poll job alone looks for new mail.
        this.idle = false;
        await client.logout().catch(() => client.close());
        return;
      }
      await client.mailboxOpen('INBOX', { readOnly: true });
      this.idle = true;
      this.failures = 0;
      // What arrived while no connection was open.
      this.requestSync();
    } catch (error) {
      this.deps.onError(error, account.id);
      client.close();
      this.idle = true;
      this.retry();
    }
  }

  private retry() {
    if (this.stopped || this.retryTimer) return;
    this.failures++;
    const delay = Math.min(retryDelayMs(this.failures, this.deps.retryBaseMs ?? 1000), MAX_RETRY_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
    this.retryTimer.unref();
  }

  /** One sync at a time; news during a sync runs it once more afterwards. */
  private requestSync() {
    if (this.stopped) return;
    if (this.syncing) {
      this.syncAgain = true;
      return;
    }
    this.syncing = (async () => {
      do {
        this.syncAgain = false;
        try {
          await this.deps.sync(this.mailbox.id);
        } catch (error) {
          this.deps.onError(error, this.mailbox.id);
        }
      } while (this.syncAgain && !this.stopped);
    })().finally(() => {
      this.syncing = null;
    });
  }

  async stop() {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const client = this.client;
    this.client = null;
    client?.close();
    await this.syncing;
  }
}

/** The IDLE connections of all mailboxes; `refresh` follows added, changed and removed mailboxes. */
export class InboxWatcher {
  private readonly watches = new Map<number, MailboxWatch>();
  private closed = false;
  private refreshing: Promise<void> = Promise.resolve();

  private readonly deps: InboxWatcherDeps;

  constructor(deps: InboxWatcherDeps) {
    this.deps = deps;
  }

  /** Starts watching new mailboxes, restarts changed ones, stops removed ones. Calls queue up. */
  refresh(): Promise<void> {
    this.refreshing = this.refreshing
      .then(() => this.refreshNow())
      .catch((error: unknown) => this.deps.onError(error, 0));
    return this.refreshing;
  }

  private async refreshNow() {
    if (this.closed) return;
    const mailboxes = await this.deps.mailboxes();
    if (this.closed) return;
    const wanted = new Map(mailboxes.map((mailbox) => [mailbox.id, mailbox]));
    for (const [id, watch] of this.watches) {
      const next = wanted.get(id);
      if (!next || next.signature !== watch.mailbox.signature) {
        this.watches.delete(id);
        await watch.stop();
      }
    }
    for (const mailbox of mailboxes) {
      if (this.watches.has(mailbox.id)) continue;
      const watch = new MailboxWatch(mailbox, this.deps);
      this.watches.set(mailbox.id, watch);
      watch.start();
    }
  }

  /** The mailboxes watched with IDLE right now (for tests and the ADR's claims). */
  watching(): number[] {
    return [...this.watches.entries()].filter(([, watch]) => watch.idle).map(([id]) => id);
  }

  async close() {
    this.closed = true;
    await this.refreshing;
    const watches = [...this.watches.values()];
    this.watches.clear();
    await Promise.all(watches.map((watch) => watch.stop()));
  }
}
