import { describe, expect, it } from 'vitest';
import { layoutFromRows } from '@tourdesk/contracts/seat-plan-templates';
import { ZSeatLayout, layoutSeats, type SeatLayout } from '@tourdesk/contracts/seat-plans.schema';
import {
  emptyLayout,
  isReadingOrder,
  layoutCellErrors,
  nextSeatNumber,
  paintCell,
  renumber,
  resizeDeck,
  sellableCount,
  setSeatBlocked,
  setSeatLabel,
  withSecondDeck,
} from './seat-layout-editing.ts';

const labels = (layout: SeatLayout) => layoutSeats(layout).map((seat) => seat.txt);
const letters = (layout: SeatLayout) =>
  layout.decks.map((deck) => deck.rows.map((row) => row.map((cell) => (cell.isSeat ? 'S' : cell.idx)).join(',')));

describe('layout editing', () => {
  it('starts an empty grid of aisle cells in the chosen size, within the limits', () => {
    const layout = emptyLayout(13, 5);
    expect(layout.decks[0]!.rows).toHaveLength(13);
    expect(layout.decks[0]!.rows.every((row) => row.length === 5 && row.every((cell) => cell.idx === 1))).toBe(true);
    expect(emptyLayout(99, 99).decks[0]!.rows).toHaveLength(40);
    expect(emptyLayout(99, 99).decks[0]!.rows[0]).toHaveLength(12);
  });

  it('paints a new seat with the next free number and keeps a repainted seat as it was', () => {
    let layout = layoutFromRows([{ rows: ['S_S', '___'] }]);
    layout = paintCell(layout, { deck: 0, row: 1, col: 0 }, 'seat');
    expect(labels(layout)).toEqual(['1', '2', '3']);
    const blocked = setSeatBlocked(layout, { deck: 0, row: 0, col: 0 }, true);
    expect(paintCell(blocked, { deck: 0, row: 0, col: 0 }, 'seat')).toBe(blocked);
    const door = paintCell(layout, { deck: 0, row: 0, col: 2 }, 'door');
    expect(door.decks[0]!.rows[0]![2]).toEqual({ txt: '', idx: 3, isSeat: false });
    expect(labels(door)).toEqual(['1', '3']);
    // The old layout is left as it was (the form compares them).
    expect(labels(layout)).toEqual(['1', '2', '3']);
  });

  it('renumbers in reading order over both decks and knows whether a plan is so numbered', () => {
    const layout = layoutFromRows([{ rows: ['SS', 'S_'] }, { rows: ['_S'] }]);
    const shuffled = setSeatLabel(layout, { deck: 0, row: 0, col: 1 }, '12A');
    expect(isReadingOrder(layout)).toBe(true);
    expect(isReadingOrder(shuffled)).toBe(false);
    expect(labels(renumber(shuffled))).toEqual(['1', '2', '3', '4']);
    expect(nextSeatNumber(shuffled)).toBe('5');
  });

  it('grows and shrinks a deck, keeping the cells inside both sizes', () => {
    const layout = layoutFromRows([{ rows: ['SS', 'SS'] }]);
    expect(letters(resizeDeck(layout, 0, 3, 1))).toEqual([['S', 'S', '1']]);
    expect(letters(resizeDeck(layout, 0, 1, 3))).toEqual([['S,S,1']]);
  });

  it('adds a second deck of the same size and removes it again', () => {
    const layout = layoutFromRows([{ rows: ['SS', 'SS', 'SS'] }]);
    const two = withSecondDeck(layout, true, 'Oberdeck');
    expect(two.decks).toHaveLength(2);
    expect(two.decks[1]!.name).toBe('Oberdeck');
    expect(two.decks[1]!.rows).toHaveLength(3);
    expect(withSecondDeck(two, false, null)).toEqual(layout);
  });

  it('counts the seats to sell, leaving out the blocked ones', () => {
    const layout = setSeatBlocked(layoutFromRows([{ rows: ['SS_S'] }]), { deck: 0, row: 0, col: 1 }, true);
    expect(sellableCount(layout)).toBe(2);
    expect(sellableCount(setSeatBlocked(layout, { deck: 0, row: 0, col: 1 }, false))).toBe(3);
  });

  it('finds the cells of the errors the contract reports, e.g. a seat number used twice', () => {
    const layout = setSeatLabel(layoutFromRows([{ rows: ['SS'] }, { rows: ['SS'] }]), { deck: 1, row: 0, col: 1 }, '1');
    const result = ZSeatLayout.safeParse(layout);
    expect(result.success).toBe(false);
    // react-hook-form keeps errors as a tree along the issue's path.
    const tree: Record<string, unknown> = {};
    for (const issue of result.error!.issues) {
      let node = tree;
      for (const part of issue.path.slice(0, -1)) node = (node[String(part)] ??= {}) as Record<string, unknown>;
      node[String(issue.path.at(-1))] = { type: 'custom', message: issue.message };
    }
    expect(layoutCellErrors(tree)).toEqual([{ deck: 1, row: 0, col: 1, key: 'error.seatLabelDuplicate' }]);
    expect(layoutCellErrors(undefined)).toEqual([]);
  });
});
