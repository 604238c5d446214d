import { describe, expect, it } from 'vitest';
import { histogramBins, moveStep } from './survey-steps.ts';

describe('survey steps', () => {
  it('moves a step up, down and keeps the list when out of range', () => {
    expect(moveStep([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
    expect(moveStep([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
    expect(moveStep([1, 2, 3], 2, 3)).toEqual([1, 2, 3]);
    expect(moveStep([1, 2, 3], -1, 0)).toEqual([1, 2, 3]);
  });

  it('bins many numbers into equal ranges and keeps few as they are', () => {
    expect(
      histogramBins([
        { value: 1, count: 2 },
        { value: 3, count: 1 },
      ]),
    ).toEqual([
      { label: '1', count: 2 },
      { label: '3', count: 1 },
    ]);
    const values = Array.from({ length: 11 }, (_, i) => ({ value: i * 10, count: 1 }));
    const bins = histogramBins(values, 5);
    expect(bins.map((bin) => bin.label)).toEqual(['0–20', '20–40', '40–60', '60–80', '80–100']);
    expect(bins.map((bin) => bin.count)).toEqual([2, 2, 2, 2, 3]);
  });
});
