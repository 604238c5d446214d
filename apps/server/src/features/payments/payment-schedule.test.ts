import { describe, expect, it } from 'vitest';
import { computeSchedule, coverSchedule, dayOf, nextDunning } from './payment-schedule.ts';

const terms = { depositPercent: 20, depositDays: 14, balanceDaysBefore: 30 };
const dunning = { afterDays: [7, 21, 35] };

describe('payment schedule', () => {
  it('asks a deposit after confirmation and the balance before departure', () => {
    expect(
      computeSchedule({ totalCents: 129_800, confirmedDay: '2027-01-10', departureDay: '2027-05-03', terms }),
    ).toEqual([
      { kind: 'deposit', amount_cents: 25_960, due_date: '2027-01-24' },
      { kind: 'balance', amount_cents: 103_840, due_date: '2027-04-03' },
    ]);
  });

  it('drops the deposit when the balance falls due first, and never asks before the confirmation day', () => {
    expect(
      computeSchedule({ totalCents: 50_000, confirmedDay: '2027-04-20', departureDay: '2027-05-03', terms }),
    ).toEqual([{ kind: 'balance', amount_cents: 50_000, due_date: '2027-04-20' }]);
    expect(
      computeSchedule({ totalCents: 50_000, confirmedDay: '2027-03-25', departureDay: '2027-05-03', terms }),
    ).toEqual([{ kind: 'balance', amount_cents: 50_000, due_date: '2027-04-03' }]);
  });

  it('has nothing for a total of 0 and no deposit at 0 %', () => {
    expect(computeSchedule({ totalCents: 0, confirmedDay: '2027-01-10', departureDay: '2027-05-03', terms })).toEqual(
      [],
    );
    expect(
      computeSchedule({
        totalCents: 1000,
        confirmedDay: '2027-01-10',
        departureDay: '2027-05-03',
        terms: { ...terms, depositPercent: 0 },
      }),
    ).toEqual([{ kind: 'balance', amount_cents: 1000, due_date: '2027-04-03' }]);
  });

  it('covers the oldest instalment first and marks open ones past their day overdue', () => {
    const schedule = [
      { kind: 'balance' as const, amount_cents: 800, due_date: '2027-04-03' },
      { kind: 'deposit' as const, amount_cents: 200, due_date: '2027-01-24' },
    ];
    expect(coverSchedule(schedule, 250, '2027-04-04')).toEqual([
      { kind: 'deposit', amount_cents: 200, due_date: '2027-01-24', covered_cents: 200, open_cents: 0, overdue: false },
      { kind: 'balance', amount_cents: 800, due_date: '2027-04-03', covered_cents: 50, open_cents: 750, overdue: true },
    ]);
    expect(coverSchedule(schedule, 0, '2027-01-24')[0]!.overdue).toBe(false);
  });

  it('takes the day in Europe/Berlin', () => {
    expect(dayOf('2027-01-09T23:30:00.000Z')).toBe('2027-01-10');
    expect(dayOf('2027-07-09T21:59:00.000Z')).toBe('2027-07-09');
    expect(dayOf('2027-05-03')).toBe('2027-05-03');
  });
});

describe('reminder levels', () => {
  const open = coverSchedule([{ kind: 'deposit', amount_cents: 200, due_date: '2027-01-24' }], 0, '2027-02-28');

  it('falls due afterDays after the oldest open instalment, one level at a time', () => {
    const at = (today: string, level: number, lastDunnedDay: string | null = null) =>
      nextDunning(coverSchedule(open, 0, today), level, dunning, today, { lastDunnedDay })?.level ?? null;
    expect(at('2027-01-30', 0)).toBeNull();
    expect(at('2027-01-31', 0)).toBe(1);
    expect(at('2027-02-13', 1, '2027-01-31')).toBeNull();
    expect(at('2027-02-14', 1, '2027-01-31')).toBe(2);
    expect(at('2027-02-28', 2, '2027-02-14')).toBe(3);
    expect(at('2027-12-31', 3, '2027-02-28')).toBeNull();
    // a job that was down sends level 1 first, and level 2 only the terms' gap after it
    expect(at('2027-03-31', 1, '2027-03-31')).toBeNull();
  });

  it('lets the office remind as soon as something is overdue, never above the highest level', () => {
    expect(nextDunning(open, 0, dunning, '2027-01-25', null)?.level).toBe(1);
    expect(nextDunning(open, 3, dunning, '2027-01-25', null)).toBeNull();
    expect(nextDunning(coverSchedule(open, 200, '2027-01-25'), 0, dunning, '2027-01-25', null)).toBeNull();
    expect(nextDunning(open, 1, { afterDays: [7] }, '2027-03-01', null)).toBeNull();
  });
});
