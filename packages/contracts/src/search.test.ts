import { describe, expect, it } from 'vitest';
import { buildSearchText, normalizeSearchText, searchWords } from './search.ts';

describe('search normalisation', () => {
  it('folds case and accents so muller, MÜLL and Müller meet', () => {
    expect(normalizeSearchText('Müller')).toBe('muller');
    expect(normalizeSearchText('MÜLL')).toBe('mull');
    expect(normalizeSearchText('Zoë Ångström-Çelik')).toBe('zoe angstrom-celik');
    expect(normalizeSearchText('Straße')).toBe('strasse');
  });

  it('splits a query into distinct words', () => {
    expect(searchWords('  Jörg   MÜLLER jörg ')).toEqual(['jorg', 'muller']);
    expect(searchWords('')).toEqual([]);
    expect(searchWords(undefined)).toEqual([]);
  });

  it('joins the searchable values, skipping empty ones', () => {
    expect(buildSearchText(['Jörg', null, '', 'Köln', 12345])).toBe('jorg koln 12345');
  });
});
