import { describe, expect, it } from 'vitest';
import { diaryDays, tripDayNumber } from './diary-days.ts';

describe('diary timeline', () => {
  it('lists every day of the trip and the days around it that have entries', () => {
    expect(diaryDays('2027-06-07', '2027-06-09', ['2027-06-10', '2027-06-08'])).toEqual([
      '2027-06-07',
      '2027-06-08',
      '2027-06-09',
      '2027-06-10',
    ]);
  });
  it('numbers the days of the trip', () => {
    expect(tripDayNumber('2027-06-07', '2027-06-09', '2027-06-07')).toBe(1);
    expect(tripDayNumber('2027-06-07', '2027-06-09', '2027-06-09')).toBe(3);
    expect(tripDayNumber('2027-06-07', '2027-06-09', '2027-06-10')).toBeNull();
  });
});
