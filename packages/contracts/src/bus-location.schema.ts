import { z } from 'zod';

/**
 * The coach's live position and the arrival times at its stops (issue #13, docs/adr/0020 §Realtime). The
 * driver's phone posts positions; travellers follow their coach, the office follows all coaches on the road.
 */

/** POST /driver/transports/{id}/position: one reading of the driver's phone (WGS 84). */
export const ZPositionBody = z.object({
  lat: z.number({ error: 'error.invalid' }).min(-90, 'error.invalid').max(90, 'error.invalid'),
  lon: z.number({ error: 'error.invalid' }).min(-180, 'error.invalid').max(180, 'error.invalid'),
  /** metres */
  accuracy: z.number({ error: 'error.invalid' }).min(0, 'error.invalid').max(100_000, 'error.invalid'),
  /** metres per second */
  speed: z.number({ error: 'error.invalid' }).min(0, 'error.invalid').max(70, 'error.invalid').nullish(),
  /** degrees from north, clockwise */
  heading: z.number({ error: 'error.invalid' }).min(0, 'error.invalid').max(360, 'error.invalid').nullish(),
  /** when the phone took the reading (ISO timestamp) */
  recordedAt: z.iso.datetime({ offset: true, error: 'error.invalid' }),
});
export type PositionBody = z.infer<typeof ZPositionBody>;

export const ZCoachPosition = z.object({
  lat: z.number(),
  lon: z.number(),
  accuracy: z.number(),
  speed: z.number().nullable(),
  heading: z.number().nullable(),
  recordedAt: z.string(),
});
export type CoachPosition = z.infer<typeof ZCoachPosition>;

/** A travel stop of the coach with its planned and expected arrival (ISO timestamps). */
export const ZStopArrival = z.object({
  travelStopId: z.number().int(),
  name: z.string(),
  city: z.string().nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  planned: z.string().nullable(),
  expected: z.string().nullable(),
  /** minutes late at this stop (0 when on time) */
  delayMinutes: z.number().int(),
  passed: z.boolean(),
});
export type StopArrival = z.infer<typeof ZStopArrival>;

/**
 * Where the coach's journey stands: `planned` before it set off (the planned times apply), `onTheWay`, `over`
 * once it passed its last stop or its day is gone.
 */
export const COACH_STATES = ['planned', 'onTheWay', 'over'] as const;
export type CoachState = (typeof COACH_STATES)[number];

/** A coach on the road: what the office's map and the traveller's screen start from. */
export const ZCoachLocation = z.object({
  transportId: z.number().int(),
  departureId: z.number().int(),
  journeyTitle: z.string(),
  name: z.string(),
  vehicle: z.string().nullable(),
  direction: z.enum(['outbound', 'return']),
  state: z.enum(COACH_STATES),
  position: ZCoachPosition.nullable(),
  /** the last positions, oldest first, for the line on the map */
  track: z.array(z.tuple([z.number(), z.number()])),
  stops: z.array(ZStopArrival),
  /** the first stop not yet passed */
  nextStop: ZStopArrival.nullable(),
  delayMinutes: z.number().int(),
});
export type CoachLocation = z.infer<typeof ZCoachLocation>;

/** GET /users-vorgaenge/{bookingId}/bus-location: the traveller's coach and their own stop(s). */
export const ZBusLocation = z.object({
  bookingId: z.number().int(),
  coach: ZCoachLocation.nullable(),
  /** travel stop ids of the booking's participants on this coach */
  myStopIds: z.array(z.number().int()),
  /** `pickedUp` once the coach passed the traveller's (first) stop */
  pickedUp: z.boolean(),
});
export type BusLocation = z.infer<typeof ZBusLocation>;

export const ZCoachMap = z.object({ coaches: z.array(ZCoachLocation) });
export type CoachMap = z.infer<typeof ZCoachMap>;

/**
 * The realtime event of a coach (topics `transport:{id}` and `coaches`, type `position`): a small hint with the
 * new position and how many stops the coach has passed; each stream computes its subscriber's view from it.
 */
export const ZPositionEvent = z.object({
  transportId: z.number().int(),
  position: ZCoachPosition,
  passed: z.number().int(),
});
export type PositionEvent = z.infer<typeof ZPositionEvent>;
