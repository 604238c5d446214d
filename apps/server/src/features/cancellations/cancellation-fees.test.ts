import { describe, expect, it } from 'vitest';
import { DEFAULT_CANCELLATION_TERMS } from '@tourdesk/contracts';
import { cancellationFeeLines, daysBeforeDeparture, feePercent } from './cancellation-fees.ts';

describe('cancellation fees', () => {
  it('counts calendar days to departure from the office day in Europe/Berlin', () => {
    expect(daysBeforeDeparture('2027-05-03', new Date('2027-03-19T10:00:00Z'))).toBe(45);
    expect(daysBeforeDeparture('2027-05-03', new Date('2027-03-20T10:00:00Z'))).toBe(44);
    // 23:30 UTC on 18 March is already 19 March in Berlin
    expect(daysBeforeDeparture('2027-05-03', new Date('2027-03-18T23:30:00Z'))).toBe(45);
    expect(daysBeforeDeparture('2027-05-03', new Date('2027-05-03T08:00:00Z'))).toBe(0);
    expect(daysBeforeDeparture('2027-05-03', new Date('2027-05-04T08:00:00Z'))).toBe(-1);
  });

  it('takes the percentage of the term boundaries, and none for a booking that is no contract yet', () => {
    const terms = DEFAULT_CANCELLATION_TERMS;
    expect([45, 44, 30, 29, 15, 14, 7, 6, 0, -1].map((days) => feePercent(terms, days, 'firm'))).toEqual([
      10, 25, 25, 50, 50, 75, 75, 90, 90, 90,
    ]);
    expect(feePercent(terms, 3, 'processing')).toBe(90);
    for (const status of ['draft', 'request', 'option', 'waitlist']) expect(feePercent(terms, 3, status)).toBe(0);
  });

  it('charges each participant the percentage of their price; the booking-wide rest is a line of its own', () => {
    const participants = [
      { id: 1, name: 'Anna Berg', priceCents: 64_900 },
      { id: 2, name: 'Ben Berg', priceCents: 39_950 },
    ];
    // the whole booking: 1 048.50 of participants + 29.00 of a once-per-booking extra
    expect(cancellationFeeLines({ participants, totalCents: 107_750, remainingCents: 0, language: 'de' }, 25)).toEqual([
      { participant: 1, description: 'Stornogebühr 25 % – Anna Berg', amount_cents: 16_225 },
      { participant: 2, description: 'Stornogebühr 25 % – Ben Berg', amount_cents: 9_988 },
      { participant: null, description: 'Stornogebühr 25 %', amount_cents: 725 },
    ]);
    // one participant: a rounding cent stays on their line, the fee is the rounded percentage of the price
    const one = cancellationFeeLines(
      {
        participants: [{ id: 2, name: 'Ben Berg', priceCents: 39_950 }],
        totalCents: 107_750,
        remainingCents: 67_800,
        language: 'de',
      },
      12.5,
    );
    expect(one).toEqual([{ participant: 2, description: 'Stornogebühr 12,5 % – Ben Berg', amount_cents: 4_994 }]);
    expect(cancellationFeeLines({ participants, totalCents: 104_850, remainingCents: 0, language: 'de' }, 0)).toEqual(
      [],
    );
  });

  it("writes the lines in the booking's language", () => {
    const participants = [{ id: 2, name: 'Ben Berg', priceCents: 39_950 }];
    const of = (language: 'en' | 'es' | 'ru') =>
      cancellationFeeLines({ participants, totalCents: 39_950, remainingCents: 0, language }, 12.5)[0]?.description;
    expect(of('en')).toBe('Cancellation fee 12.5% – Ben Berg');
    expect(of('es')).toBe('Gastos de cancelación 12,5 % – Ben Berg');
    expect(of('ru')).toBe('Плата за аннуляцию 12,5 % – Ben Berg');
  });
});
