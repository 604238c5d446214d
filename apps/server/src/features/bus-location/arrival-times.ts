/**
 * Expected arrival times of a coach at its stops — a small, pure model (no database, no clock of its own).
 *
 * Input: the coach's stops in order (coordinates of the boarding points, planned arrival instants), the coach's
 * last position, the number of stops it had already passed, and `now`.
 *
 * 1. Progress (which stops are passed) only ever moves forward:
 *    - a stop the coach comes within PASS_RADIUS_M of is passed, with every stop before it;
 *    - once the coach has passed its first stop, being nearer to a later leg of the route (stop k → k+1) than
 *      to any earlier one means stop k is passed too (a stop driven by without coming close, a skipped stop).
 *    Before its first stop the coach is merely on its way there (the depot, the motorway).
 * 2. Each remaining stop gets an expected arrival by walking the route from the coach: the distance of each
 *    leg (great-circle between consecutive points, times ROAD_FACTOR for roads not being straight) at
 *    COACH_SPEED_KMH, starting at `now`. A coach never leaves a stop before its planned time, so an arrival is
 *    never earlier than planned: expected = max(planned, previous stop's expected + leg time). A delay is
 *    thereby carried forward to the later stops, and a coach standing still gets later as `now` moves on.
 * 3. Without a position the planned times apply. The delay at a stop is expected − planned in whole minutes.
 */

/** Average coach speed over a trip with towns, lights and motorway (km/h). */
export const COACH_SPEED_KMH = 65;
/** Roads are longer than the great circle between two points. */
export const ROAD_FACTOR = 1.3;
/** A coach this near a stop (metres) is at it: the stop counts as reached. */
export const PASS_RADIUS_M = 300;

export type ModelStop = { lat: number | null; lon: number | null; planned: Date | null };
export type ModelPosition = { lat: number; lon: number };

export type StopTimes = { expected: Date | null; delayMinutes: number; passed: boolean };
export type ArrivalTimes = { passed: number; stops: StopTimes[] };

const EARTH_RADIUS_M = 6_371_000;
const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceM(a: ModelPosition, b: ModelPosition): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Distance in metres from `p` to the segment a–b (flat projection around `p`; legs are short enough). */
function distanceToLegM(p: ModelPosition, a: ModelPosition, b: ModelPosition): number {
  const scale = Math.cos(rad(p.lat));
  const ax = (a.lon - p.lon) * scale;
  const ay = a.lat - p.lat;
  const bx = (b.lon - p.lon) * scale;
  const by = b.lat - p.lat;
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / length2));
  const x = ax + t * dx;
  const y = ay + t * dy;
  return rad(Math.sqrt(x * x + y * y)) * EARTH_RADIUS_M;
}

const located = (stop: ModelStop): ModelPosition | null =>
  stop.lat === null || stop.lon === null ? null : { lat: stop.lat, lon: stop.lon };

/** How many stops the coach has passed, given where it is and how many it had passed before. */
export function progress(stops: readonly ModelStop[], position: ModelPosition, passedBefore: number): number {
  let passed = Math.max(0, Math.min(passedBefore, stops.length));
  for (let k = stops.length - 1; k >= passed; k--) {
    const point = located(stops[k]!);
    if (point && distanceM(position, point) <= PASS_RADIUS_M) {
      passed = k + 1;
      break;
    }
  }
  if (passed === 0 || passed >= stops.length) return passed;
  // The nearest leg from the last passed stop on: being on leg k → k+1 means stop k is behind the coach.
  let nearest = passed - 1;
  let best = Infinity;
  for (let k = passed - 1; k < stops.length - 1; k++) {
    const a = located(stops[k]!);
    const b = located(stops[k + 1]!);
    if (!a || !b) continue;
    const d = distanceToLegM(position, a, b);
    if (d < best) {
      best = d;
      nearest = k;
    }
  }
  return Math.max(passed, nearest + 1);
}

/** Travel time in milliseconds for `metres` of great circle. */
const legMs = (metres: number) => ((metres * ROAD_FACTOR) / 1000 / COACH_SPEED_KMH) * 3_600_000;

const delayOf = (expected: Date | null, planned: Date | null) =>
  expected && planned ? Math.max(0, Math.round((expected.getTime() - planned.getTime()) / 60_000)) : 0;

/** The expected arrival at every stop (see the module comment). */
export function arrivalTimes(
  stops: readonly ModelStop[],
  position: ModelPosition | null,
  passedBefore: number,
  now: Date,
): ArrivalTimes {
  if (!position) {
    return { passed: 0, stops: stops.map((stop) => ({ expected: stop.planned, delayMinutes: 0, passed: false })) };
  }
  const passed = progress(stops, position, passedBefore);
  let at = now.getTime();
  let from: ModelPosition = position;
  const times = stops.map((stop, index): StopTimes => {
    if (index < passed) return { expected: null, delayMinutes: 0, passed: true };
    const point = located(stop);
    if (point) {
      at += legMs(distanceM(from, point));
      from = point;
    }
    if (stop.planned) at = Math.max(at, stop.planned.getTime());
    const expected = new Date(at);
    return { expected, delayMinutes: delayOf(expected, stop.planned), passed: false };
  });
  return { passed, stops: times };
}

/** The offset of Europe/Berlin from UTC at `instant`, in minutes. */
function berlinOffsetMinutes(instant: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Berlin',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((local - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

/** The instant of a planned stop: `HH:mm` in Europe/Berlin on the day `date` (YYYY-MM-DD) plus `dayOffset`. */
export function plannedInstant(date: string, dayOffset: number, time: string | null): Date | null {
  if (!time) return null;
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(year, month - 1, day + dayOffset, hour, minute);
  // The offset at the guessed instant, then once more at the corrected one (around a change of summer time).
  const first = asUtc - berlinOffsetMinutes(new Date(asUtc)) * 60_000;
  return new Date(asUtc - berlinOffsetMinutes(new Date(first)) * 60_000);
}
