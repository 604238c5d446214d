import { z } from 'zod';
import { MAX_ID } from './fields.ts';
import { STOP_DIRECTIONS } from './journeys.schema.ts';

/**
 * The driver app (issue #13 item 8 and 9, docs/adr/0020): the driver's coaches, the pick-up list per travel stop
 * with check-in, the staff's view of the check-ins (live through `GET /departures/{nr}/events`), and QR tickets
 * (system setting `QR_TICKETS`) that the driver scans at the door.
 */
export const CHECKIN_STATUSES = ['boarded', 'no_show'] as const;
export type CheckinStatus = (typeof CHECKIN_STATUSES)[number];

const id = z.coerce
  .number({ error: 'error.invalid' })
  .int('error.invalid')
  .positive('error.invalid')
  .max(MAX_ID, 'error.invalid');

export const ZTransportParticipantParams = z.object({ id, participantId: id });
export type TransportParticipantParams = z.infer<typeof ZTransportParticipantParams>;

/** A stop as the driver needs it: name, address, time (HH:mm, null when not planned yet). */
export const ZDriverStop = z.object({
  id: z.number().int(),
  number: z.number().int(),
  name: z.string(),
  address: z.string(),
  time: z.string().nullable(),
  dayOffset: z.number().int(),
});
export type DriverStop = z.infer<typeof ZDriverStop>;

/** One coach of the logged-in driver (GET /driver/transports). */
export const ZDriverTransport = z.object({
  id: z.number().int(),
  name: z.string(),
  vehicle: z.string().nullable(),
  direction: z.enum(STOP_DIRECTIONS),
  departureNr: z.number().int(),
  journeyTitle: z.string(),
  /** YYYY-MM-DD */
  dateFrom: z.string(),
  dateTill: z.string(),
  firstStop: ZDriverStop.nullable(),
  passengers: z.number().int(),
  boarded: z.number().int(),
  noShow: z.number().int(),
});
export type DriverTransport = z.infer<typeof ZDriverTransport>;
export const ZDriverTransports = z.array(ZDriverTransport);

export const ZCheckinState = z.object({
  status: z.enum(CHECKIN_STATUSES),
  /** ISO time */
  at: z.string(),
  /** who marked it (the driver or a staff member), by name */
  by: z.string().nullable(),
});
export type CheckinState = z.infer<typeof ZCheckinState>;

export const ZPassenger = z.object({
  participantId: z.number().int(),
  bookingId: z.number().int(),
  name: z.string(),
  seat: z.string().nullable(),
  /** the participant's phone, else the booker's */
  phone: z.string().nullable(),
  checkin: ZCheckinState.nullable(),
});
export type Passenger = z.infer<typeof ZPassenger>;

/** GET /driver/transports/{id}/passengers: the pick-up list in route order; `stop: null` holds those without a stop. */
export const ZPassengerList = z.object({
  transport: ZDriverTransport,
  qrTickets: z.boolean(),
  stops: z.array(z.object({ stop: ZDriverStop.nullable(), passengers: z.array(ZPassenger) })),
});
export type PassengerList = z.infer<typeof ZPassengerList>;

/**
 * PUT /driver/transports/{id}/checkins/{participantId}: `null` undoes the check-in. `at` is when the driver made it
 * on the phone (one queued without network is sent later); the server keeps it when it lies within the last
 * 24 hours and not ahead of the server's clock, and takes its own time otherwise (a phone's clock may be wrong).
 */
export const ZCheckinBody = z.object({
  status: z.enum(CHECKIN_STATUSES, { error: 'error.invalid' }).nullable(),
  at: z.iso.datetime({ offset: true, error: 'error.invalid' }).optional(),
});
export type CheckinBody = z.infer<typeof ZCheckinBody>;

/** One participant's check-in on one coach (the answer of a check-in, and a line of the staff's list). */
export const ZCheckin = z.object({
  transportId: z.number().int(),
  participantId: z.number().int(),
  status: z.enum(CHECKIN_STATUSES).nullable(),
  at: z.string().nullable(),
  by: z.string().nullable(),
});
export type Checkin = z.infer<typeof ZCheckin>;

/** The answer of a scanned ticket: whose it is, and whether it had been scanned before. */
export const ZScanAnswer = ZCheckin.extend({ name: z.string(), seat: z.string().nullable(), already: z.boolean() });
export type ScanAnswer = z.infer<typeof ZScanAnswer>;

export const ZScanBody = z.object({
  token: z.string({ error: 'error.required' }).min(1, 'error.required').max(300, 'error.invalid'),
});
export type ScanBody = z.infer<typeof ZScanBody>;

/** GET /departures/{nr}/checkins: counts per coach and every participant's state (open ones are left out). */
export const ZDepartureCheckins = z.object({
  coaches: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      direction: z.enum(STOP_DIRECTIONS),
      passengers: z.number().int(),
      boarded: z.number().int(),
      noShow: z.number().int(),
      /** who rides on the coach, by name, with their state (`status: null`: still open) */
      riders: z.array(
        z.object({
          participantId: z.number().int(),
          bookingId: z.number().int(),
          name: z.string(),
          seat: z.string().nullable(),
          status: z.enum(CHECKIN_STATUSES).nullable(),
        }),
      ),
    }),
  ),
  checkins: z.array(ZCheckin),
});
export type DepartureCheckins = z.infer<typeof ZDepartureCheckins>;

/** The realtime event (topic `departure:{nr}`, type `checkin`) a check-in publishes. */
export const CHECKIN_EVENT = 'checkin';

/** A QR ticket of one participant (GET /users-vorgaenge/{bookingId}/tickets, when QR_TICKETS is 1). */
export const ZTicket = z.object({
  participantId: z.number().int(),
  name: z.string(),
  departureNr: z.number().int(),
  journeyTitle: z.string(),
  dateFrom: z.string(),
  coach: z.string().nullable(),
  seat: z.string().nullable(),
  stop: ZDriverStop.nullable(),
  /** signed by the installation: `t1.{participantId}.{departureNr}.{signature}` */
  token: z.string(),
});
export type Ticket = z.infer<typeof ZTicket>;
export const ZTickets = z.object({ bookingId: z.number().int(), tickets: z.array(ZTicket) });
export type Tickets = z.infer<typeof ZTickets>;
