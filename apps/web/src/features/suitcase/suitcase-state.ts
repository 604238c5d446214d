import {
  applySuitcaseChanges,
  compactSuitcaseChanges,
  type Suitcase,
  type SuitcaseChange,
  type SuitcaseItem,
} from '@tourdesk/contracts/suitcase';
import { OFFLINE_PREFIX } from '../../lib/offline-data.ts';

/**
 * The suitcase as the phone keeps it (docs/adr/0020 "Offline"): the list as the server last answered (`base`),
 * the changes made since (`queue`, sent on `base.version`), and, after a refused sync, the server's newer list
 * (`conflict`) until the traveller chooses. What the screen shows is `base` with the queue applied.
 */
export type SuitcaseState = { base: Suitcase; queue: SuitcaseChange[]; conflict: Suitcase | null };

/** What a sync answered: the new list, the server's newer list (409 error.syncConflict), or no network. */
export type SyncOutcome =
  { kind: 'synced'; suitcase: Suitcase } | { kind: 'conflict'; suitcase: Suitcase } | { kind: 'offline' };

export const emptyState = (bookingId: number): SuitcaseState => ({
  base: { bookingId, version: 0, items: [] },
  queue: [],
  conflict: null,
});

/** The list the traveller sees: the server's last list and the changes not yet sent. */
export const shownItems = (state: SuitcaseState): SuitcaseItem[] => applySuitcaseChanges(state.base.items, state.queue);

/** A change made on the phone joins the queue (in order; earlier entries never change, see afterSync). */
export const queueChange = (state: SuitcaseState, change: SuitcaseChange): SuitcaseState => ({
  ...state,
  queue: [...state.queue, change],
});

/**
 * What to send now: the queue, shortened (compactSuitcaseChanges), on the version it was made on, and how many
 * queued changes it covers; null when there is nothing to send or a conflict waits for the traveller.
 */
export function syncRequest(
  state: SuitcaseState,
): { version: number; changes: SuitcaseChange[]; covers: number } | null {
  if (state.queue.length === 0 || state.conflict) return null;
  return { version: state.base.version, changes: compactSuitcaseChanges(state.queue), covers: state.queue.length };
}

/**
 * The state after a sync that covered the first `covers` changes of the queue: changes made while it was under
 * way stay queued, on the new version. A conflict keeps the whole queue and holds the server's list until the
 * traveller decides.
 */
export function afterSync(state: SuitcaseState, covers: number, outcome: SyncOutcome): SuitcaseState {
  if (outcome.kind === 'offline') return state;
  if (outcome.kind === 'conflict') return { ...state, conflict: outcome.suitcase };
  return { base: outcome.suitcase, queue: state.queue.slice(covers), conflict: null };
}

/**
 * The server's answer to GET: taken as the base unless changes wait to be sent (they are sent first), or it is
 * older than the base (offline, the service worker answers the last GET it saw, which a later sync may have passed).
 */
export const afterLoad = (state: SuitcaseState, server: Suitcase): SuitcaseState =>
  state.queue.length === 0 && !state.conflict && server.version >= state.base.version
    ? { ...state, base: server }
    : state;

/**
 * The traveller's choice after a conflict: `keepMine` puts the queued changes onto the server's list (they are
 * per item, so ticks and own items carry over) and sends them again; otherwise the server's list stays as it is.
 */
export function resolveConflict(state: SuitcaseState, keepMine: boolean): SuitcaseState {
  if (!state.conflict) return state;
  return { base: state.conflict, queue: keepMine ? state.queue : [], conflict: null };
}

/** Where the phone keeps the state of one user's list for one booking (removed at logout). */
export const storageKey = (userId: number, bookingId: number) => `${OFFLINE_PREFIX}suitcase.${userId}.${bookingId}`;

export function loadState(userId: number, bookingId: number): SuitcaseState {
  try {
    const raw = localStorage.getItem(storageKey(userId, bookingId));
    if (!raw) return emptyState(bookingId);
    const parsed = JSON.parse(raw) as SuitcaseState;
    if (!parsed?.base || !Array.isArray(parsed.queue)) return emptyState(bookingId);
    return { base: parsed.base, queue: parsed.queue, conflict: parsed.conflict ?? null };
  } catch {
    return emptyState(bookingId);
  }
}

export function saveState(userId: number, bookingId: number, state: SuitcaseState): void {
  try {
    localStorage.setItem(storageKey(userId, bookingId), JSON.stringify(state));
  } catch {
    // storage full or unavailable: the list still works for this visit
  }
}

/** A new item id made on the phone. */
export const newItemId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `i${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
