import { describe, expect, it } from 'vitest';
import { parseIds } from './setting-value-input.tsx';

describe('a list of ids as typed', () => {
  it('reads commas, spaces and semicolons as separators', () => {
    expect(parseIds('32, 44 65;129')).toEqual([32, 44, 65, 129]);
    expect(parseIds('')).toEqual([]);
  });

  it('keeps anything else as the text typed, for the server to refuse with its message', () => {
    expect(parseIds('32, vierzig')).toBe('32, vierzig');
    expect(parseIds('-1')).toBe('-1');
  });
});
