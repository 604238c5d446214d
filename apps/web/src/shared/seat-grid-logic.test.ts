import { describe, expect, it } from 'vitest';
import { layoutFromRows } from '@tourdesk/contracts/seat-plan-templates';
import {
  cellAccessibleName,
  clampPosition,
  firstSeatPosition,
  neighbour,
  seatGridContext,
  seatStateOf,
  type Translate,
} from './seat-grid-logic.ts';
import de from '../features/seat-plans/locales/de.json';

/** A translate over the feature's German messages, as react-admin's would do it. */
const translate: Translate = (key, options = {}) => {
  let node: unknown = de;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no message ${key}`);
  return node.replace(/%\{(\w+)\}/g, (_, name: string) => String(options[name]));
};

// Seats 1-4 on the lower deck, 5-8 on the upper one (3 columns).
const layout = layoutFromRows([
  { name: 'Unterdeck', rows: ['D_T', 'S_S', 'SWS'] },
  { name: 'Oberdeck', rows: ['S_S', 'S^S'] },
]);
const cellAt = (deck: number, row: number, col: number) => layout.decks[deck]!.rows[row]![col]!;

describe('seatStateOf', () => {
  const context = seatGridContext(
    ['3'],
    [
      { seat: '2', name: 'Anna Schmidt' },
      { seat: '4', name: 'Tanja Baumann', mine: true },
      { seat: '5', name: 'Karl Meier' },
    ],
    ['5', '6'],
  );

  it('tells free, taken, blocked, mine and selected seats apart', () => {
    expect(seatStateOf(cellAt(0, 1, 0), context)).toBe('free');
    expect(seatStateOf(cellAt(0, 1, 2), context)).toBe('taken');
    expect(seatStateOf(cellAt(0, 2, 0), context)).toBe('blocked');
    expect(seatStateOf(cellAt(0, 2, 2), context)).toBe('mine');
    expect(seatStateOf(cellAt(1, 0, 2), context)).toBe('selected');
  });

  it('shows a chosen seat as chosen even when someone sits on it', () => {
    expect(seatStateOf(cellAt(1, 0, 0), context)).toBe('selected');
  });

  it('blocks a seat blocked on the plan itself', () => {
    expect(seatStateOf({ ...cellAt(0, 1, 0), blocked: true }, seatGridContext())).toBe('blocked');
  });
});

describe('cellAccessibleName', () => {
  const context = seatGridContext(['3'], [{ seat: '2', name: 'Anna Schmidt' }]);

  it('names seats with their number and state, and the occupant of a taken seat', () => {
    expect(cellAccessibleName(cellAt(0, 1, 0), context, translate, 'pick')).toBe('Sitz 1, frei');
    expect(cellAccessibleName(cellAt(0, 1, 2), context, translate, 'view')).toBe('Sitz 2, belegt: Anna Schmidt');
    expect(cellAccessibleName(cellAt(0, 2, 0), context, translate, 'pick')).toBe('Sitz 3, gesperrt');
  });

  it('names the coach fittings by their kind', () => {
    expect(cellAccessibleName(cellAt(0, 0, 2), context, translate, 'view')).toBe('Tür');
    expect(cellAccessibleName(cellAt(0, 0, 0), context, translate, 'view')).toBe('Fahrer');
    expect(cellAccessibleName(cellAt(1, 1, 1), context, translate, 'view')).toBe('Treppe');
    expect(cellAccessibleName({ txt: 'Bar', idx: 8, isSeat: false }, context, translate, 'view')).toBe('Küche: Bar');
  });

  it('knows no travellers in the editor: a seat there is plain or blocked', () => {
    expect(cellAccessibleName(cellAt(0, 1, 2), context, translate, 'edit')).toBe('Sitz 2');
    expect(cellAccessibleName(cellAt(0, 2, 0), context, translate, 'edit')).toBe('Sitz 3, gesperrt');
  });
});

describe('neighbour', () => {
  it('moves by one cell with the arrows and stops at the edges', () => {
    expect(neighbour(layout, { deck: 0, row: 1, col: 1 }, 'ArrowUp')).toEqual({ deck: 0, row: 0, col: 1 });
    expect(neighbour(layout, { deck: 0, row: 1, col: 1 }, 'ArrowDown')).toEqual({ deck: 0, row: 2, col: 1 });
    expect(neighbour(layout, { deck: 0, row: 0, col: 1 }, 'ArrowUp')).toEqual({ deck: 0, row: 0, col: 1 });
    expect(neighbour(layout, { deck: 0, row: 2, col: 1 }, 'ArrowDown')).toEqual({ deck: 0, row: 2, col: 1 });
    expect(neighbour(layout, { deck: 0, row: 1, col: 0 }, 'ArrowLeft')).toEqual({ deck: 0, row: 1, col: 0 });
    expect(neighbour(layout, { deck: 1, row: 1, col: 2 }, 'ArrowRight')).toEqual({ deck: 1, row: 1, col: 2 });
  });

  it('crosses from one deck to the next and back, keeping the row where the other deck has it', () => {
    expect(neighbour(layout, { deck: 0, row: 1, col: 2 }, 'ArrowRight')).toEqual({ deck: 1, row: 1, col: 0 });
    expect(neighbour(layout, { deck: 1, row: 0, col: 0 }, 'ArrowLeft')).toEqual({ deck: 0, row: 0, col: 2 });
    // The upper deck has two rows only: the third row of the lower deck lands on its last row.
    expect(neighbour(layout, { deck: 0, row: 2, col: 2 }, 'ArrowRight')).toEqual({ deck: 1, row: 1, col: 0 });
  });

  it('jumps to the ends of a row, a column and a deck', () => {
    expect(neighbour(layout, { deck: 0, row: 1, col: 1 }, 'Home')).toEqual({ deck: 0, row: 1, col: 0 });
    expect(neighbour(layout, { deck: 0, row: 1, col: 1 }, 'End')).toEqual({ deck: 0, row: 1, col: 2 });
    expect(neighbour(layout, { deck: 0, row: 1, col: 1 }, 'PageUp')).toEqual({ deck: 0, row: 0, col: 1 });
    expect(neighbour(layout, { deck: 0, row: 1, col: 1 }, 'PageDown')).toEqual({ deck: 0, row: 2, col: 1 });
    expect(neighbour(layout, { deck: 0, row: 1, col: 1 }, 'Home', true)).toEqual({ deck: 0, row: 0, col: 0 });
    expect(neighbour(layout, { deck: 0, row: 1, col: 1 }, 'End', true)).toEqual({ deck: 0, row: 2, col: 2 });
  });
});

describe('tab stop', () => {
  it('starts on the first seat', () => {
    expect(firstSeatPosition(layout)).toEqual({ deck: 0, row: 1, col: 0 });
  });

  it('stays inside the grid when it shrinks', () => {
    expect(clampPosition(layout, { deck: 1, row: 9, col: 9 })).toEqual({ deck: 1, row: 1, col: 2 });
    expect(clampPosition(layout, { deck: 4, row: 0, col: 0 })).toEqual({ deck: 1, row: 0, col: 0 });
  });
});
