import { describe, expect, it } from 'vitest';
import {
  arrivalTimes,
  COACH_SPEED_KMH,
  distanceM,
  plannedInstant,
  progress,
  ROAD_FACTOR,
  type ModelStop,
} from './arrival-times.ts';

// Three stops on a line of latitude 51°, about 14 km apart (0.2° of longitude).
const at = (iso: string) => new Date(iso);
const stops: ModelStop[] = [
  { lat: 51, lon: 12.0, planned: at('2027-06-07T06:00:00Z') },
  { lat: 51, lon: 12.2, planned: at('2027-06-07T06:20:00Z') },
  { lat: 51, lon: 12.4, planned: at('2027-06-07T06:40:00Z') },
];
const legMinutes = (distance: number) => ((distance * ROAD_FACTOR) / 1000 / COACH_SPEED_KMH) * 60;
const minutes = (a: Date | null, b: Date | null) => (a!.getTime() - b!.getTime()) / 60_000;

describe('arrival times', () => {
  it('gives the planned times before the coach sends a position', () => {
    const times = arrivalTimes(stops, null, 0, at('2027-06-07T05:00:00Z'));
    expect(times.passed).toBe(0);
    expect(times.stops.map((stop) => stop.expected)).toEqual(stops.map((stop) => stop.planned));
    expect(times.stops.every((stop) => stop.delayMinutes === 0 && !stop.passed)).toBe(true);
  });

  it('never expects the coach earlier than planned: an early coach waits for the timetable', () => {
    // At the depot near the first stop an hour early.
    const times = arrivalTimes(stops, { lat: 51, lon: 11.99 }, 0, at('2027-06-07T05:00:00Z'));
    expect(times.stops.map((stop) => stop.expected)).toEqual(stops.map((stop) => stop.planned));
  });

  it('carries a delay forward to the later stops', () => {
    // Half way between stop 1 and 2 at the time it should be at stop 2, having left stop 1.
    const now = at('2027-06-07T06:20:00Z');
    const times = arrivalTimes(stops, { lat: 51, lon: 12.1 }, 1, now);
    expect(times.passed).toBe(1);
    const half = legMinutes(distanceM({ lat: 51, lon: 12.1 }, { lat: 51, lon: 12.2 }));
    expect(minutes(times.stops[1]!.expected, now)).toBeCloseTo(half, 5);
    expect(times.stops[1]!.delayMinutes).toBe(Math.round(half));
    // The last stop: the delay plus the next leg, minus the 20 planned minutes, but not less than on time.
    const leg = legMinutes(distanceM({ lat: 51, lon: 12.2 }, { lat: 51, lon: 12.4 }));
    expect(times.stops[2]!.delayMinutes).toBe(Math.round(Math.max(0, half + leg - 20)));
    expect(times.stops[2]!.delayMinutes).toBeGreaterThan(0);
  });

  it('counts a stop the coach reached, and the stops before it, as passed', () => {
    const times = arrivalTimes(stops, { lat: 51.001, lon: 12.2 }, 0, at('2027-06-07T06:21:00Z'));
    expect(times.passed).toBe(2);
    expect(times.stops.map((stop) => stop.passed)).toEqual([true, true, false]);
    expect(times.stops[0]!.expected).toBeNull();
  });

  it('passes a stop the coach drove by once it is on a later leg, and never goes back', () => {
    // Past stop 2 without coming near it, on the leg to stop 3.
    expect(progress(stops, { lat: 51.02, lon: 12.3 }, 1)).toBe(2);
    // Before the first stop, nearness to a leg says nothing.
    expect(progress(stops, { lat: 51.02, lon: 12.3 }, 0)).toBe(0);
    // A detour back towards the start does not undo progress.
    expect(progress(stops, { lat: 51, lon: 12.05 }, 2)).toBe(2);
  });

  it('expects a coach standing still later as time goes on', () => {
    const position = { lat: 51, lon: 12.1 };
    const early = arrivalTimes(stops, position, 1, at('2027-06-07T06:20:00Z'));
    const later = arrivalTimes(stops, position, 1, at('2027-06-07T06:30:00Z'));
    expect(minutes(later.stops[1]!.expected, early.stops[1]!.expected)).toBeCloseTo(10, 5);
    expect(later.stops[2]!.delayMinutes).toBeGreaterThan(early.stops[2]!.delayMinutes);
  });
});

describe('planned instants', () => {
  it('reads the stop time in Europe/Berlin, summer and winter, with the day offset', () => {
    expect(plannedInstant('2027-06-07', 0, '08:35')!.toISOString()).toBe('2027-06-07T06:35:00.000Z');
    expect(plannedInstant('2027-01-10', 1, '08:35')!.toISOString()).toBe('2027-01-11T07:35:00.000Z');
    expect(plannedInstant('2027-03-28', 0, '03:30')!.toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(plannedInstant('2027-06-07', 0, null)).toBeNull();
  });
});
