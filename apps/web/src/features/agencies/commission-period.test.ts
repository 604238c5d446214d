import { describe, expect, it } from 'vitest';
import {
  customPeriod,
  lastFullMonth,
  periodContaining,
  periodName,
  periodQuery,
  periodRange,
  shiftPeriod,
  switchKind,
  today,
} from './commission-period.ts';

describe('the period of a commission statement', () => {
  it('defaults to the last full month, also across the turn of the year', () => {
    expect(lastFullMonth('2026-11-23')).toEqual({ kind: 'month', from: '2026-10-01', to: '2026-10-31' });
    expect(lastFullMonth('2027-01-01')).toEqual({ kind: 'month', from: '2026-12-01', to: '2026-12-31' });
    expect(lastFullMonth('2024-03-31')).toEqual({ kind: 'month', from: '2024-02-01', to: '2024-02-29' });
  });

  it('takes today in Berlin, not in UTC', () => {
    // 23:30 UTC on 31 October is already 1 November in Berlin: the last full month is October.
    expect(today(new Date('2026-10-31T23:30:00Z'))).toBe('2026-11-01');
    expect(lastFullMonth(today(new Date('2026-10-31T23:30:00Z')))).toMatchObject({ from: '2026-10-01' });
  });

  it('finds the quarter and the year of a day', () => {
    expect(periodContaining('quarter', '2026-11-15')).toEqual({
      kind: 'quarter',
      from: '2026-10-01',
      to: '2026-12-31',
    });
    expect(periodContaining('quarter', '2026-02-28')).toEqual({
      kind: 'quarter',
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(periodContaining('quarter', '2026-06-30')).toEqual({
      kind: 'quarter',
      from: '2026-04-01',
      to: '2026-06-30',
    });
    expect(periodContaining('year', '2026-06-30')).toEqual({ kind: 'year', from: '2026-01-01', to: '2026-12-31' });
  });

  it('steps back and forth by its own length, across years', () => {
    const january = periodContaining('month', '2026-01-10');
    expect(shiftPeriod(january, -1)).toEqual({ kind: 'month', from: '2025-12-01', to: '2025-12-31' });
    expect(shiftPeriod(january, 1)).toEqual({ kind: 'month', from: '2026-02-01', to: '2026-02-28' });
    expect(shiftPeriod(periodContaining('quarter', '2026-11-01'), 1)).toEqual({
      kind: 'quarter',
      from: '2027-01-01',
      to: '2027-03-31',
    });
    expect(shiftPeriod(periodContaining('year', '2026-11-01'), -2)).toMatchObject({ from: '2024-01-01' });
  });

  it('keeps its place in time when the kind changes', () => {
    const october = periodContaining('month', '2026-10-01');
    expect(switchKind(october, 'quarter')).toEqual({ kind: 'quarter', from: '2026-10-01', to: '2026-12-31' });
    expect(switchKind(october, 'year')).toEqual({ kind: 'year', from: '2026-01-01', to: '2026-12-31' });
    expect(switchKind(october, 'custom')).toEqual({ kind: 'custom', from: '2026-10-01', to: '2026-10-31' });
  });

  it('is named and shown with German dates', () => {
    expect(periodName(periodContaining('month', '2026-03-05'))).toBe('03.2026');
    expect(periodName(periodContaining('quarter', '2026-08-05'))).toBe('Q3 2026');
    expect(periodName(periodContaining('year', '2026-08-05'))).toBe('2026');
    expect(periodRange({ from: '2026-10-01', to: '2026-10-31' })).toBe('01.10.2026 – 31.10.2026');
  });

  it('takes a typed range as DD.MM.YYYY and refuses an end before the start', () => {
    expect(customPeriod('1.10.2026', '15.10.2026')).toEqual({
      period: { kind: 'custom', from: '2026-10-01', to: '2026-10-15' },
    });
    expect(customPeriod('15.10.2026', '14.10.2026')).toEqual({ errors: { to: 'error.dateTillBeforeFrom' } });
    expect(customPeriod('31.02.2026', '')).toEqual({ errors: { from: 'error.invalid', to: 'error.empty' } });
  });

  it('travels to the API as yyyy-MM-dd with the agency', () => {
    expect(periodQuery(7, { from: '2026-10-01', to: '2026-10-31' })).toBe('agencyId=7&from=2026-10-01&to=2026-10-31');
  });
});
