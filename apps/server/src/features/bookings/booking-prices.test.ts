import { describe, expect, it } from 'vitest';
import { computePriceLines, nightsBetween, totalOf, type DatePrice } from './booking-prices.ts';

const prices: DatePrice[] = [
  { id: 1, category: 'adult', room_kind: 'double', description: 'Erwachsener im DZ', amount_cents: 89_900 },
  { id: 2, category: 'adult', room_kind: 'single', description: 'Erwachsener im EZ', amount_cents: 99_900 },
  { id: 3, category: 'child', room_kind: null, description: 'Kind', amount_cents: 49_900 },
  { id: 4, category: 'supplement', room_kind: 'single', description: 'EZ-Zuschlag', amount_cents: 15_000 },
];

describe('computePriceLines', () => {
  it('prices each participant by their line, else the adult line of their room kind, else the first adult', () => {
    const lines = computePriceLines({
      prices,
      participants: [
        { id: 10, name: 'Anna', priceId: null, room: 0, stops: [] },
        { id: 11, name: 'Ben', priceId: 3, room: 0, stops: [] },
        { id: 12, name: 'Cora', priceId: null, room: 1, stops: [] },
        { id: 13, name: 'Dirk', priceId: null, room: null, stops: [] },
      ],
      rooms: ['double', 'single'],
      extras: [],
      nights: 5,
    });
    expect(lines.filter((line) => line.kind === 'base').map((line) => [line.participant, line.amount_cents])).toEqual([
      [10, 89_900],
      [11, 49_900],
      [12, 99_900],
      [13, 89_900],
    ]);
    expect(lines.filter((line) => line.kind === 'room')).toEqual([
      { kind: 'room', description: 'EZ-Zuschlag – Cora', amount_cents: 15_000, participant: 12 },
    ]);
  });

  it('adds stop surcharges and extras once, per person or per night; the total is the sum of the lines', () => {
    const lines = computePriceLines({
      prices,
      participants: [
        {
          id: 1,
          name: 'Anna',
          priceId: 1,
          room: null,
          stops: [{ description: 'Zustieg Leipzig', surcharge_cents: 1_000 }],
        },
        { id: 2, name: 'Ben', priceId: 1, room: null, stops: [{ description: 'Zustieg Dresden', surcharge_cents: 0 }] },
      ],
      rooms: ['single'],
      extras: [
        { value: 'Reiseversicherung', price_cents: 2_500, price_due: 'per_person', units: 1 },
        { value: 'Parkplatz', price_cents: 3_000, price_due: 'per_night', units: 1 },
        { value: 'Stadtführung', price_cents: 1_500, price_due: 'once', units: 2 },
      ],
      nights: 4,
    });
    expect(lines.filter((line) => line.kind === 'stop')).toHaveLength(1);
    expect(lines.filter((line) => line.kind === 'extra').map((line) => line.amount_cents)).toEqual([
      5_000, 12_000, 3_000,
    ]);
    // an unoccupied single room still costs its supplement once
    expect(lines.filter((line) => line.kind === 'room').map((line) => line.amount_cents)).toEqual([15_000]);
    expect(totalOf(lines)).toBe(2 * 89_900 + 1_000 + 15_000 + 5_000 + 12_000 + 3_000);
  });

  it('prices a cancelled participant only by their fee line; their room and per-person extras go with them', () => {
    const lines = computePriceLines({
      prices,
      participants: [
        { id: 1, name: 'Anna', priceId: null, room: 0, stops: [] },
        {
          id: 2,
          name: 'Ben',
          priceId: null,
          room: 1,
          stops: [{ description: 'Zustieg Leipzig', surcharge_cents: 1_000 }],
          cancelled: true,
        },
      ],
      rooms: ['double', 'single'],
      extras: [{ value: 'Weinprobe', price_cents: 2_900, price_due: 'per_person', units: 1 }],
      nights: 4,
      fees: [{ kind: 'fee', description: 'Stornogebühr 25 % – Ben', amount_cents: 28_725, participant: 2 }],
    });
    expect(lines.map((line) => [line.kind, line.participant, line.amount_cents])).toEqual([
      ['base', 1, 89_900],
      ['extra', null, 2_900],
      ['fee', 2, 28_725],
    ]);
    expect(totalOf(lines)).toBe(89_900 + 2_900 + 28_725);
  });

  it('has no base line when the date has no price', () => {
    expect(
      computePriceLines({
        prices: [],
        participants: [{ id: 1, name: 'A', priceId: null, room: null, stops: [] }],
        rooms: [],
        extras: [],
        nights: 0,
      }),
    ).toEqual([]);
  });
});

describe('nightsBetween', () => {
  it('counts nights between two dates', () => {
    expect(nightsBetween('2027-05-01', '2027-05-06')).toBe(5);
    expect(nightsBetween('2027-05-01', '2027-05-01')).toBe(0);
    expect(nightsBetween('2027-05-01', 'x')).toBe(0);
  });
});
