import { z } from 'zod';
import { optionalText, requiredText } from './fields.ts';

/**
 * Coach seat plans (spec §3 "Seat cell", §4 "Seat cell types from idx"; docs/adr/0013). A layout is a grid of
 * cells per deck; the same shape is stored on a plan and copied onto every transport that uses it.
 *
 * idx values: the spec's 0 seat, 1 other terrain (aisle, empty), 7 wall, 23 stairs; and Tourdesk's own
 * 2 driver, 3 door, 4 WC, 5 table, 6 guide seat, 8 kitchen. Only idx 0 is a seat that can be sold.
 */
export const SEAT_CELL_IDX = {
  seat: 0,
  terrain: 1,
  driver: 2,
  door: 3,
  wc: 4,
  table: 5,
  guide: 6,
  wall: 7,
  kitchen: 8,
  stairs: 23,
} as const;
export type SeatCellKind = keyof typeof SEAT_CELL_IDX;
export type SeatCellIdx = (typeof SEAT_CELL_IDX)[SeatCellKind];
export const SEAT_CELL_IDX_VALUES = Object.values(SEAT_CELL_IDX) as SeatCellIdx[];
export const SEAT_CELL_KINDS = Object.keys(SEAT_CELL_IDX) as SeatCellKind[];
export const seatCellKind = (idx: number): SeatCellKind =>
  SEAT_CELL_KINDS.find((kind) => SEAT_CELL_IDX[kind] === idx) ?? 'terrain';

/** Grid limits: two decks, 40 rows, 12 columns (wider than any coach; the editor starts at 13 × 5). */
export const SEAT_PLAN_LIMITS = { decks: 2, rows: 40, cols: 12, labelLength: 8 } as const;

/** One cell of the grid. `txt` is the seat's label (its number) for seats, free text otherwise. */
export const ZSeatCell = z
  .object({
    txt: z.string({ error: 'error.invalid' }).trim().max(SEAT_PLAN_LIMITS.labelLength, 'error.tooLong'),
    idx: z
      .number({ error: 'error.invalid' })
      .int('error.invalid')
      .refine((value) => (SEAT_CELL_IDX_VALUES as number[]).includes(value), 'error.invalid'),
    isSeat: z.boolean({ error: 'error.invalid' }),
    /** a seat the operator never sells on this plan (the guide's, a broken one) */
    blocked: z.boolean({ error: 'error.invalid' }).optional(),
  })
  .superRefine((cell, context) => {
    if (cell.isSeat !== (cell.idx === SEAT_CELL_IDX.seat))
      context.addIssue({ code: 'custom', path: ['isSeat'], message: 'error.invalid' });
    if (cell.isSeat && cell.txt === '') context.addIssue({ code: 'custom', path: ['txt'], message: 'error.empty' });
  });
export type SeatCell = z.infer<typeof ZSeatCell>;

export const ZSeatDeck = z.object({
  name: optionalText({ max: 40 }),
  rows: z
    .array(z.array(ZSeatCell).min(1, 'error.nonEmptyList').max(SEAT_PLAN_LIMITS.cols, 'error.tooLong'))
    .min(1, 'error.nonEmptyList')
    .max(SEAT_PLAN_LIMITS.rows, 'error.tooLong'),
});
export type SeatDeck = z.infer<typeof ZSeatDeck>;

/** Every row of a deck as wide as the first; seat labels unique over the whole layout (error.seatLabelDuplicate). */
export const ZSeatLayout = z
  .object({ decks: z.array(ZSeatDeck).min(1, 'error.nonEmptyList').max(SEAT_PLAN_LIMITS.decks, 'error.tooLong') })
  .superRefine((layout, context) => {
    const seen = new Set<string>();
    layout.decks.forEach((deck, d) => {
      const width = deck.rows[0]?.length ?? 0;
      deck.rows.forEach((row, r) => {
        if (row.length !== width)
          context.addIssue({ code: 'custom', path: ['decks', d, 'rows', r], message: 'error.invalid' });
        row.forEach((cell, c) => {
          if (!cell.isSeat) return;
          if (seen.has(cell.txt))
            context.addIssue({
              code: 'custom',
              path: ['decks', d, 'rows', r, c, 'txt'],
              message: 'error.seatLabelDuplicate',
            });
          seen.add(cell.txt);
        });
      });
    });
  });
export type SeatLayout = z.infer<typeof ZSeatLayout>;

/** Every seat of a layout in reading order (deck, row, column). */
export function layoutSeats(layout: SeatLayout): Array<SeatCell & { deck: number; row: number; col: number }> {
  const seats: Array<SeatCell & { deck: number; row: number; col: number }> = [];
  layout.decks.forEach((deck, d) =>
    deck.rows.forEach((row, r) =>
      row.forEach((cell, c) => {
        if (cell.isSeat) seats.push({ ...cell, deck: d, row: r, col: c });
      }),
    ),
  );
  return seats;
}

/** Labels of the seats that can be sold: seats not blocked in the layout nor in `blockedSeats`. */
export function sellableSeats(layout: SeatLayout, blockedSeats: readonly string[] = []): string[] {
  const blocked = new Set(blockedSeats);
  return layoutSeats(layout)
    .filter((seat) => !seat.blocked && !blocked.has(seat.txt))
    .map((seat) => seat.txt);
}

/**
 * A layout in an answer: the same shape as `ZSeatLayout` without its input cleaning (answers are encoded, and
 * zod cannot encode through a preprocess step).
 */
export const ZSeatLayoutAnswer = z.object({
  decks: z.array(
    z.object({
      name: z.string().nullable().optional(),
      rows: z.array(
        z.array(
          z.object({ txt: z.string(), idx: z.number().int(), isSeat: z.boolean(), blocked: z.boolean().optional() }),
        ),
      ),
    }),
  ),
});

export const ZSeatPlan = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  layout: ZSeatLayoutAnswer,
  /** sellable seats */
  seat_count: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SeatPlan = z.infer<typeof ZSeatPlan>;

const seatPlanFields = {
  name: requiredText({ max: 120 }),
  description: optionalText({ max: 2000 }),
  layout: ZSeatLayout,
  active: z.boolean({ error: 'error.invalid' }).optional(),
};
export const ZCreateSeatPlanBody = z.object(seatPlanFields);
export type CreateSeatPlanBody = z.infer<typeof ZCreateSeatPlanBody>;
export const ZUpdateSeatPlanBody = z.object(seatPlanFields).partial();
export type UpdateSeatPlanBody = z.infer<typeof ZUpdateSeatPlanBody>;

/** GET /seat-plans/templates: the standard layouts the editor can start from (seat-plan-templates.ts). */
export const ZSeatPlanTemplateItem = z.object({
  key: z.string(),
  name: z.string(),
  layout: ZSeatLayoutAnswer,
  seat_count: z.number().int(),
});
export type SeatPlanTemplateItem = z.infer<typeof ZSeatPlanTemplateItem>;
