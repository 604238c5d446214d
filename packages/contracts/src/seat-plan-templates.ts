import { SEAT_CELL_IDX, type SeatCell, type SeatCellKind, type SeatLayout } from './seat-plans.schema.ts';

/**
 * Coach layouts written as text, one string per row: `S` seat, `_` aisle or empty floor, `D` driver, `T` door,
 * `W` WC, `B` table, `G` guide seat, `X` wall, `K` kitchen, `^` stairs. Seats are numbered 1, 2, … in reading
 * order over all decks. The editor offers the templates below as starting points; demo data and tests use them.
 */
const CELL_LETTERS: Record<string, SeatCellKind> = {
  S: 'seat',
  _: 'terrain',
  D: 'driver',
  T: 'door',
  W: 'wc',
  B: 'table',
  G: 'guide',
  X: 'wall',
  K: 'kitchen',
  '^': 'stairs',
};

export function layoutFromRows(decks: Array<{ name?: string; rows: string[] }>): SeatLayout {
  let next = 1;
  return {
    decks: decks.map((deck) => ({
      name: deck.name ?? null,
      rows: deck.rows.map((line) =>
        [...line].map((letter): SeatCell => {
          const kind = CELL_LETTERS[letter];
          if (!kind) throw new Error(`Unknown seat plan letter "${letter}"`);
          const idx = SEAT_CELL_IDX[kind];
          return idx === SEAT_CELL_IDX.seat
            ? { txt: String(next++), idx, isSeat: true }
            : { txt: '', idx, isSeat: false };
        }),
      ),
    })),
  };
}

const rowsOf = (count: number, row: string) => Array.from({ length: count }, () => row);

/** The standard layouts (name, then rows), each a realistic coach. */
export const SEAT_PLAN_TEMPLATES = {
  /** 49-seat touring coach: front door, 11 rows of 2 + 2, a back row of five. */
  touring49: {
    name: 'Reisebus 49 Plätze',
    layout: layoutFromRows([{ rows: ['D__TT', ...rowsOf(11, 'SS_SS'), 'SSSSS'] }]),
  },
  /** 57-seat coach with a middle door and a WC. */
  coach57: {
    name: 'Reisebus 57 Plätze mit Mitteltür',
    layout: layoutFromRows([
      { rows: ['D__TT', ...rowsOf(7, 'SS_SS'), 'SS_TT', ...rowsOf(5, 'SS_SS'), 'SS_WW', 'SSSSS'] },
    ]),
  },
  /** 19-seat minibus: one seat, aisle, two seats. */
  minibus19: {
    name: 'Kleinbus 19 Plätze',
    layout: layoutFromRows([{ rows: ['D_TT', ...rowsOf(5, 'S_SS'), 'SSSS'] }]),
  },
  /** Double-decker: a lower deck with tables, WC and stairs; the upper deck above. */
  doubleDecker: {
    name: 'Doppeldecker 81 Plätze',
    layout: layoutFromRows([
      {
        name: 'Unterdeck',
        rows: ['D__TT', ...rowsOf(2, 'SS_SS'), 'BB_BB', ...rowsOf(2, 'SS_SS'), 'SS_^^', 'WW_TT', ...rowsOf(2, 'SS_SS')],
      },
      { name: 'Oberdeck', rows: ['^^_SS', ...rowsOf(12, 'SS_SS'), 'SSSSS'] },
    ]),
  },
} as const;
export type SeatPlanTemplate = keyof typeof SEAT_PLAN_TEMPLATES;
