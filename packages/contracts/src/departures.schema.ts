import { z } from 'zod';
import { MAX_ID, countField, idField, moneyField, optionalRef, optionalText, requiredText } from './fields.ts';
import { STOP_DIRECTIONS } from './journeys.schema.ts';
import { ZSeatLayout, ZSeatLayoutAnswer } from './seat-plans.schema.ts';
import { RICHTUNG, ZRatioParticipant } from './bookings.schema.ts';

/**
 * A departure date planned for sale (DOMAIN.md, docs/adr/0013): its transports (coaches with a copy of a seat
 * plan), travel stops (numbered boarding points per direction) and capacity pools (quotas). Staff edit it as one
 * document at `/departures/{nr}`; the `/ratio/api/*` read calls answer from the same tables in RATIO's names.
 */

export const QUOTA_KINDS = ['seat', 'room', 'extra'] as const;
export type QuotaKindName = (typeof QUOTA_KINDS)[number];

const rowId = () =>
  z.number({ error: 'error.invalid' }).int('error.invalid').positive('error.invalid').max(MAX_ID).optional();
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeField = () =>
  z.preprocess(
    (value) => (value === '' ? null : value),
    z.string({ error: 'error.invalid' }).regex(TIME_PATTERN, 'error.invalid').nullable().optional(),
  );

// ---------------------------------------------------------------- answers

export const ZTransport = z.object({
  id: z.number().int(),
  direction: z.enum(STOP_DIRECTIONS),
  position: z.number().int(),
  name: z.string(),
  id_seat_plan: z.number().int().nullable(),
  layout: ZSeatLayoutAnswer,
  blocked_seats: z.array(z.string()),
  id_driver_card: z.number().int().nullable(),
  driverName: z.string().nullable(),
  vehicle: z.string().nullable(),
  /** sellable seats (the seat quota's capacity) and how many are held */
  capacity: z.number().int(),
  held: z.number().int(),
});
export type Transport = z.infer<typeof ZTransport>;

export const ZTravelStop = z.object({
  id: z.number().int(),
  id_zus_zustiege: z.number().int(),
  name: z.string(),
  street: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  direction: z.enum(STOP_DIRECTIONS),
  knotenhaltnr: z.number().int(),
  position: z.number().int(),
  time: z.string().nullable(),
  day_offset: z.number().int(),
  surcharge: z.number(),
  /** participants of capacity-holding bookings boarding here */
  travellers: z.number().int(),
});
export type TravelStop = z.infer<typeof ZTravelStop>;

export const ZQuota = z.object({
  id: z.number().int(),
  kind: z.enum(QUOTA_KINDS),
  ref: z.number().int(),
  name: z.string(),
  capacity: z.number().int(),
  held: z.number().int(),
  free: z.number().int(),
});
export type Quota = z.infer<typeof ZQuota>;

/** Options that lapse within two days, and the waiting list, of one date. */
export const ZDepartureAlerts = z.object({
  optionsExpiring: z.array(
    z.object({
      id: z.number().int(),
      bookerName: z.string().nullable(),
      option_until: z.string(),
      units: z.number().int(),
    }),
  ),
  waitlist: z.number().int(),
});

/** GET /departures/{nr}: a date with everything planned on it. */
export const ZDeparture = z.object({
  nr: z.number().int(),
  id_jrn_journey: z.number().int(),
  journeyTitle: z.string(),
  termincode: z.string(),
  date_from: z.string(),
  date_till: z.string(),
  bookable: z.number().int(),
  transports: z.array(ZTransport),
  travelStops: z.array(ZTravelStop),
  quotas: z.array(ZQuota),
  alerts: ZDepartureAlerts,
});
export type Departure = z.infer<typeof ZDeparture>;

/** How long a coach's vehicle (its plate, or a hired bus's name) may be. */
const VEHICLE_MAX_LENGTH = 40;

/** GET /departures/{nr}/driver-trips?driver= : which driver is meant. */
export const ZDriverTripsQuery = z.object({
  driver: idField(),
});

/** GET /departures/{nr}/vehicle-trips?vehicle= : the vehicle as a coach names it (its plate). */
export const ZVehicleTripsQuery = z.object({ vehicle: requiredText({ max: VEHICLE_MAX_LENGTH }) });

/**
 * Another date on which the same driver, or the same vehicle, is on a coach during this date's days: the office is
 * warned before it saves.
 */
