import { layoutSeats, type SeatLayout } from '@tourdesk/contracts';

/**
 * Automatic seat assignment (docs/adr/0014 "Seats"), a pure function of a coach's layout and the seats that
 * cannot be given. A party gets, in this order of preference:
 * 1. a run of directly adjacent free seats in one row (neighbouring cells, the first such run in reading order);
 * 2. free seats next to each other in one row across the aisle (consecutive seats of the row);
 * 3. a run of consecutive free seats in reading order (deck, row, column) over several rows;
 * 4. the first free seats in reading order.
 * Blocked seats (in the layout or in `unavailable`) and cells that are not seats are never given.
 * Returns null when there are fewer free seats than the party.
 */
export function autoAssignSeats(layout: SeatLayout, unavailable: ReadonlySet<string>, count: number): string[] | null {
  if (count <= 0) return [];
  const seats = layoutSeats(layout);
  const free = (seat: (typeof seats)[number]) => !seat.blocked && !unavailable.has(seat.txt);
  const freeSeats = seats.filter(free);
  if (freeSeats.length < count) return null;

  const rows = new Map<string, typeof seats>();
  for (const seat of seats) {
    const key = `${seat.deck}:${seat.row}`;
    const row = rows.get(key) ?? [];
    row.push(seat);
    rows.set(key, row);
  }
  // 1. directly adjacent cells in one row
  for (const row of rows.values()) {
    const run = firstRun(row, count, (a, b) => b.col === a.col + 1, free);
    if (run) return run;
  }
  // 2. consecutive seats of one row (the aisle in between is fine)
  for (const row of rows.values()) {
    const run = firstRun(row, count, () => true, free);
    if (run) return run;
  }
  // 3. consecutive seats in reading order over rows
  const run = firstRun(seats, count, () => true, free);
  if (run) return run;
  // 4. the first free seats
  return freeSeats.slice(0, count).map((seat) => seat.txt);
}

function firstRun<Seat extends { txt: string }>(
  seats: readonly Seat[],
  count: number,
  adjacent: (a: Seat, b: Seat) => boolean,
  free: (seat: Seat) => boolean,
): string[] | null {
  let run: Seat[] = [];
  for (const seat of seats) {
    if (!free(seat)) {
      run = [];
      continue;
    }
    const last = run.at(-1);
    run = last && adjacent(last, seat) ? [...run, seat] : [seat];
    if (run.length === count) return run.map((item) => item.txt);
  }
  return null;
}

/** Whether `label` is a seat of the layout that may be sold: a seat cell, not blocked in the layout or the list. */
export function isSellableSeat(layout: SeatLayout, blockedSeats: readonly string[], label: string): boolean {
  return layoutSeats(layout).some((seat) => seat.txt === label && !seat.blocked && !blockedSeats.includes(label));
}
