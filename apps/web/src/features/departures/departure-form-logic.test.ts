import { describe, expect, it } from 'vitest';
import type { Departure } from '@tourdesk/contracts/departures.schema';
import type { SeatLayout, SeatPlan } from '@tourdesk/contracts/seat-plans.schema';
import {
  firstErrorMessage,
  nextStopNumber,
  percentOf,
  toFormValues,
  toggleSeat,
  toUpdateBody,
  transportFromPlan,
} from './departure-form-logic.ts';

const LAYOUT: SeatLayout = {
  decks: [
    {
      name: null,
      rows: [
        [
          { txt: '1', idx: 0, isSeat: true },
          { txt: '2', idx: 0, isSeat: true },
        ],
      ],
    },
  ],
};

const DEPARTURE: Departure = {
  nr: 7,
  id_jrn_journey: 3,
  journeyTitle: 'Rügen',
  termincode: 'RUE-1',
  date_from: '2027-05-01',
  date_till: '2027-05-05',
  bookable: 0,
  transports: [
    {
      id: 11,
      direction: 'outbound',
      position: 1,
      name: 'Bus 1',
      id_seat_plan: 4,
      layout: LAYOUT,
      blocked_seats: ['2'],
      id_driver_card: null,
      driverName: null,
      vehicle: 'B-TD 1',
      capacity: 1,
      held: 1,
    },
  ],
  travelStops: [
    {
      id: 21,
      id_zus_zustiege: 5,
      name: 'Leipzig',
      street: null,
      zip: null,
      city: 'Leipzig',
      direction: 'outbound',
      knotenhaltnr: 3,
      position: 0,
      time: '07:30',
      day_offset: 0,
      surcharge: 15,
      travellers: 2,
    },
  ],
  quotas: [
    { id: 1, kind: 'seat', ref: 11, name: 'Sitzplätze Bus 1', capacity: 1, held: 1, free: 0 },
    { id: 2, kind: 'room', ref: 9, name: 'Doppelzimmer', capacity: 10, held: 4, free: 6 },
  ],
  alerts: { optionsExpiring: [], waitlist: 0 },
};

describe('the departure form', () => {
  it('sends a planned coach with its own layout copy and a new one with its seat plan only', () => {
    const values = toFormValues(DEPARTURE);
    const plan = { id: 8, name: 'Kleinbus', layout: LAYOUT } as SeatPlan;
    values.transports.push(transportFromPlan(plan, 'return', 0));
    const body = toUpdateBody(values);
    expect(body.transports).toEqual([
      {
        id: 11,
        layout: LAYOUT,
        direction: 'outbound',
        name: 'Bus 1',
        id_seat_plan: 4,
        blocked_seats: ['2'],
        id_driver_card: null,
        vehicle: 'B-TD 1',
      },
      {
        direction: 'return',
        name: 'Kleinbus',
        id_seat_plan: 8,
        blocked_seats: [],
        id_driver_card: null,
        vehicle: null,
      },
    ]);
  });

  it('sends stops and room pools without what is only shown (names, travellers, held), and no seat pools', () => {
    const body = toUpdateBody(toFormValues(DEPARTURE));
    expect(body.travelStops).toEqual([
      {
        id: 21,
        id_zus_zustiege: 5,
        direction: 'outbound',
        knotenhaltnr: 3,
        time: '07:30',
        day_offset: 0,
        surcharge: 15,
      },
    ]);
    expect(body.quotas).toEqual([{ kind: 'room', ref: 9, capacity: 10 }]);
  });

  it('numbers a new stop after the highest of its direction', () => {
    const stops = toFormValues(DEPARTURE).travelStops;
    expect(nextStopNumber(stops, 'outbound')).toBe(4);
    expect(nextStopNumber(stops, 'return')).toBe(1);
  });

  it('blocks a seat and frees it again', () => {
    expect(toggleSeat(['2'], '5')).toEqual(['2', '5']);
    expect(toggleSeat(['2', '5'], '2')).toEqual(['5']);
  });

  it('finds the server message deep in an error subtree', () => {
    expect(firstErrorMessage({ blocked_seats: [undefined, { type: 'server', message: 'error.seatTaken' }] })).toBe(
      'error.seatTaken',
    );
    expect(firstErrorMessage(undefined)).toBeNull();
  });

  it('fills a bar by held of capacity, empty without capacity and full at most', () => {
    expect(percentOf(3, 12)).toBe(25);
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(14, 12)).toBe(100);
  });
});
