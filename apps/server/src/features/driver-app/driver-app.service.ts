import { berlinDate } from '@tourdesk/contracts';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type {
  Checkin,
  CheckinState,
  CheckinStatus,
  DepartureCheckins,
  DriverStop,
  DriverTransport,
  Passenger,
  PassengerList,
  ScanAnswer,
  Tickets,
} from '@tourdesk/contracts';
import { CHECKIN_EVENT } from '@tourdesk/contracts';
import { toIso } from '../../db/dialect.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import type { RealtimeEvent } from '../../lib/realtime.ts';
import type { DbContext } from '../../types.ts';
import { resolveJwtSecret } from '../auth/auth.service.ts';
import { drivenTransport } from '../drivers/drivers.service.ts';
import { loadManifestData } from '../manifests/manifests.service.ts';
import { settingValue } from '../settings/settings.service.ts';
import { travellerTrip } from '../traveller-trips/traveller-trips.service.ts';
import {
  deleteCheckin,
  findCheckins,
  findDriverTransports,
  findTransport,
  insertBoardedIfNotYet,
  upsertCheckin,
} from './driver-app.repository.ts';

/**
 * The driver app (issue #13 items 8 and 9, docs/adr/0020). A coach's passengers are the travellers of the
 * departure's holding bookings (the manifests' data) with a seat on that coach, plus — when the coach is the only
 * one of its direction — those without a seat. A driver acts on the coaches their card drives (`drivenTransport`,
 * 403 otherwise); staff with `vorgang-update` check in on any coach.
 */

type ManifestData = Awaited<ReturnType<typeof loadManifestData>>;
type ManifestTraveller = ManifestData['travellers'][number];
type ManifestStop = ManifestData['stops'][number];

/** A traveller's name as the booking shows it: first names, then the surname (with title). */
const fullName = (traveller: ManifestTraveller) => [traveller.firstName, traveller.name].filter(Boolean).join(' ');
/** Surname first (DIN 5007), then first names. */
const bySurname = (a: ManifestTraveller, b: ManifestTraveller) =>
  a.name.localeCompare(b.name, 'de', { sensitivity: 'base' }) ||
  (a.firstName ?? '').localeCompare(b.firstName ?? '', 'de', { sensitivity: 'base' });

/** Who marks a check-in: the user, and whether they act as staff (any coach) or as the coach's driver. */
export type CheckinActor = { userId: number; staff: boolean };

/** How many days back the driver's list reaches, and how many coaches it shows at most. */
const PAST_DAYS = 3;
const LIST_LIMIT = 20;

/** Today in Europe/Berlin (the office's and the drivers' day), YYYY-MM-DD. */
export const officeDay = (now = new Date()) => berlinDate(now);

const day = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value)).slice(0, 10);
const addDays = (isoDay: string, days: number) =>
  new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const toStop = (stop: ManifestStop | null): DriverStop | null =>
  stop && {
    id: stop.id,
    number: stop.number,
    name: stop.name,
    address: stop.address,
    time: stop.time,
    dayOffset: stop.dayOffset,
  };

/** The travellers who ride on coach `coachId` of the departure. */
export function coachTravellers(data: ManifestData, coachId: number): ManifestTraveller[] {
  const coach = data.coaches.find((candidate) => candidate.id === coachId);
  if (!coach) return [];
  const alone = data.coaches.filter((candidate) => candidate.direction === coach.direction).length === 1;
  return data.travellers.filter((traveller) => {
    const seat = traveller.seats[coach.direction];
    return seat ? seat.coachId === coach.id : alone;
  });
}

type CheckinRow = Awaited<ReturnType<typeof findCheckins>>[number];

const byName = (row: CheckinRow) => [row.firstname, row.lastname].filter(Boolean).join(' ') || null;
const stateOf = (row: CheckinRow | undefined): CheckinState | null =>
  row ? { status: row.status, at: toIso(row.checked_at)!, by: byName(row) } : null;
const keyOf = (transportId: number, participantId: number) => `${transportId}:${participantId}`;

