import { berlinDate } from '@tourdesk/contracts';
import type {
  BusLocation,
  CoachLocation,
  CoachPosition,
  CoachState,
  PositionBody,
  PositionEvent,
  StopArrival,
  StopDirection,
} from '@tourdesk/contracts';
import { parseJson, toIso } from '../../db/dialect.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import type { DbContext } from '../../types.ts';
import { drivenTransport } from '../drivers/drivers.service.ts';
import { travellerTrip } from '../traveller-trips/traveller-trips.service.ts';
import { arrivalTimes, distanceM, plannedInstant } from './arrival-times.ts';
import {
  findBookingSeats,
  findCoachIdsOnTheRoad,
  findCoaches,
  findFirstCoach,
  findParticipantStops,
  findPositions,
  findTravelStops,
  insertPosition,
  updatePosition,
  type PositionRow,
} from './bus-location.repository.ts';

/** Points of the recent track kept per coach (the line on the map); older ones are dropped. */
export const TRACK_POINTS = 60;
/** A new track point once the coach moved this far (metres) from the last one. */
const TRACK_STEP_M = 50;
/** A reading may be stamped this far in the future (phone clocks are not exact). */
const FUTURE_TOLERANCE_MS = 2 * 60_000;
/** A coach is over its journey this long after its last stop's planned time. */
const OVER_AFTER_MS = 6 * 3_600_000;
/** Coaches that sent a position in this time count as on the road for the office's map. */
const ON_THE_ROAD_MS = 12 * 3_600_000;

/** Realtime topics: one per coach (travellers, its driver) and one for the office's map. */
export const coachTopic = (transportId: number) => `transport:${transportId}`;
export const COACHES_TOPIC = 'coaches';

type CoachRow = Awaited<ReturnType<typeof findCoaches>>[number];
type StopRow = Awaited<ReturnType<typeof findTravelStops>>[number];
type Stop = Omit<StopArrival, 'expected' | 'delayMinutes' | 'passed'> & { plannedAt: Date | null };

/** What a coach's view is computed from: the coach, its stops (loaded once per stream) and its track. */
export type CoachBasis = { coach: CoachRow; stops: Stop[]; track: Array<[number, number]> };
type Reading = { position: CoachPosition; passed: number } | null;

const day = (value: unknown) => String(toIso(value as string | Date) ?? value).slice(0, 10);

function stopsOf(coach: CoachRow, rows: readonly StopRow[]): Stop[] {
  const date = day(coach.direction === 'outbound' ? coach.date_from : coach.date_till);
  const stops = rows
    .filter((row) => row.id_jrn_date === coach.id_jrn_date && row.direction === coach.direction)
    .map((row) => {
      const plannedAt = plannedInstant(date, row.day_offset, row.time);
      return {
        travelStopId: row.id,
        name: row.name,
        city: row.city,
        lat: row.lat,
        lon: row.lon,
        planned: plannedAt?.toISOString() ?? null,
        plannedAt,
      };
    });
  // Route order is the timetable's; stops without a time keep their place among the others.
  return stops
    .map((stop, index) => ({ stop, index }))
    .sort(
      (a, b) =>
        (a.stop.plannedAt && b.stop.plannedAt ? a.stop.plannedAt.getTime() - b.stop.plannedAt.getTime() : 0) ||
        a.index - b.index,
    )
    .map(({ stop }) => stop);
}

/** The coach's view for travellers and the office: state, stops with their times, next stop and delay. */
export function coachLocation(basis: CoachBasis, reading: Reading, now: Date): CoachLocation {
  const { coach, stops, track } = basis;
  const model = stops.map((stop) => ({ lat: stop.lat, lon: stop.lon, planned: stop.plannedAt }));
  const times = arrivalTimes(model, reading?.position ?? null, reading?.passed ?? 0, now);
  const arrivals: StopArrival[] = stops.map(({ plannedAt: _plannedAt, ...stop }, index) => {
    const time = times.stops[index]!;
    return {
      ...stop,
      expected: time.expected?.toISOString() ?? null,
      delayMinutes: time.delayMinutes,
      passed: time.passed,
    };
  });
  const nextStop = arrivals.find((stop) => !stop.passed) ?? null;
  const first = stops[0]?.plannedAt;
  const last = stops.at(-1)?.plannedAt;
  let state: CoachState = 'onTheWay';
  if ((stops.length > 0 && times.passed >= stops.length) || (last && now.getTime() > last.getTime() + OVER_AFTER_MS))
    state = 'over';
  else if (!reading || (times.passed === 0 && first && now < first)) state = 'planned';
  return {
    transportId: coach.id,
    departureId: coach.id_jrn_date,
    journeyTitle: coach.title,
    name: coach.name,
    vehicle: coach.vehicle,
    direction: coach.direction,
    state,
    position: reading?.position ?? null,
    track,
    stops: arrivals,
    nextStop,
    delayMinutes: state === 'onTheWay' ? (nextStop?.delayMinutes ?? 0) : 0,
  };
}

