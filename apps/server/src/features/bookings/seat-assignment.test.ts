import { describe, expect, it } from 'vitest';
import { layoutFromRows, SEAT_PLAN_TEMPLATES } from '@tourdesk/contracts';
import { autoAssignSeats, isSellableSeat } from './seat-assignment.ts';

// Rows of 2 + 2: seats 1 2 _ 3 4 / 5 6 _ 7 8 / 9 10 _ 11 12
const coach = layoutFromRows([{ rows: ['D__TT', 'SS_SS', 'SS_SS', 'SS_SS'] }]);

describe('autoAssignSeats', () => {
  it('gives a party adjacent seats in reading order', () => {
    expect(autoAssignSeats(coach, new Set(), 2)).toEqual(['1', '2']);
    expect(autoAssignSeats(coach, new Set(['1']), 2)).toEqual(['3', '4']);
    expect(autoAssignSeats(coach, new Set(['1', '3']), 2)).toEqual(['5', '6']);
  });

  it('keeps a party in one row across the aisle before splitting it over rows', () => {
    expect(autoAssignSeats(coach, new Set(), 4)).toEqual(['1', '2', '3', '4']);
    expect(autoAssignSeats(coach, new Set(['2', '4', '6', '8', '10', '12']), 2)).toEqual(['1', '3']);
  });

  it('runs over rows in reading order when no row has room, else takes the first free seats', () => {
    expect(autoAssignSeats(coach, new Set(['1', '2']), 6)).toEqual(['3', '4', '5', '6', '7', '8']);
    expect(autoAssignSeats(coach, new Set(['2', '5', '8', '11']), 3)).toEqual(['1', '3', '4']);
    expect(autoAssignSeats(coach, new Set(['2', '4', '5', '7', '10', '12']), 3)).toEqual(['1', '3', '6']);
  });

  it('never gives blocked seats or cells that are not seats, and says when the party does not fit', () => {
    const blocked = layoutFromRows([{ rows: ['SS', 'SS'] }]);
    blocked.decks[0]!.rows[0]![0]!.blocked = true;
    expect(autoAssignSeats(blocked, new Set(['2']), 2)).toEqual(['3', '4']);
    expect(autoAssignSeats(blocked, new Set(['2']), 3)).toBeNull();
    expect(autoAssignSeats(coach, new Set(), 0)).toEqual([]);
    const seats = autoAssignSeats(SEAT_PLAN_TEMPLATES.touring49.layout, new Set(), 49);
    expect(seats).toHaveLength(49);
    expect(new Set(seats).size).toBe(49);
    expect(autoAssignSeats(SEAT_PLAN_TEMPLATES.touring49.layout, new Set(), 50)).toBeNull();
  });
});

describe('isSellableSeat', () => {
  it('accepts a seat label and refuses blocked seats and labels that are no seat', () => {
    expect(isSellableSeat(coach, [], '5')).toBe(true);
    expect(isSellableSeat(coach, ['5'], '5')).toBe(false);
    expect(isSellableSeat(coach, [], '13')).toBe(false);
    expect(isSellableSeat(coach, [], '')).toBe(false);
  });
});