function summary(data: ManifestData, coachId: number, rows: CheckinRow[]) {
  const coach = data.coaches.find((candidate) => candidate.id === coachId)!;
  const travellers = coachTravellers(data, coachId);
  const onCoach = new Set(travellers.map((traveller) => traveller.id));
  const own = rows.filter((row) => row.id_transport === coachId && onCoach.has(row.id_participant));
  return {
    coach,
    travellers,
    passengers: travellers.length,
    boarded: own.filter((row) => row.status === 'boarded').length,
    noShow: own.filter((row) => row.status === 'no_show').length,
  };
}

function toDriverTransport(data: ManifestData, coachId: number, rows: CheckinRow[]): DriverTransport {
  const { coach, passengers, boarded, noShow } = summary(data, coachId, rows);
  const first = data.stops.find((stop) => stop.direction === coach.direction) ?? null;
  return {
    id: coach.id,
    name: coach.name,
    vehicle: coach.vehicle,
    direction: coach.direction,
    departureNr: data.departure.nr,
    journeyTitle: data.departure.title,
    dateFrom: day(data.departure.from),
    dateTill: day(data.departure.till),
    firstStop: toStop(first),
    passengers,
    boarded,
    noShow,
  };
}

/** GET /driver/transports: the driver's coaches from a few days back on, soonest first. */
export async function listDriverTransports(ctx: DbContext, userId: number, today: string): Promise<DriverTransport[]> {
  const rows = await findDriverTransports(ctx.db, userId, addDays(today, -PAST_DAYS), LIST_LIMIT);
  const departures = new Map<number, ManifestData>();
  for (const nr of new Set(rows.map((row) => row.id_jrn_date))) departures.set(nr, await loadManifestData(ctx, nr));
  const checkins = await findCheckins(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toDriverTransport(departures.get(row.id_jrn_date)!, row.id, checkins));
}

/**
 * The coach the actor may check in on: any coach for staff, their own for a driver (403 for another's — a driver
 * may know other coaches exist, docs/adr/0020); 404 when there is no such coach.
 */
async function coachFor(ctx: DbContext, actor: CheckinActor, transportId: number) {
  const row = await findTransport(ctx.db, transportId);
  if (!row) throw notFound();
  if (actor.staff) return { transportId: row.id, departureNr: row.id_jrn_date };
  const driven = await drivenTransport(ctx, actor.userId, transportId);
  return { transportId: driven.transportId, departureNr: driven.departureId };
}

/** GET /driver/transports/{id}/passengers: the pick-up list of the driver's coach, per stop in route order. */
export async function passengerList(ctx: DbContext, userId: number, transportId: number): Promise<PassengerList> {
  const coach = await coachFor(ctx, { userId, staff: false }, transportId);
  const data = await loadManifestData(ctx, coach.departureNr);
  const checkins = await findCheckins(ctx.db, [transportId]);
  const transport = toDriverTransport(data, transportId, checkins);
  const state = new Map(checkins.map((row) => [row.id_participant, row]));
  const direction = transport.direction;
  const passengers = coachTravellers(data, transportId);
  const toPassenger = (traveller: ManifestTraveller): Passenger => ({
    participantId: traveller.id,
    bookingId: traveller.bookingId,
    name: fullName(traveller),
    seat: traveller.seats[direction]?.seat ?? null,
    phone: traveller.phone,
    checkin: stateOf(state.get(traveller.id)),
  });
  const stops = data.stops
    .filter((stop) => stop.direction === direction)
    .map((stop) => ({
      stop: toStop(stop),
      passengers: passengers
        .filter((traveller) => traveller.stops[direction]?.id === stop.id)
        .sort(bySurname)
        .map(toPassenger),
    }));
  const known = new Set(stops.flatMap((group) => group.passengers.map((passenger) => passenger.participantId)));
  const without = passengers.filter((traveller) => !known.has(traveller.id));
  if (without.length > 0) stops.push({ stop: null, passengers: without.sort(bySurname).map(toPassenger) });
  return { transport, qrTickets: await qrTicketsOn(ctx), stops };
}

async function checkinOf(ctx: DbContext, transportId: number, participantId: number): Promise<Checkin> {
  const row = (await findCheckins(ctx.db, [transportId])).find(
    (candidate) => candidate.id_participant === participantId,
  );
  return {
    transportId,
    participantId,
    status: row?.status ?? null,
    at: toIso(row?.checked_at),
    by: row ? byName(row) : null,
  };
}

