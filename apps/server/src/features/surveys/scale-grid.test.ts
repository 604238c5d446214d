import { describe, expect, it } from 'vitest';
import { scaleGrid } from './surveys.service.ts';

describe('scaleGrid', () => {
  it('shows every value of the scale, with 0 where nobody chose it', () => {
    expect(scaleGrid({ min_value: 1, max_value: 5, step: null }, [{ value: 4, count: 2 }])).toEqual([
      { value: 1, count: 0 },
      { value: 2, count: 0 },
      { value: 3, count: 0 },
      { value: 4, count: 2 },
      { value: 5, count: 0 },
    ]);
  });

  it('walks decimal steps without rounding drift, and keeps values off the grid in order', () => {
    const grid = scaleGrid({ min_value: 0, max_value: 1, step: 0.1 }, [
      { value: 0.3, count: 1 },
      { value: 0.35, count: 4 },
    ]);
    expect(grid.map((entry) => entry.value)).toEqual([0, 0.1, 0.2, 0.3, 0.35, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
    expect(grid.find((entry) => entry.value === 0.3)?.count).toBe(1);
    expect(grid.find((entry) => entry.value === 0.35)?.count).toBe(4);
  });

  it('leaves the counts as they are when the scale has no bounds or too many steps', () => {
    const counted = [{ value: 3, count: 1 }];
    expect(scaleGrid({ min_value: null, max_value: 5, step: 1 }, counted)).toBe(counted);
    expect(scaleGrid({ min_value: 0, max_value: 1000, step: 1 }, counted)).toBe(counted);
  });
});