const positionOf = (row: Omit<PositionRow, 'recorded_at'> & { recorded_at: string | Date }): CoachPosition => ({
  lat: row.lat,
  lon: row.lon,
  accuracy: row.accuracy,
  speed: row.speed,
  heading: row.heading,
  recordedAt: toIso(row.recorded_at)!,
});

/** The bases and stored readings of coaches. */
async function loadCoaches(ctx: DbContext, ids: readonly number[]) {
  const coaches = await findCoaches(ctx.db, ids);
  const stops = await findTravelStops(ctx.db, [...new Set(coaches.map((coach) => coach.id_jrn_date))]);
  const positions = new Map((await findPositions(ctx.db, ids)).map((row) => [row.id_transport, row]));
  return coaches.map((coach) => {
    const stored = positions.get(coach.id);
    const basis: CoachBasis = {
      coach,
      stops: stopsOf(coach, stops),
      track: stored ? parseJson<Array<[number, number]>>(stored.track, []) : [],
    };
    const reading: Reading = stored ? { position: positionOf(stored), passed: stored.passed } : null;
    return { basis, reading };
  });
}

export async function loadCoach(ctx: DbContext, transportId: number) {
  const [loaded] = await loadCoaches(ctx, [transportId]);
  if (!loaded) throw notFound();
  return loaded;
}

/** The realtime publisher (app.realtime), as the service needs it. */
export type Publish = (event: { topic: string; type: string; data: unknown }) => Promise<void>;

/**
 * POST /driver/transports/{id}/position: the coach's driver shares where the coach is. A reading older than
 * the stored one is ignored (phones send late); one stamped in the future is refused. Stores the position, the
 * stops passed and the recent track, and tells the coach's followers and the office's map.
 */
export async function recordPosition(
  ctx: DbContext,
  publish: Publish,
  userId: number,
  transportId: number,
  body: PositionBody,
  now = new Date(),
): Promise<{ accepted: boolean; location: CoachLocation }> {
  await loadCoach(ctx, transportId);
  await drivenTransport(ctx, userId, transportId);
  const recordedAt = new Date(body.recordedAt);
  if (recordedAt.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) throw invalidField('recordedAt', 'error.invalid');
  const { basis, reading } = await loadCoach(ctx, transportId);
  if (reading && new Date(reading.position.recordedAt) >= recordedAt)
    return { accepted: false, location: coachLocation(basis, reading, now) };

  const position: CoachPosition = {
    lat: body.lat,
    lon: body.lon,
    accuracy: body.accuracy,
    speed: body.speed ?? null,
    heading: body.heading ?? null,
    recordedAt: recordedAt.toISOString(),
  };
  const model = basis.stops.map((stop) => ({ lat: stop.lat, lon: stop.lon, planned: stop.plannedAt }));
  const passed = arrivalTimes(model, position, reading?.passed ?? 0, now).passed;
  const lastPoint = basis.track.at(-1);
  const moved = !lastPoint || distanceM({ lat: lastPoint[0], lon: lastPoint[1] }, position) >= TRACK_STEP_M;
  const track = moved
    ? [...basis.track, [position.lat, position.lon] as [number, number]].slice(-TRACK_POINTS)
    : basis.track;
  const row: PositionRow = {
    lat: position.lat,
    lon: position.lon,
    accuracy: position.accuracy,
    speed: position.speed,
    heading: position.heading,
    recorded_at: position.recordedAt,
    passed,
    track: JSON.stringify(track),
  };
  const stored = reading
    ? (await updatePosition(ctx.db, transportId, row)) > 0n
    : ((await insertPosition(ctx.db, transportId, row)).numInsertedOrUpdatedRows ?? 0n) > 0n;
  // Another reading won the race (a newer one arrived meanwhile): this one is history.
  if (!stored) {
    const latest = await loadCoach(ctx, transportId);
    return { accepted: false, location: coachLocation(latest.basis, latest.reading, now) };
  }
  const event: PositionEvent = { transportId, position, passed };
  await publish({ topic: coachTopic(transportId), type: 'position', data: event });
  await publish({ topic: COACHES_TOPIC, type: 'position', data: event });
  return { accepted: true, location: coachLocation({ ...basis, track }, { position, passed }, now) };
}

