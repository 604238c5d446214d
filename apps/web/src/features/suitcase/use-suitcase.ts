import { useCallback, useEffect, useRef, useState } from 'react';
import type { Suitcase, SuitcaseChange } from '@tourdesk/contracts/suitcase';
import { api } from '../../lib/api-client.ts';
import { statusOf } from '../../lib/http-error.ts';
import {
  afterLoad,
  afterSync,
  loadState,
  queueChange,
  resolveConflict,
  saveState,
  shownItems,
  syncRequest,
  type SuitcaseState,
} from './suitcase-state.ts';

/**
 * The list's and the templates' GETs, started as soon as this chunk loads: on its address the app preloads it
 * with the shell (lib/mobile.tsx `preloadMobilePage`), so the answers arrive beside the shell instead of after it.
 * Each is used once, by the first load of that booking.
 */
const early = new Map<string, Promise<unknown>>();
const startEarly = (path: string) => {
  const request = api<unknown>(path);
  request.catch(() => undefined);
  early.set(path, request);
};
const opened = /^\/appuser\/PackSuitcase\/(\d+)$/.exec(window.location.pathname);
if (opened) {
  startEarly(`/users-vorgaenge/${opened[1]}/suitcase`);
  startEarly(`/users-vorgaenge/${opened[1]}/suitcase/templates`);
}

/** GET `path`: the answer started early when there is one (once), else a new request. */
export function getOnce<T>(path: string): Promise<T> {
  const started = early.get(path);
  early.delete(path);
  return (started as Promise<T> | undefined) ?? api<T>(path);
}

export type SuitcaseStatus = 'loading' | 'ready' | 'offline' | 'notFound' | 'error';

const conflictOf = (error: unknown): Suitcase | null =>
  (error as { body?: { suitcase?: Suitcase } } | null)?.body?.suitcase ?? null;

/**
 * One traveller's list for one booking, usable offline: every change is kept on the phone at once and sent
 * when the network allows (now, or at the next `online` event); a refused sync shows the server's list.
 */
export function useSuitcase(userId: number, bookingId: number) {
  const [state, setState] = useState<SuitcaseState>(() => loadState(userId, bookingId));
  const [status, setStatus] = useState<SuitcaseStatus>('loading');
  const current = useRef(state);
  const sending = useRef(false);
  const again = useRef(false);

  const update = useCallback(
    (change: (previous: SuitcaseState) => SuitcaseState) => {
      const next = change(current.current);
      current.current = next;
      saveState(userId, bookingId, next);
      setState(next);
    },
    [userId, bookingId],
  );

  /** Sends the queue; changes made while a sync is under way go in another round right after it. */
  const sync = useCallback(async (): Promise<void> => {
    if (sending.current) {
      again.current = true;
      return;
    }
    sending.current = true;
    try {
      do {
        again.current = false;
        const request = syncRequest(current.current);
        if (!request) break;
        try {
          const suitcase = await api<Suitcase>(`/users-vorgaenge/${bookingId}/suitcase/sync`, {
            method: 'POST',
            body: { version: request.version, changes: request.changes },
          });
          update((previous) => afterSync(previous, request.covers, { kind: 'synced', suitcase }));
          setStatus('ready');
        } catch (error) {
          const newer = statusOf(error) === 409 ? conflictOf(error) : null;
          if (newer) update((previous) => afterSync(previous, request.covers, { kind: 'conflict', suitcase: newer }));
          else setStatus(statusOf(error) === 404 ? 'notFound' : statusOf(error) === 0 ? 'offline' : 'error');
          break;
        }
      } while (again.current);
    } finally {
      sending.current = false;
    }
  }, [bookingId, update]);

  const load = useCallback(async () => {
    try {
      const suitcase = await getOnce<Suitcase>(`/users-vorgaenge/${bookingId}/suitcase`);
      update((previous) => afterLoad(previous, suitcase));
      setStatus(navigator.onLine ? 'ready' : 'offline');
      await sync();
    } catch (error) {
      setStatus(statusOf(error) === 404 ? 'notFound' : 'offline');
    }
  }, [bookingId, sync, update]);

  useEffect(() => {
    void Promise.resolve().then(load);
    const online = () => void load();
    const offline = () => setStatus((previous) => (previous === 'ready' ? 'offline' : previous));
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [load]);

  const change = useCallback(
    (changes: SuitcaseChange | SuitcaseChange[]) => {
      update((previous) => (Array.isArray(changes) ? changes : [changes]).reduce(queueChange, previous));
      if (navigator.onLine) void sync();
    },
    [sync, update],
  );

  const resolve = useCallback(
    (keepMine: boolean) => {
      update((previous) => resolveConflict(previous, keepMine));
      void sync();
    },
    [sync, update],
  );

  return { items: shownItems(state), state, status, change, resolve };
}
