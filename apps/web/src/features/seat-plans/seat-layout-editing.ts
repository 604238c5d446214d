import {
  SEAT_CELL_IDX,
  SEAT_PLAN_LIMITS,
  layoutSeats,
  type SeatCell,
  type SeatCellKind,
  type SeatDeck,
  type SeatLayout,
} from '@tourdesk/contracts/seat-plans.schema';
import type { SeatCellPosition } from '../../shared/seat-grid-logic.ts';

/**
 * The seat plan editor's changes to a layout, as pure functions: each answers a new layout and leaves the old
 * one as it was (the form compares them for unsaved changes).
 */

export const cellOfKind = (kind: SeatCellKind, txt = ''): SeatCell =>
  kind === 'seat'
    ? { txt, idx: SEAT_CELL_IDX.seat, isSeat: true }
    : { txt: '', idx: SEAT_CELL_IDX[kind], isSeat: false };

const EMPTY = cellOfKind('terrain');

const clampSize = (value: number, max: number) => Math.min(Math.max(Math.round(value) || 1, 1), max);

export function emptyDeck(rows: number, cols: number, name: string | null = null): SeatDeck {
  const r = clampSize(rows, SEAT_PLAN_LIMITS.rows);
  const c = clampSize(cols, SEAT_PLAN_LIMITS.cols);
  return { name, rows: Array.from({ length: r }, () => Array.from({ length: c }, () => ({ ...EMPTY }))) };
}

/** An empty grid: aisle everywhere, for the operator to paint. */
export const emptyLayout = (rows: number, cols: number): SeatLayout => ({ decks: [emptyDeck(rows, cols)] });

export const deckRows = (deck: SeatDeck) => deck.rows.length;
export const deckCols = (deck: SeatDeck) => deck.rows[0]?.length ?? 0;

/** A deck with `rows` × `cols` cells: cells inside both sizes stay, new ones are aisle. */
export function resizeDeck(layout: SeatLayout, deck: number, rows: number, cols: number): SeatLayout {
  const r = clampSize(rows, SEAT_PLAN_LIMITS.rows);
  const c = clampSize(cols, SEAT_PLAN_LIMITS.cols);
  return {
    decks: layout.decks.map((current, d) =>
      d !== deck
        ? current
        : {
            ...current,
            rows: Array.from({ length: r }, (_, row) =>
              Array.from({ length: c }, (_, col) => current.rows[row]?.[col] ?? { ...EMPTY }),
            ),
          },
    ),
  };
}

/** Adds a second deck as large as the first (named `name`), or removes it. */
export function withSecondDeck(layout: SeatLayout, on: boolean, name: string | null): SeatLayout {
  const first = layout.decks[0]!;
  if (!on) return { decks: [first] };
  if (layout.decks.length > 1) return layout;
  return { decks: [first, emptyDeck(deckRows(first), deckCols(first), name)] };
}

export function renameDeck(layout: SeatLayout, deck: number, name: string): SeatLayout {
  return { decks: layout.decks.map((current, d) => (d === deck ? { ...current, name: name || null } : current)) };
}

const cellAt = (layout: SeatLayout, at: SeatCellPosition): SeatCell | undefined =>
  layout.decks[at.deck]?.rows[at.row]?.[at.col];

function replaceCell(layout: SeatLayout, at: SeatCellPosition, cell: SeatCell): SeatLayout {
  return {
    decks: layout.decks.map((deck, d) =>
      d !== at.deck
        ? deck
        : {
            ...deck,
            rows: deck.rows.map((row, r) => (r !== at.row ? row : row.map((old, c) => (c === at.col ? cell : old)))),
          },
    ),
  };
}

/** The number after the highest numeric seat label (1 on a plan without seats). */
export function nextSeatNumber(layout: SeatLayout): string {
  const numbers = layoutSeats(layout)
    .map((seat) => Number(seat.txt))
    .filter((value) => Number.isInteger(value));
  return String(Math.max(0, ...numbers) + 1);
}

/**
 * Paints a cell with a kind. A seat painted over a seat keeps its number and blocking; a new seat gets the
 * next free number. The same layout comes back when nothing changes, so dragging over painted cells is cheap.
 */
export function paintCell(layout: SeatLayout, at: SeatCellPosition, kind: SeatCellKind): SeatLayout {
  const current = cellAt(layout, at);
  if (!current || current.idx === SEAT_CELL_IDX[kind]) return layout;
  return replaceCell(layout, at, cellOfKind(kind, kind === 'seat' ? nextSeatNumber(layout) : ''));
}

/** Numbers every seat 1, 2, … in reading order: deck by deck, row by row from the front, left to right. */
export function renumber(layout: SeatLayout): SeatLayout {
  let next = 1;
  return {
    decks: layout.decks.map((deck) => ({
      ...deck,
      rows: deck.rows.map((row) => row.map((cell) => (cell.isSeat ? { ...cell, txt: String(next++) } : cell))),
    })),
  };
}

/** Whether the seats are numbered 1, 2, … in reading order (then the editor keeps them so as it paints). */
export const isReadingOrder = (layout: SeatLayout): boolean =>
  layoutSeats(layout).every((seat, index) => seat.txt === String(index + 1));

export function setSeatLabel(layout: SeatLayout, at: SeatCellPosition, txt: string): SeatLayout {
  const current = cellAt(layout, at);
  if (!current?.isSeat || current.txt === txt) return layout;
  return replaceCell(layout, at, { ...current, txt });
}

export function setSeatBlocked(layout: SeatLayout, at: SeatCellPosition, blocked: boolean): SeatLayout {
  const current = cellAt(layout, at);
  if (!current?.isSeat || Boolean(current.blocked) === blocked) return layout;
  const { blocked: _, ...rest } = current;
  return replaceCell(layout, at, blocked ? { ...rest, blocked: true } : rest);
}

/** Seats to sell: every seat that is not blocked. */
export const sellableCount = (layout: SeatLayout): number => layoutSeats(layout).filter((seat) => !seat.blocked).length;

/** A nested error tree as react-hook-form keeps it (`errors.layout.decks[0].rows[3][2].txt.message`). */
type ErrorTree = { message?: unknown; [key: string]: unknown } | undefined;

/** Where the layout's errors are: one entry per cell with an error (e.g. a seat number used twice). */
export function layoutCellErrors(errors: unknown): Array<SeatCellPosition & { key: string }> {
  const found: Array<SeatCellPosition & { key: string }> = [];
  const decks = (errors as ErrorTree)?.decks;
  if (!decks || typeof decks !== 'object') return found;
  for (const [d, deck] of Object.entries(decks)) {
    const rows = (deck as ErrorTree)?.rows;
    if (!rows || typeof rows !== 'object') continue;
    for (const [r, row] of Object.entries(rows)) {
      if (!row || typeof row !== 'object') continue;
      for (const [c, cell] of Object.entries(row)) {
        if (!/^\d+$/.test(c) || !cell || typeof cell !== 'object') continue;
        const message = firstMessage(cell as ErrorTree);
        if (message) found.push({ deck: Number(d), row: Number(r), col: Number(c), key: message });
      }
    }
  }
  return found;
}

function firstMessage(tree: ErrorTree): string | undefined {
  if (!tree) return undefined;
  if (typeof tree.message === 'string' && tree.message) return tree.message;
  for (const [key, value] of Object.entries(tree))
    if (key !== 'ref' && value && typeof value === 'object') {
      const message = firstMessage(value as ErrorTree);
      if (message) return message;
    }
  return undefined;
}
