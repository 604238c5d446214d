import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatPrice,
  initials,
  normalizePriceInput,
  parsePriceInput,
  toApiDate,
  truncate,
} from './format.ts';

describe('date formats', () => {
  it('shows plain dates as DD.MM.YYYY without shifting them', () => {
    expect(formatDate('2026-03-01')).toBe('01.03.2026');
    expect(formatDate(null)).toBe('');
    expect(formatDate('rubbish')).toBe('');
  });

  it('shows timestamps in Europe/Berlin, summer and winter time alike', () => {
    expect(formatDateTime('2026-01-15T13:05:00Z')).toBe('15.01.2026 14:05');
    expect(formatDateTime('2026-07-15T13:05:00Z')).toBe('15.07.2026 15:05');
    expect(formatDate('2026-12-31T23:30:00Z')).toBe('01.01.2027');
  });

  it('sends dates as YYYY-MM-DD', () => {
    expect(toApiDate('1.3.2026')).toBe('2026-03-01');
    expect(toApiDate('31.12.2026')).toBe('2026-12-31');
    expect(toApiDate('31.02.2026')).toBeNull();
    expect(toApiDate('2026-03-01')).toBe('2026-03-01');
    expect(toApiDate(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
    expect(toApiDate('')).toBeNull();
  });
});

describe('prices', () => {
  it('formats euro in German style with two decimals', () => {
    expect(formatPrice(1234.5).replace(/\u00a0/g, ' ')).toBe('1.234,50 €');
    expect(formatPrice(0).replace(/\u00a0/g, ' ')).toBe('0,00 €');
    expect(formatPrice(null)).toBe('');
  });

  it('normalises price input to a comma and two decimals', () => {
    expect(normalizePriceInput('12')).toBe('12,00');
    expect(normalizePriceInput('12.5')).toBe('12,50');
    expect(normalizePriceInput('12,5')).toBe('12,50');
    expect(normalizePriceInput('1.234,5')).toBe('1234,50');
    expect(normalizePriceInput('1.234.567')).toBe('1234567,00');
    expect(normalizePriceInput(' 99,999 € ')).toBe('100,00');
    expect(normalizePriceInput('zwölf')).toBeNull();
    expect(parsePriceInput('1.234,50')).toBe(1234.5);
  });
});

describe('initials', () => {
  it.each([
    ['Andrea Köhler', 'AK'],
    ['Hans-Peter', 'HP'],
    ['Anna Maria Schulze-Ölmann', 'AÖ'],
    ['Müller', 'MÜ'],
    ['x', 'X'],
    ['  ', ''],
    [null, ''],
  ])('%s → %s', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe('truncate', () => {
  it('ends shortened texts with ...', () => {
    expect(truncate('Ein langer Reisetitel für die Alpen', 15)).toBe('Ein langer R...');
    expect(truncate('kurz', 15)).toBe('kurz');
  });
});
