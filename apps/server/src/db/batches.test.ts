import { describe, expect, it } from 'vitest';
import { statementBatches } from './batches.ts';

describe('statementBatches', () => {
  it('cuts rows into slices whose values fit one statement on both databases, keeping every row once, in order', () => {
    const rows = Array.from({ length: 70_001 }, (_, i) => i);
    const batches = [...statementBatches(rows, 19)];
    expect(batches.every((batch) => batch.length * 19 <= 32_766)).toBe(true);
    expect(batches.flat()).toEqual(rows);
    expect(batches.length).toBeGreaterThan(1);
  });

  it('makes nothing of nothing, and one row per slice when a row alone is large', () => {
    expect([...statementBatches([], 5)]).toEqual([]);
    expect([...statementBatches(['a', 'b'], 40_000)]).toEqual([['a'], ['b']]);
  });
});