/** The participant on the coach, or 404 (another coach's or another departure's participant). */
async function passengerOnCoach(
  ctx: DbContext,
  coach: { transportId: number; departureNr: number },
  participantId: number,
) {
  const data = await loadManifestData(ctx, coach.departureNr);
  const traveller = coachTravellers(data, coach.transportId).find((candidate) => candidate.id === participantId);
  if (!traveller) throw notFound();
  const direction = data.coaches.find((candidate) => candidate.id === coach.transportId)!.direction;
  return { traveller, seat: traveller.seats[direction]?.seat ?? null };
}

/** What a check-in tells the staff following the departure (lib/realtime.ts: a hint, the state is re-read). */
export const checkinEvent = (departureNr: number, checkin: Checkin): RealtimeEvent => ({
  topic: `departure:${departureNr}`,
  type: CHECKIN_EVENT,
  data: { transportId: checkin.transportId, participantId: checkin.participantId, status: checkin.status },
});

/** PUT /driver/transports/{id}/checkins/{participantId}: marks (or with `null` clears) the participant's check-in. */
/** How far back a check-in's time from the phone is believed (a queued one is sent when the network returns). */
const MADE_AT_WINDOW_MS = 24 * 60 * 60_000;

/** When a check-in counts as made: the phone's time `madeAt` if plausible (the last 24 h, not ahead), else `now`. */
export function checkinTime(madeAt: string | undefined, now: Date): string {
  const made = madeAt === undefined ? Number.NaN : new Date(madeAt).getTime();
  const plausible = made <= now.getTime() && made >= now.getTime() - MADE_AT_WINDOW_MS;
  return new Date(plausible ? made : now.getTime()).toISOString();
}

export async function setCheckin(
  ctx: DbContext,
  actor: CheckinActor,
  transportId: number,
  participantId: number,
  change: { status: CheckinStatus | null; at?: string },
  now = new Date(),
): Promise<{ checkin: Checkin; departureNr: number }> {
  const coach = await coachFor(ctx, actor, transportId);
  await passengerOnCoach(ctx, coach, participantId);
  const { status } = change;
  if (status === null) await deleteCheckin(ctx.db, transportId, participantId);
  else
    await upsertCheckin(ctx.db, {
      transportId,
      participantId,
      status,
      userId: actor.userId,
      at: checkinTime(change.at, now),
    });
  return { checkin: await checkinOf(ctx, transportId, participantId), departureNr: coach.departureNr };
}

/** GET /departures/{nr}/checkins: per coach the counts, and every participant marked so far. */
export async function departureCheckins(ctx: DbContext, nr: number): Promise<DepartureCheckins> {
  const data = await loadManifestData(ctx, nr);
  const rows = await findCheckins(
    ctx.db,
    data.coaches.map((coach) => coach.id),
  );
  const coaches = data.coaches.map((coach) => {
    const { travellers, passengers, boarded, noShow } = summary(data, coach.id, rows);
    const status = new Map(
      rows.filter((row) => row.id_transport === coach.id).map((row) => [row.id_participant, row.status]),
    );
    const riders = [...travellers].sort(bySurname).map((traveller) => ({
      participantId: traveller.id,
      bookingId: traveller.bookingId,
      name: fullName(traveller),
      seat: traveller.seats[coach.direction]?.seat ?? null,
      status: status.get(traveller.id) ?? null,
    }));
    return { id: coach.id, name: coach.name, direction: coach.direction, passengers, boarded, noShow, riders };
  });
  const riding = new Set(
    data.coaches.flatMap((coach) => coachTravellers(data, coach.id).map((t) => keyOf(coach.id, t.id))),
  );
  return {
    coaches,
    checkins: rows
      .filter((row) => riding.has(keyOf(row.id_transport, row.id_participant)))
      .map((row) => ({
        transportId: row.id_transport,
        participantId: row.id_participant,
        status: row.status,
        at: toIso(row.checked_at),
        by: byName(row),
      })),
  };
}

// QR tickets (spec §9 QR_TICKETS)

