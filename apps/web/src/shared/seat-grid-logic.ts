import { seatCellKind, type SeatCell, type SeatCellKind, type SeatLayout } from '@tourdesk/contracts/seat-plans.schema';

/** Where a cell sits: deck, row (0 is the front of the coach) and column (0 is the left side). */
export type SeatCellPosition = { deck: number; row: number; col: number };

/** Who sits on a seat; `mine` marks the seats of the booking being edited (the picker). */
export type SeatOccupant = { seat: string; name: string; mine?: boolean };

/**
 * What a seat shows: `free` to sell, `taken` by another traveller, `blocked` (on the plan or for this
 * departure), `selected` (chosen now) or `mine` (a seat of the booking being edited).
 */
export type SeatState = 'free' | 'taken' | 'blocked' | 'selected' | 'mine';

export type SeatGridContext = {
  blocked: ReadonlySet<string>;
  occupants: ReadonlyMap<string, SeatOccupant>;
  selected: ReadonlySet<string>;
};

export function seatGridContext(
  blockedSeats: readonly string[] = [],
  occupants: readonly SeatOccupant[] = [],
  selected: readonly string[] = [],
): SeatGridContext {
  return {
    blocked: new Set(blockedSeats),
    occupants: new Map(occupants.map((occupant) => [occupant.seat, occupant])),
    selected: new Set(selected),
  };
}

/** The state of a seat cell; a chosen seat shows as chosen even when it is someone's (the picker moves them). */
export function seatStateOf(cell: SeatCell, context: SeatGridContext): SeatState {
  if (context.selected.has(cell.txt)) return 'selected';
  const occupant = context.occupants.get(cell.txt);
  if (occupant) return occupant.mine ? 'mine' : 'taken';
  if (cell.blocked || context.blocked.has(cell.txt)) return 'blocked';
  return 'free';
}

/** react-admin's translate, or anything with its shape. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The accessible name of a cell in the user's language: "Sitz 12, frei", "Sitz 12, belegt: Anna Schmidt", "Tür". */
export function cellAccessibleName(
  cell: SeatCell,
  context: SeatGridContext,
  translate: Translate,
  mode: 'edit' | 'pick' | 'view',
): string {
  const kind: SeatCellKind = seatCellKind(cell.idx);
  if (kind !== 'seat') {
    const name = translate(`seatPlans.cells.${kind}`);
    return cell.txt ? `${name}: ${cell.txt}` : name;
  }
  const state = seatStateOf(cell, context);
  const occupant = context.occupants.get(cell.txt);
  if (mode === 'edit') {
    // The editor knows no travellers: a seat is free or blocked there.
    return translate(
      cell.blocked || context.blocked.has(cell.txt) ? 'seatPlans.seat.blocked' : 'seatPlans.seat.plain',
      {
        label: cell.txt,
      },
    );
  }
  if (occupant && (state === 'taken' || state === 'mine'))
    return translate(`seatPlans.seat.${state}By`, { label: cell.txt, name: occupant.name });
  return translate(`seatPlans.seat.${state}`, { label: cell.txt });
}

export const cellKey = (position: SeatCellPosition): string => `${position.deck}-${position.row}-${position.col}`;

export const samePosition = (a: SeatCellPosition, b: SeatCellPosition): boolean =>
  a.deck === b.deck && a.row === b.row && a.col === b.col;

const deckSize = (layout: SeatLayout, deck: number) => {
  const rows = layout.decks[deck]?.rows ?? [];
  return { rows: rows.length, cols: rows[0]?.length ?? 0 };
};

/** The position clamped into the layout (after the grid shrank, or a deck was removed). */
export function clampPosition(layout: SeatLayout, position: SeatCellPosition): SeatCellPosition {
  const deck = Math.min(Math.max(position.deck, 0), Math.max(layout.decks.length - 1, 0));
  const size = deckSize(layout, deck);
  return {
    deck,
    row: Math.min(Math.max(position.row, 0), Math.max(size.rows - 1, 0)),
    col: Math.min(Math.max(position.col, 0), Math.max(size.cols - 1, 0)),
  };
}

/** The keys that move between cells (a roving tab stop: one cell of the grid is in the tab order). */
export type GridKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End' | 'PageUp' | 'PageDown';
export const GRID_KEYS: readonly string[] = [
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
] satisfies GridKey[];

/**
 * The cell a key moves to: arrows by one cell, stopping at the edges, except that right from the last column
 * goes on to the next deck (decks stand side by side) and left from the first back to the previous one;
 * Home/End the row's first/last cell (with Ctrl: the deck's first/last cell); PageUp/PageDown the deck's
 * first/last row.
 */
export function neighbour(layout: SeatLayout, from: SeatCellPosition, key: GridKey, ctrl = false): SeatCellPosition {
  const { deck, row, col } = clampPosition(layout, from);
  const size = deckSize(layout, deck);
  switch (key) {
    case 'ArrowUp':
      return { deck, row: Math.max(row - 1, 0), col };
    case 'ArrowDown':
      return { deck, row: Math.min(row + 1, size.rows - 1), col };
    case 'ArrowLeft':
      if (col > 0) return { deck, row, col: col - 1 };
      if (deck > 0) return clampPosition(layout, { deck: deck - 1, row, col: deckSize(layout, deck - 1).cols - 1 });
      return { deck, row, col };
    case 'ArrowRight':
      if (col < size.cols - 1) return { deck, row, col: col + 1 };
      if (deck < layout.decks.length - 1) return clampPosition(layout, { deck: deck + 1, row, col: 0 });
      return { deck, row, col };
    case 'Home':
      return ctrl ? { deck, row: 0, col: 0 } : { deck, row, col: 0 };
    case 'End':
      return ctrl ? { deck, row: size.rows - 1, col: size.cols - 1 } : { deck, row, col: size.cols - 1 };
    case 'PageUp':
      return { deck, row: 0, col };
    case 'PageDown':
      return { deck, row: size.rows - 1, col };
  }
}

/** The first seat of the layout (where the tab stop starts), or the first cell when there is none. */
export function firstSeatPosition(layout: SeatLayout): SeatCellPosition {
  for (const [d, deck] of layout.decks.entries())
    for (const [r, row] of deck.rows.entries())
      for (const [c, cell] of row.entries()) if (cell.isSeat) return { deck: d, row: r, col: c };
  return { deck: 0, row: 0, col: 0 };
}