export const ZCoachTrip = z.object({
  nr: z.number().int(),
  id_jrn_journey: z.number().int(),
  termincode: z.string(),
  journeyTitle: z.string(),
  date_from: z.string(),
  date_till: z.string(),
  /** the names of that date's coaches the driver drives or the vehicle is, outbound first */
  coaches: z.array(z.string()),
});
export type CoachTrip = z.infer<typeof ZCoachTrip>;

// ---------------------------------------------------------------- PUT /departures/{nr}

/** A transport in the body: with `id` changed, without added (copying `id_seat_plan`'s layout unless `layout` is sent). */
export const ZTransportInput = z
  .object({
    id: rowId(),
    direction: z.enum(STOP_DIRECTIONS, { error: 'error.invalid' }),
    name: requiredText({ max: 60 }),
    id_seat_plan: optionalRef(),
    layout: ZSeatLayout.optional(),
    blocked_seats: z.array(z.string().trim().min(1).max(8, 'error.tooLong')).max(200).optional(),
    id_driver_card: optionalRef(),
    vehicle: optionalText({ max: VEHICLE_MAX_LENGTH }),
  })
  .superRefine((transport, context) => {
    if (!transport.id && !transport.layout && !transport.id_seat_plan)
      context.addIssue({ code: 'custom', path: ['id_seat_plan'], message: 'error.empty' });
  });
export type TransportInput = z.infer<typeof ZTransportInput>;

export const ZTravelStopInput = z.object({
  id: rowId(),
  id_zus_zustiege: z.number({ error: 'error.empty' }).int('error.invalid').positive('error.invalid').max(MAX_ID),
  direction: z.enum(STOP_DIRECTIONS, { error: 'error.invalid' }),
  /** default: the next free number of the date and direction */
  knotenhaltnr: countField(99_999).min(1, 'error.number').optional(),
  time: timeField(),
  day_offset: countField(14).optional(),
  surcharge: moneyField().optional(),
});
export type TravelStopInput = z.infer<typeof ZTravelStopInput>;

/** Capacities of room and extra pools (seat pools follow their transport's plan). */
export const ZQuotaInput = z.object({
  kind: z.enum(['room', 'extra'], { error: 'error.invalid' }),
  ref: z.number({ error: 'error.invalid' }).int('error.invalid').positive('error.invalid').max(MAX_ID),
  capacity: countField(10_000),
});

/** Each collection sent replaces that collection, in one transaction; collections left out stay as they are. */
export const ZUpdateDepartureBody = z.object({
  transports: z.array(ZTransportInput).max(20, 'error.tooLong').optional(),
  travelStops: z.array(ZTravelStopInput).max(200, 'error.tooLong').optional(),
  quotas: z.array(ZQuotaInput).max(100, 'error.tooLong').optional(),
  /** travel stops made from the journey's offered stops (jrn_journey_stop), numbered 1, 2, … */
  stopsFromJourney: z.boolean().optional(),
});
export type UpdateDepartureBody = z.infer<typeof ZUpdateDepartureBody>;

// ---------------------------------------------------------------- occupancy, seat map

/** GET /journey-lit/{id}/occupancy: one row per date. */
export const ZDateOccupancy = z.object({
  nr: z.number().int(),
  termincode: z.string(),
  date_from: z.string(),
  date_till: z.string(),
  bookable: z.number().int(),
  seats: z.object({ capacity: z.number().int(), held: z.number().int() }),
  rooms: z.object({ capacity: z.number().int(), held: z.number().int() }),
  /** the office's planning figures: left out of an agency user's answer (docs/adr/0019) */
  optionsExpiring: z.number().int().optional(),
  waitlist: z.number().int(),
  bookings: z.number().int().optional(),
});
export type DateOccupancy = z.infer<typeof ZDateOccupancy>;
export const ZJourneyOccupancy = z.object({ data: z.array(ZDateOccupancy) });

/**
 * One held seat on the seat map, with who sits there. An agency user sees who sits on its own bookings' seats
 * only; another booking's seat is the seat number alone (name empty, the rest left out — docs/adr/0019).
 */
export const ZSeatOccupant = z.object({
  seat: z.string(),
  id_participant: z.number().int().optional(),
  id_booking: z.number().int().optional(),
  name: z.string(),
  status: z.string().optional(),
});
export type SeatOccupant = z.infer<typeof ZSeatOccupant>;

