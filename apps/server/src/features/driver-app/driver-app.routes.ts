import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  hasPermission,
  ZBookingNrParams,
  ZCheckin,
  ZCheckinBody,
  ZDepartureCheckins,
  ZDriverTransports,
  ZErrorBody,
  ZIdParams,
  ZPassengerList,
  ZScanAnswer,
  ZScanBody,
  ZTickets,
  ZTransportParticipantParams,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import {
  bookingTickets,
  checkinEvent,
  departureCheckins,
  listDriverTransports,
  officeDay,
  passengerList,
  scanTicket,
  setCheckin,
  ticketKey,
  type CheckinActor,
} from './driver-app.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tags = ['driver-app'];
/**
 * The driver role holds `Buslocation-read` and `-update` (travellers only read): the driver's reads ask for
 * `Buslocation-read`, a check-in for `Buslocation-update` or staff's `vorgang-update`. Every coach-specific
 * route then asks `drivenTransport` (403 `error.notYourDeparture` for another coach).
 */
const driverReads = 'Buslocation-read' as const;
const checkinWriters = ['Buslocation-update', 'vorgang-update'] as const;
/** Check-ins name other bookings' travellers: staff who read departures' people (as the manifests). */
const staffReaders = ['vorgang-read', 'internet-read'] as const;

/** Staff (`vorgang-update`, a staff login) check in on any coach; everyone else as the coach's driver. */
const actorOf = (request: FastifyRequest): CheckinActor => ({
  userId: request.auth!.id,
  staff: request.auth!.kind === 'staff' && hasPermission(request.auth, 'vorgang-update'),
});

/** Driver app (issue #13 items 8, 9): the driver's coaches, pick-up list, check-in, QR tickets; staff's live view. */
export async function driverAppRoutes(app: FastifyInstance) {
  const api = withZod(app);
  let key: Promise<Buffer> | null = null;
  const signingKey = () => (key ??= ticketKey(app.ctx, app.config.jwtSecret));

  api.get('/driver/transports', {
    config: { permission: driverReads },
    schema: { tags, response: { 200: ZDriverTransports, ...errors } },
    handler: (request) => listDriverTransports(app.ctx, request.auth!.id, officeDay()),
  });
  api.get('/driver/transports/:id/passengers', {
    config: { permission: driverReads },
    schema: { tags, params: ZIdParams, response: { 200: ZPassengerList, ...errors } },
    handler: (request) => passengerList(app.ctx, request.auth!.id, request.params.id),
  });
  api.put('/driver/transports/:id/checkins/:participantId', {
    config: { permission: checkinWriters },
    schema: { tags, params: ZTransportParticipantParams, body: ZCheckinBody, response: { 200: ZCheckin, ...errors } },
    handler: async (request) => {
      const { checkin, departureNr } = await setCheckin(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.params.participantId,
        request.body,
      );
      await app.realtime.publish(checkinEvent(departureNr, checkin));
      return checkin;
    },
  });
  api.post('/driver/transports/:id/checkins/scan', {
    config: { permission: checkinWriters },
    schema: { tags, params: ZIdParams, body: ZScanBody, response: { 200: ZScanAnswer, ...errors } },
    handler: async (request) => {
      const { answer, departureNr } = await scanTicket(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.body.token,
        await signingKey(),
      );
      if (!answer.already) await app.realtime.publish(checkinEvent(departureNr, answer));
      return answer;
    },
  });

  api.get('/departures/:nr/checkins', {
    config: { permission: staffReaders },
    schema: { tags, params: ZBookingNrParams, response: { 200: ZDepartureCheckins, ...errors } },
    handler: (request) => departureCheckins(app.ctx, request.params.nr),
  });
  api.get('/departures/:nr/events', {
    config: { permission: staffReaders },
    sse: 'only',
    schema: { tags, params: ZBookingNrParams, response: { 200: z.unknown(), ...errors } },
    handler: async (request, reply) => {
      const { nr } = request.params;
      // 404 before the stream opens when the departure does not exist.
      const state = await departureCheckins(app.ctx, nr);
      await app.streamEvents(reply, {
        topics: [`departure:${nr}`],
        initial: async () => [{ type: 'checkins', data: state }],
        map: (event) => (event.type === 'checkin' ? { type: 'checkin', data: event.data } : null),
      });
    },
  });

  api.get('/users-vorgaenge/:id/tickets', {
    config: { permission: 'myJourneys-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZTickets, ...errors } },
    handler: async (request) => bookingTickets(app.ctx, request.auth!.id, request.params.id, await signingKey()),
  });
}
