import { beforeEach, describe, expect, it } from 'vitest';
import type { Suitcase, SuitcaseChange, SuitcaseItem } from '@tourdesk/contracts/suitcase';
import { applySuitcaseChanges, compactSuitcaseChanges } from '@tourdesk/contracts/suitcase';
import { clearOfflineData, hasUnsentChanges } from '../../lib/offline-data.ts';
import {
  afterLoad,
  afterSync,
  emptyState,
  loadState,
  queueChange,
  resolveConflict,
  saveState,
  shownItems,
  syncRequest,
  type SuitcaseState,
} from './suitcase-state.ts';

const item = (id: string, text: string, packed = false): SuitcaseItem => ({
  id,
  text,
  category: 'clothes',
  quantity: 1,
  packed,
});
const server = (version: number, items: SuitcaseItem[]): Suitcase => ({ bookingId: 7, version, items });
const withQueue = (state: SuitcaseState, ...changes: SuitcaseChange[]) => changes.reduce(queueChange, state);

describe('the suitcase offline queue', () => {
  beforeEach(() => localStorage.clear());

  it('shows queued changes on top of the last server list and sends them shortened, on that version', () => {
    const start = afterLoad(emptyState(7), server(3, [item('a', 'Pass'), item('b', 'Hose')]));
    const state = withQueue(
      start,
      { op: 'pack', id: 'a', packed: true },
      { op: 'add', item: item('c', 'Schal') },
      { op: 'pack', id: 'c', packed: true },
      { op: 'pack', id: 'a', packed: false },
      { op: 'pack', id: 'a', packed: true },
      { op: 'add', item: item('d', 'Mütze') },
      { op: 'remove', id: 'd' },
      { op: 'remove', id: 'b' },
    );
    expect(shownItems(state).map((row) => [row.id, row.packed])).toEqual([
      ['a', true],
      ['c', true],
    ]);
    const request = syncRequest(state)!;
    expect(request.version).toBe(3);
    expect(request.covers).toBe(8);
    expect(request.changes).toEqual([
      { op: 'add', item: item('c', 'Schal', true) },
      { op: 'pack', id: 'a', packed: true },
      { op: 'remove', id: 'd' },
      { op: 'remove', id: 'b' },
    ]);
    // The shortened queue gives the same list as the whole one.
    expect(applySuitcaseChanges(start.base.items, request.changes)).toEqual(shownItems(state));
  });

  it('keeps changes made while a sync was under way, on the new version', () => {
    const state = withQueue(afterLoad(emptyState(7), server(1, [item('a', 'Pass')])), {
      op: 'pack',
      id: 'a',
      packed: true,
    });
    const request = syncRequest(state)!;
    const meanwhile = queueChange(state, { op: 'add', item: item('n', 'Buch') });
    const done = afterSync(meanwhile, request.covers, {
      kind: 'synced',
      suitcase: server(2, [item('a', 'Pass', true)]),
    });
    expect(done.base.version).toBe(2);
    expect(done.queue).toEqual([{ op: 'add', item: item('n', 'Buch') }]);
    expect(shownItems(done).map((row) => row.id)).toEqual(['a', 'n']);
  });

  it('keeps everything offline, and a GET does not overwrite unsent changes', () => {
    const state = withQueue(emptyState(7), { op: 'add', item: item('a', 'Pass') });
    expect(afterSync(state, 1, { kind: 'offline' })).toBe(state);
    expect(afterLoad(state, server(4, [item('z', 'Fremd')]))).toBe(state);
    // A cached GET older than the list a sync answered is not taken.
    const synced = afterLoad(emptyState(7), server(5, [item('a', 'Pass', true)]));
    expect(afterLoad(synced, server(4, []))).toBe(synced);
  });

  it('on a conflict holds the server list; the traveller puts their changes onto it or drops them', () => {
    const state = withQueue(
      afterLoad(emptyState(7), server(1, [item('a', 'Pass'), item('b', 'Hose')])),
      { op: 'pack', id: 'a', packed: true },
      { op: 'add', item: item('own', 'Kamera') },
    );
    const newer = server(2, [item('b', 'Hose', true), item('x', 'Schirm')]);
    const conflicted = afterSync(state, 2, { kind: 'conflict', suitcase: newer });
    expect(conflicted.conflict).toEqual(newer);
    expect(syncRequest(conflicted)).toBeNull();

    const mine = resolveConflict(conflicted, true);
    expect(mine.conflict).toBeNull();
    expect(syncRequest(mine)?.version).toBe(2);
    // "a" was removed on the other phone: its tick changes nothing; the own item is added to the newer list.
    expect(shownItems(mine).map((row) => [row.id, row.packed])).toEqual([
      ['b', true],
      ['x', false],
      ['own', false],
    ]);
    const theirs = resolveConflict(conflicted, false);
    expect(theirs).toEqual({ base: newer, queue: [], conflict: null });
  });

  it('is kept per user and booking and goes at logout', async () => {
    const state = withQueue(emptyState(7), { op: 'add', item: item('a', 'Pass') });
    saveState(1, 7, emptyState(7));
    expect(hasUnsentChanges()).toBe(false);
    saveState(1, 7, state);
    expect(hasUnsentChanges()).toBe(true);
    expect(loadState(1, 7)).toEqual(state);
    expect(loadState(2, 7)).toEqual(emptyState(7));
    localStorage.setItem('tourdesk.mobile.theme', 'dark');
    await clearOfflineData();
    expect(loadState(1, 7)).toEqual(emptyState(7));
    expect(hasUnsentChanges()).toBe(false);
    expect(localStorage.getItem('tourdesk.mobile.theme')).toBe('dark');
  });

  it('a remove drops the earlier changes of its item', () => {
    expect(
      compactSuitcaseChanges([
        { op: 'add', item: item('a', 'Pass') },
        { op: 'pack', id: 'a', packed: true },
        { op: 'remove', id: 'a' },
      ]),
    ).toEqual([{ op: 'remove', id: 'a' }]);
    expect(
      compactSuitcaseChanges([
        { op: 'pack', id: 'a', packed: true },
        { op: 'remove', id: 'a' },
      ]),
    ).toEqual([{ op: 'remove', id: 'a' }]);
  });
});