/** GET /departures/{nr}/seat-map: each transport's layout with its blocked and held seats. */
export const ZSeatMap = z.object({
  nr: z.number().int(),
  transports: z.array(
    z.object({
      id: z.number().int(),
      direction: z.enum(STOP_DIRECTIONS),
      position: z.number().int(),
      name: z.string(),
      layout: ZSeatLayoutAnswer,
      blocked_seats: z.array(z.string()),
      occupants: z.array(ZSeatOccupant),
    }),
  ),
});
export type SeatMap = z.infer<typeof ZSeatMap>;

// ---------------------------------------------------------------- RATIO read calls

/** Every `/ratio/api/*` read answers `{ status: 'success', data }` (spec §4 "Travel stops"). */
export const ZRatioAnswer = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal('success'), data, total: z.number().int().optional() });

/** A seat cell as RATIO sends it on a departure: with `occupied`. */
export const ZRatioSeatCell = z.object({
  txt: z.string(),
  idx: z.number().int(),
  isSeat: z.boolean(),
  occupied: z.boolean(),
  blocked: z.boolean().optional(),
});

export const ZRatioTransport = z.object({
  id: z.number().int(),
  richtung: z.enum(RICHTUNG),
  bus: z.number().int(),
  name: z.string(),
  seatplan: z.array(z.object({ name: z.string().nullable(), rows: z.array(z.array(ZRatioSeatCell)) })),
});

/** A departure date (Termin) in RATIO's names; the optional parts follow the get_* flags. */
export const ZRatioTermin = z.object({
  nr: z.number().int(),
  reiseId: z.number().int(),
  termincode: z.string(),
  date_from: z.string(),
  date_till: z.string(),
  bookable: z.number().int(),
  seats: z.number().int(),
  free: z.number().int(),
  transportation: z.array(ZRatioTransport).optional(),
  occupiedSeats: z
    .array(
      z.object({
        richtung: z.enum(RICHTUNG),
        bus: z.number().int(),
        platznummer: z.string(),
        /** left out of an agency user's answer for another agency's or the office's booking (docs/adr/0019) */
        teilnehmerNr: z.number().int().optional(),
        vorgangnr: z.number().int().optional(),
      }),
    )
    .optional(),
  participants: z.array(ZRatioParticipant).optional(),
});
export type RatioTermin = z.infer<typeof ZRatioTermin>;

const flag = () =>
  z.preprocess(
    (value) => (value === '1' || value === 'true' ? true : value === '0' || value === 'false' ? false : value),
    z.boolean({ error: 'error.invalid' }).optional(),
  );
const queryDate = () => z.iso.date('error.invalid').optional();

export const ZRatioTerminQuery = z.object({
  get_occupiedSeats: flag(),
  get_participants: flag(),
  get_transport: flag(),
});
export const ZRatioTermineListQuery = ZRatioTerminQuery.extend({
  byReise: z.coerce.number({ error: 'error.invalid' }).int().positive().max(MAX_ID).optional(),
  start: queryDate(),
  end: queryDate(),
  limit: z.coerce.number({ error: 'error.invalid' }).int().min(1).max(1000).optional(),
  offset: z.coerce.number({ error: 'error.invalid' }).int().min(0).max(MAX_ID).optional(),
});

/** GET /ratio/api/quotas/{id}: the date's pools; with `byReise`, {id} is a journey and start/end bound its dates. */
export const ZRatioQuotaQuery = z.object({ byReise: flag(), start: queryDate(), end: queryDate() });
export const ZRatioQuota = ZQuota.extend({ termin: z.number().int(), termincode: z.string() });

/** A travel stop in RATIO's names, grouped by `terminId`. */
export const ZRatioTravelStop = z.object({
  id: z.number().int(),
  number: z.number().int(),
  knotenhaltnr: z.number().int(),
  terminId: z.number().int(),
  richtung: z.enum(RICHTUNG),
  zustiegId: z.number().int(),
  name: z.string(),
  street: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  time: z.string().nullable(),
  day_offset: z.number().int(),
  surcharge: z.number(),
});
export type RatioTravelStop = z.infer<typeof ZRatioTravelStop>;
/** GET /ratio/api/travelstops[/{id}]: {id} is a date (default, or `byTermin`), or a journey with `byReise`. */
export const ZRatioTravelStopQuery = z.object({ byReise: flag(), byTermin: flag(), start: queryDate() });