/** The driver's view of their coach (GET /driver/transports/{id}/location). */
export async function drivenCoachLocation(ctx: DbContext, userId: number, transportId: number, now = new Date()) {
  // A coach that does not exist is 404; one of another driver 403 (drivers may know other coaches exist).
  const { basis, reading } = await loadCoach(ctx, transportId);
  await drivenTransport(ctx, userId, transportId);
  return coachLocation(basis, reading, now);
}

/** Applies a position event to a coach's basis: the track grows as on the server. */
export function applyEvent(basis: CoachBasis, event: PositionEvent): { basis: CoachBasis; reading: Reading } {
  const last = basis.track.at(-1);
  const point: [number, number] = [event.position.lat, event.position.lon];
  const moved = !last || distanceM({ lat: last[0], lon: last[1] }, event.position) >= TRACK_STEP_M;
  const track = moved ? [...basis.track, point].slice(-TRACK_POINTS) : basis.track;
  return { basis: { ...basis, track }, reading: { position: event.position, passed: event.passed } };
}

/**
 * The traveller's coach: outward until the return day (on a day trip: until the outward coach passed its last
 * stop), then the return coach; the one their party has seats on, else the direction's first.
 */
export async function travellerCoach(ctx: DbContext, userId: number, bookingId: number, now = new Date()) {
  const trip = await travellerTrip(ctx, userId, bookingId);
  const first = await findFirstCoach(ctx.db, trip.departureId, 'outbound');
  const back = await findFirstCoach(ctx.db, trip.departureId, 'return');
  const someCoach = first ?? back;
  let direction: StopDirection = 'outbound';
  if (someCoach && back) {
    const [coach] = await findCoaches(ctx.db, [someCoach.id]);
    const today = berlinDate(now);
    if (coach && today >= day(coach.date_till)) {
      // On a day trip the outward coach counts until it has passed its last stop.
      const sameDay = day(coach.date_from) === day(coach.date_till) && today === day(coach.date_from) && first;
      direction = sameDay && !(await outwardArrived(ctx, first.id)) ? 'outbound' : 'return';
    }
  }
  const seats = await findBookingSeats(ctx.db, bookingId, direction);
  const transportId = seats[0]?.id ?? (direction === 'outbound' ? first?.id : back?.id) ?? null;
  const participants = await findParticipantStops(ctx.db, bookingId);
  const myStopIds = [
    ...new Set(
      participants
        .map((row) => (direction === 'outbound' ? row.id_travel_stop_out : row.id_travel_stop_ret))
        .filter((id): id is number => id !== null),
    ),
  ];
  return { bookingId, transportId, myStopIds };
}

async function outwardArrived(ctx: DbContext, transportId: number): Promise<boolean> {
  const [position] = await findPositions(ctx.db, [transportId]);
  if (!position) return false;
  const stops = (await loadCoach(ctx, transportId)).basis.stops;
  return stops.length > 0 && position.passed >= stops.length;
}

/** The traveller's view: their coach and their stop(s); picked up once the coach passed their first stop. */
export function busLocation(bookingId: number, myStopIds: readonly number[], coach: CoachLocation | null): BusLocation {
  const mine = coach?.stops.filter((stop) => myStopIds.includes(stop.travelStopId)) ?? [];
  const ids = mine.map((stop) => stop.travelStopId);
  return { bookingId, coach, myStopIds: ids, pickedUp: mine.length > 0 && mine[0]!.passed };
}

/** GET /users-vorgaenge/{id}/bus-location, and what its stream starts from. */
export async function travellerBusLocation(ctx: DbContext, userId: number, bookingId: number, now = new Date()) {
  const { transportId, myStopIds } = await travellerCoach(ctx, userId, bookingId, now);
  if (transportId === null) return { view: busLocation(bookingId, [], null), basis: null, reading: null, myStopIds };
  const { basis, reading } = await loadCoach(ctx, transportId);
  return { view: busLocation(bookingId, myStopIds, coachLocation(basis, reading, now)), basis, reading, myStopIds };
}

/** GET /maps/coaches: the coaches on the road today (Europe/Berlin) and those that sent a position lately. */
export async function coachesOnTheRoad(ctx: DbContext, now = new Date()): Promise<CoachLocation[]> {
  const since = new Date(now.getTime() - ON_THE_ROAD_MS).toISOString();
  const ids = (await findCoachIdsOnTheRoad(ctx.db, berlinDate(now), since)).map((row) => row.id);
  return (await loadCoaches(ctx, ids)).map(({ basis, reading }) => coachLocation(basis, reading, now));
}
