import type { CheckinStatus, PassengerList } from '@tourdesk/contracts/driver-app.schema';
import { OFFLINE_PREFIX } from '../../lib/offline-data.ts';
import { withCheckin } from './driver-logic.ts';

/**
 * A check-in the driver made that the server has not confirmed yet (no network at the boarding point): kept on the
 * phone and sent when the connection returns. Only the last one per passenger counts — "boarded", then "undo",
 * sends only the undo.
 */
export type QueuedCheckin = { participantId: number; status: CheckinStatus | null; at: string };

/** Where one driver's unsent check-ins of one coach are kept (removed at logout with the other offline data). */
export const queueKey = (userId: number, transportId: number) => `${OFFLINE_PREFIX}checkins.${userId}.${transportId}`;

const isQueued = (value: unknown): value is QueuedCheckin => {
  const entry = value as Partial<QueuedCheckin> | null;
  return (
    typeof entry?.participantId === 'number' &&
    (entry.status === null || entry.status === 'boarded' || entry.status === 'no_show') &&
    typeof entry.at === 'string'
  );
};

export function loadQueue(userId: number, transportId: number): QueuedCheckin[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(queueKey(userId, transportId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isQueued) : [];
  } catch {
    return [];
  }
}

export function saveQueue(userId: number, transportId: number, queue: readonly QueuedCheckin[]): void {
  try {
    if (queue.length === 0) localStorage.removeItem(queueKey(userId, transportId));
    else localStorage.setItem(queueKey(userId, transportId), JSON.stringify(queue));
  } catch {
    // no storage (private mode): the queue lives as long as the screen
  }
}

/**
 * Whether a check-in the server did not take is sent again later (no network — status 0 —, an expired login, a busy
 * or failing server) rather than given up (any other refusal: the passenger is no longer on the coach, …).
 */
export const sendLater = (status: number): boolean =>
  status === 0 || status === 401 || status === 408 || status === 429 || status >= 500;

/** The queue with `checkin` as its passenger's latest (an earlier one of the same passenger goes). */
export const enqueue = (queue: readonly QueuedCheckin[], checkin: QueuedCheckin): QueuedCheckin[] => [
  ...queue.filter((entry) => entry.participantId !== checkin.participantId),
  checkin,
];

/** The queue without `sent`, unless its passenger was changed again meanwhile (then the newer one stays). */
export const withoutSent = (queue: readonly QueuedCheckin[], sent: QueuedCheckin): QueuedCheckin[] =>
  queue.filter((entry) => entry !== sent && !(entry.participantId === sent.participantId && entry.at === sent.at));

/** The server's list as the driver sees it: the unsent check-ins already applied, with the phone's time. */
export const withQueued = (list: PassengerList, queue: readonly QueuedCheckin[]): PassengerList =>
  queue.reduce(
    (shown, entry) =>
      withCheckin(
        shown,
        entry.participantId,
        entry.status === null ? null : { status: entry.status, at: entry.at, by: null },
      ),
    list,
  );
