import { describe, expect, it } from 'vitest';
import { euro, parsePrice } from './money.ts';

describe('menu prices', () => {
  it('reads prices typed with a comma or a point and refuses anything else', () => {
    expect(parsePrice('2,50')).toBe(2.5);
    expect(parsePrice(' 3.2 € ')).toBe(3.2);
    expect(parsePrice('12')).toBe(12);
    expect(parsePrice('2,555')).toBeNull();
    expect(parsePrice('-1')).toBeNull();
    expect(parsePrice('abc')).toBeNull();
  });
  it('shows euro the German way', () => {
    expect(euro(1234.5).replace(/\u00a0/g, ' ')).toBe('1.234,50 €');
  });
});