/** Whether the installation issues QR tickets (system setting QR_TICKETS, 0 by default). */
export async function qrTicketsOn(ctx: DbContext): Promise<boolean> {
  const value = await settingValue<unknown>(ctx, 'QR_TICKETS', 0);
  return value === 1 || value === true || value === '1';
}

const TOKEN_VERSION = 't1';

/**
 * The key that signs tickets: derived from the installation's token key (JWT_SECRET, else the one kept in the
 * database — auth.service `resolveJwtSecret`), so no key lives in the repository and none needs storing twice.
 */
export async function ticketKey(ctx: DbContext, configuredSecret: string | null): Promise<Buffer> {
  const { secret } = await resolveJwtSecret(ctx, configuredSecret);
  return createHmac('sha256', secret).update('tourdesk qr ticket key').digest();
}

const signature = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

/** The ticket token binding participant and departure: `t1.{participantId}.{departureNr}.{HMAC-SHA-256}`. */
export function signTicket(key: Buffer, participantId: number, departureNr: number): string {
  const body = `${TOKEN_VERSION}.${participantId}.${departureNr}`;
  return `${body}.${signature(key, body)}`;
}

/** The token's participant and departure if the installation signed it; otherwise null. */
export function verifyTicket(key: Buffer, token: string): { participantId: number; departureNr: number } | null {
  const match = /^t1\.(\d{1,10})\.(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token.trim());
  if (!match) return null;
  const expected = Buffer.from(signature(key, `${TOKEN_VERSION}.${match[1]}.${match[2]}`));
  const given = Buffer.from(match[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { participantId: Number(match[1]), departureNr: Number(match[2]) };
}

/** GET /users-vorgaenge/{bookingId}/tickets: a ticket per participant of the traveller's booking; 404 when off. */
export async function bookingTickets(ctx: DbContext, userId: number, bookingId: number, key: Buffer): Promise<Tickets> {
  if (!(await qrTicketsOn(ctx))) throw notFound();
  const trip = await travellerTrip(ctx, userId, bookingId);
  const data = await loadManifestData(ctx, trip.departureId);
  const tickets = data.travellers
    .filter((traveller) => traveller.bookingId === bookingId)
    .sort((a, b) => a.position - b.position)
    .map((traveller) => ({
      participantId: traveller.id,
      name: fullName(traveller),
      departureNr: data.departure.nr,
      journeyTitle: data.departure.title,
      dateFrom: day(data.departure.from),
      coach: traveller.seats.outbound?.coach ?? null,
      seat: traveller.seats.outbound?.seat ?? null,
      stop: toStop(traveller.stops.outbound),
      token: signTicket(key, traveller.id, data.departure.nr),
    }));
  return { bookingId, tickets };
}

/**
 * POST /driver/transports/{id}/checkins/scan: checks a scanned ticket and marks its participant boarded. A token
 * the installation did not sign is 400, one of another departure 409 (both `error.ticketInvalid`); with QR
 * tickets off there are no tickets to scan (404). A second scan of the same ticket changes nothing.
 */
export async function scanTicket(
  ctx: DbContext,
  actor: CheckinActor,
  transportId: number,
  token: string,
  key: Buffer,
  now = new Date(),
): Promise<{ answer: ScanAnswer; departureNr: number }> {
  const coach = await coachFor(ctx, actor, transportId);
  if (!(await qrTicketsOn(ctx))) throw notFound();
  const ticket = verifyTicket(key, token);
  if (!ticket) throw new ApiError(400, 'error.ticketInvalid');
  if (ticket.departureNr !== coach.departureNr) throw new ApiError(409, 'error.ticketInvalid');
  const { traveller, seat } = await passengerOnCoach(ctx, coach, ticket.participantId);
  const before = await checkinOf(ctx, transportId, traveller.id);
  await insertBoardedIfNotYet(ctx.db, {
    transportId,
    participantId: traveller.id,
    userId: actor.userId,
    at: now.toISOString(),
  });
  const checkin = await checkinOf(ctx, transportId, traveller.id);
  return {
    answer: { ...checkin, name: fullName(traveller), seat, already: before.status === 'boarded' },
    departureNr: coach.departureNr,
  };
}
