import { describe, expect, it } from 'vitest';
import { formatPercent, parsePercent, ratesBody, rowErrorsFromServer, rowsOf } from './commission-rates.ts';

describe('the commission rates editor', () => {
  it('reads percent typed the German way or with a point', () => {
    expect(parsePercent('10,5')).toBe(10.5);
    expect(parsePercent(' 7.25 % ')).toBe(7.25);
    expect(parsePercent('12')).toBe(12);
    expect(parsePercent('zehn')).toBeNull();
    expect(parsePercent('1,2,3')).toBeNull();
    expect(parsePercent('-3')).toBeNull();
  });

  it('shows stored rates German with two decimals, the default first', () => {
    expect(formatPercent(10.5)).toBe('10,50 %');
    expect(
      rowsOf([
        { categoryId: 3, categoryName: 'Städtereisen', percent: 8 },
        { categoryId: null, categoryName: null, percent: 10.5 },
      ]),
    ).toEqual([
      { categoryId: null, text: '10,50' },
      { categoryId: 3, text: '8,00' },
    ]);
    expect(rowsOf([])).toEqual([{ categoryId: null, text: '' }]);
  });

  it('sends the default and the category rates as numbers', () => {
    expect(
      ratesBody([
        { categoryId: null, text: '10,5' },
        { categoryId: 3, text: '7,25' },
        { categoryId: 0, text: '0' },
      ]),
    ).toEqual({
      body: {
        rates: [
          { categoryId: null, percent: 10.5 },
          { categoryId: 3, percent: 7.25 },
          { categoryId: 0, percent: 0 },
        ],
      },
    });
  });

  it('leaves an empty default out (no default: 0 %) but wants a percent on a category row', () => {
    expect(ratesBody([{ categoryId: null, text: '' }])).toEqual({ body: { rates: [] } });
    expect(
      ratesBody([
        { categoryId: null, text: '' },
        { categoryId: 2, text: ' ' },
      ]),
    ).toEqual({
      errors: { 1: 'error.empty' },
    });
  });

  it('refuses more than two decimals, more than 100 % and text, instead of rounding', () => {
    expect(
      ratesBody([
        { categoryId: null, text: '10,555' },
        { categoryId: 1, text: '100,01' },
        { categoryId: 2, text: 'viel' },
        { categoryId: 3, text: '100' },
      ]),
    ).toEqual({
      errors: {
        0: 'agencies.rates.invalidPercent',
        1: 'agencies.rates.invalidPercent',
        2: 'agencies.rates.invalidPercent',
      },
    });
  });

  it('refuses a second rate for the same category', () => {
    expect(
      ratesBody([
        { categoryId: null, text: '10' },
        { categoryId: 4, text: '5' },
        { categoryId: 4, text: '6' },
      ]),
    ).toEqual({ errors: { 2: 'error.rateDuplicate' } });
  });

  it("puts the server's field errors on the rows that were sent", () => {
    const rows = [
      { categoryId: null, text: '' },
      { categoryId: 4, text: '5' },
      { categoryId: 5, text: '6' },
    ];
    expect(rowErrorsFromServer({ 'rates.1.categoryId': 'error.notFound' }, rows)).toEqual({ 2: 'error.notFound' });
  });
});
