import type { FastifyInstance } from 'fastify';
import {
  ZBusLocation,
  ZCoachLocation,
  ZCoachMap,
  ZErrorBody,
  ZIdParams,
  ZPositionBody,
  ZPositionEvent,
  type PositionEvent,
} from '@tourdesk/contracts';
import { z } from 'zod';
import { withZod } from '../../lib/route.ts';
import { asksForStream } from '../../lib/sse.ts';
import type { RealtimeEvent } from '../../lib/realtime.ts';
import {
  applyEvent,
  busLocation,
  COACHES_TOPIC,
  coachesOnTheRoad,
  coachLocation,
  coachTopic,
  drivenCoachLocation,
  loadCoach,
  recordPosition,
  travellerBusLocation,
  type CoachBasis,
} from './bus-location.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

const positionEvent = (event: RealtimeEvent): PositionEvent | null => {
  const parsed = ZPositionEvent.safeParse(event.data);
  return event.type === 'position' && parsed.success ? parsed.data : null;
};

/** The coach's live position and arrival times (issue #13): the driver shares, travellers and the office follow. */
export async function busLocationRoutes(app: FastifyInstance) {
  const api = withZod(app);

  api.post('/driver/transports/:id/position', {
    config: { permission: 'Buslocation-update' },
    schema: {
      tags: ['bus-location'],
      params: ZIdParams,
      body: ZPositionBody,
      response: { 200: z.object({ accepted: z.boolean(), location: ZCoachLocation }), ...errors },
    },
    handler: (request) =>
      recordPosition(
        app.ctx,
        (event) => app.realtime.publish(event),
        request.auth!.id,
        request.params.id,
        request.body,
      ),
  });

  api.get('/driver/transports/:id/location', {
    config: { permission: 'Buslocation-update' },
    schema: { tags: ['bus-location'], params: ZIdParams, response: { 200: ZCoachLocation, ...errors } },
    handler: (request) => drivenCoachLocation(app.ctx, request.auth!.id, request.params.id),
  });

  api.get('/users-vorgaenge/:id/bus-location', {
    config: { permission: 'Buslocation-read' },
    schema: { tags: ['bus-location'], params: ZIdParams, response: { 200: ZBusLocation, ...errors } },
    handler: async (request) => (await travellerBusLocation(app.ctx, request.auth!.id, request.params.id)).view,
  });

  api.get('/users-vorgaenge/:id/bus-location/stream', {
    sse: 'only',
    config: { permission: 'Buslocation-read' },
    schema: { tags: ['bus-location'], params: ZIdParams },
    handler: async (request, reply) => {
      if (!asksForStream(request, reply)) return reply;
      const bookingId = request.params.id;
      // Checked (404 for another's booking) before the stream opens.
      const start = await travellerBusLocation(app.ctx, request.auth!.id, bookingId);
      let basis = start.basis;
      await app.streamEvents(reply, {
        topics: basis ? [coachTopic(basis.coach.id)] : [],
        initial: async () => [{ type: 'location', data: start.view }],
        map: (event) => {
          const data = positionEvent(event);
          if (!data || !basis) return null;
          const next = applyEvent(basis, data);
          basis = next.basis;
          const view = busLocation(bookingId, start.myStopIds, coachLocation(basis, next.reading, new Date()));
          return { type: 'location', data: view };
        },
      });
    },
  });

  api.get('/maps/coaches', {
    config: { permission: 'vorgang-read' },
    schema: { tags: ['bus-location'], response: { 200: ZCoachMap, ...errors } },
    handler: async () => ({ coaches: await coachesOnTheRoad(app.ctx) }),
  });

  api.get('/maps/stream', {
    sse: 'only',
    config: { permission: 'vorgang-read' },
    schema: { tags: ['bus-location'] },
    handler: async (request, reply) => {
      if (!asksForStream(request, reply)) return reply;
      // The coaches this stream has seen, loaded once each (their stops do not change on the road).
      const known = new Map<number, CoachBasis>();
      await app.streamEvents(reply, {
        topics: [COACHES_TOPIC],
        initial: async () => [{ type: 'coaches', data: { coaches: await coachesOnTheRoad(app.ctx) } }],
        map: async (event) => {
          const data = positionEvent(event);
          if (!data) return null;
          let basis = known.get(data.transportId);
          if (!basis) basis = (await loadCoach(app.ctx, data.transportId)).basis;
          else basis = applyEvent(basis, data).basis;
          known.set(data.transportId, basis);
          return { type: 'coach', data: coachLocation(basis, data, new Date()) };
        },
      });
    },
  });
}
