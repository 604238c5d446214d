import { describe, expect, it } from 'vitest';
import { buildSearchText, dinSortKey, normalizeSearchText, phoneSearchKey, searchWords } from './search.ts';

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

  it('writes every common form of a German phone number the same way', () => {
    const forms = [
      '0176 1962829',
      '+49 176 1962829',
      '0176/1962829',
      '0176-1962829',
      '0049 176 1962829',
      '+49 (0)176 1962829',
    ];
    for (const form of forms) expect(phoneSearchKey(form)).toBe('01761962829');
    expect(phoneSearchKey('+43 660 1234567')).toBe('00436601234567');
  });

  it('searches a phone-like query as one number, and anything else word by word', () => {
    expect(searchWords('+49 176 1962829')).toEqual(['01761962829']);
    expect(searchWords('0176/196')).toEqual(['0176196']);
    expect(searchWords('12345 Köln')).toEqual(['12345', 'koln']);
    expect(searchWords('12345')).toEqual(['12345']);
    expect(searchWords('200169 90402')).toEqual(['200169', '90402']);
    expect(searchWords('176 1962829')).toEqual(['176', '1962829']);
  });

  it('sorts names after DIN 5007: umlauts as their base letter, ß as ss, case ignored', () => {
    const names = ['Zimmermann', 'Öztürk', 'Ochs', 'müller', 'Muller', 'Strauß', 'Strauss', 'Meier'];
    const sorted = [...names].sort((a, b) =>
      dinSortKey(a) < dinSortKey(b) ? -1 : dinSortKey(a) > dinSortKey(b) ? 1 : 0,
    );
    expect(sorted).toEqual(['Meier', 'müller', 'Muller', 'Ochs', 'Öztürk', 'Strauß', 'Strauss', 'Zimmermann']);
  });
});
