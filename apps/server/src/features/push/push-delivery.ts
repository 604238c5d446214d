import type { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { PushPayload } from '@tourdesk/contracts';
import { nowIso } from '../../db/dialect.ts';
import { retryDelayMs } from '../../lib/backoff.ts';
import type { DbContext } from '../../types.ts';
import {
  claimDeliveries,
  countSubscriptionFailure,
  deleteSubscription,
  findDeliveriesForSending,
  findDueDeliveryIds,
  markSubscriptionWorked,
  recordDelivery,
  type DeliveryOutcome,
} from './push.repository.ts';
import type { VapidKeys } from './push.service.ts';

/**
 * The push outbox's worker (docs/adr/0023 "The delivery outbox"): claims due `push_delivery` rows with a lease,
 * sends each as an encrypted Web Push message (RFC 8291 aes128gcm, VAPID-signed, web-push) and records what the
 * push service answered. 404/410 mean the device is gone (it is forgotten); 429, 5xx and network errors are
 * retried with back-off until `maxAttempts`; any other answer fails the delivery.
 */
export type PushDeliveryOptions = {
  vapid: VapidKeys;
  retryBaseMs: number;
  maxAttempts: number;
  leaseMs?: number;
  batchSize?: number;
  /** pushes sent at the same time */
  concurrency?: number;
  /** the HTTPS agent of the requests to the push services (tests: one that trusts a local push service) */
  agent?: Agent;
  /** how long a push service may take to answer */
  timeoutMs?: number;
};

/** How long a push service keeps a message for a phone that is off: a day (quick channel messages: 4 hours). */
const TTL_SECONDS = 24 * 60 * 60;
const CHANNEL_TTL_SECONDS = 4 * 60 * 60;
/** Push services accept at most 4 KB of payload; the text is cut well below that. */
const MAX_BODY = 500;

type Row = Awaited<ReturnType<typeof findDeliveriesForSending>>[number];

/** The notification a phone shows: the message's short text (else its text), and a tap opens the inbox entry. */
export function pushPayload(row: Pick<Row, 'inbox_id' | 'title' | 'short' | 'message' | 'channel'>): PushPayload {
  const text = (row.short ?? '').trim() || row.message.trim();
  return {
    id: row.inbox_id,
    title: row.title,
    body: text.length > MAX_BODY ? `${text.slice(0, MAX_BODY - 1)}…` : text,
    url: `/appuser/notifications/${row.inbox_id}`,
    ...(row.channel ? { channel: row.channel } : {}),
  };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

async function sendOne(row: Row, options: PushDeliveryOptions, now: number): Promise<DeliveryOutcome> {
  if (!row.endpoint || row.kind !== 'webpush' || !row.p256dh || !row.auth)
    return { id: row.id, status: 'gone', http_status: null, last_error: 'the device is no longer subscribed' };
  try {
    const result = await webpush.sendNotification(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      JSON.stringify(pushPayload(row)),
      {
        vapidDetails: options.vapid,
        TTL: row.channel ? CHANNEL_TTL_SECONDS : TTL_SECONDS,
        urgency: row.channel ? 'high' : 'normal',
        contentEncoding: 'aes128gcm',
        timeout: options.timeoutMs ?? 10_000,
        ...(options.agent ? { agent: options.agent } : {}),
      },
    );
    return { id: row.id, status: 'sent', http_status: result.statusCode, last_error: null };
  } catch (error) {
    const status = error instanceof WebPushError ? error.statusCode : null;
    if (status === 404 || status === 410) return { id: row.id, status: 'gone', http_status: status, last_error: null };
    const retry = status === null || status === 429 || status >= 500;
    if (retry && row.attempts < options.maxAttempts)
      return {
        id: row.id,
        status: 'queued',
        http_status: status,
        last_error: errorText(error),
        next_attempt_at: new Date(now + retryDelayMs(row.attempts, options.retryBaseMs)).toISOString(),
      };
    return { id: row.id, status: 'failed', http_status: status, last_error: errorText(error) };
  }
}

/** One pass: sends every due push (batch by batch) and resolves with the number the push services accepted. */
export async function deliverDuePushes(ctx: DbContext, options: PushDeliveryOptions): Promise<number> {
  const leaseMs = options.leaseMs ?? 2 * 60 * 1000;
  const concurrency = options.concurrency ?? 16;
  let sent = 0;
  // Only what was due when the pass began: a push retried during the pass waits for the next one.
  const dueBy = new Date().toISOString();
  for (;;) {
    const now = Date.now();
    const due = await findDueDeliveryIds(ctx.db, dueBy, options.batchSize ?? 200);
    if (due.length === 0) return sent;
    const claimed = await claimDeliveries(
      ctx.db,
      due,
      new Date(now).toISOString(),
      new Date(now + leaseMs).toISOString(),
    );
    const rows = await findDeliveriesForSending(ctx.db, claimed);
    for (let start = 0; start < rows.length; start += concurrency) {
      const outcomes = await Promise.all(
        rows.slice(start, start + concurrency).map((row) => sendOne(row, options, now)),
      );
      const at = nowIso();
      for (const [index, outcome] of outcomes.entries()) {
        const subscription = rows[start + index]!.id_push_subscription;
        await recordDelivery(ctx.db, outcome, at);
        if (outcome.status === 'sent') sent += 1;
        if (subscription === null) continue;
        if (outcome.status === 'sent') await markSubscriptionWorked(ctx.db, subscription, at);
        else if (outcome.status === 'gone') await deleteSubscription(ctx.db, subscription);
        else await countSubscriptionFailure(ctx.db, subscription);
      }
    }
    // Another worker took them all: let it finish rather than spin on the same ids.
    if (claimed.length === 0) return sent;
  }
}
