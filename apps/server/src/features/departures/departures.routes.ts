import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZBookingNrParams,
  ZDeparture,
  ZCoachTrip,
  ZDriverTripsQuery,
  ZErrorBody,
  ZIdParams,
  ZJourneyOccupancy,
  ZRatioAnswer,
  ZRatioParticipant,
  ZRatioQuota,
  ZRatioQuotaQuery,
  ZRatioTermin,
  ZRatioTermineListQuery,
  ZRatioTerminQuery,
  ZRatioTravelStop,
  ZRatioTravelStopQuery,
  ZSeatMap,
  ZUpdateDepartureBody,
  ZVehicleTripsQuery,
} from '@tourdesk/contracts';
import { catalogueAgencyOf } from '../../lib/agency-scope.ts';
import { withZod } from '../../lib/route.ts';
import {
  getDeparture,
  getCoachTrips,
  getJourneyOccupancy,
  getSeatMap,
  listVehicles,
  updateDeparture,
} from './departures.service.ts';
import {
  getRatioParticipants,
  getRatioQuotas,
  getRatioTermin,
  getRatioTravelStops,
  listRatioTermine,
} from './ratio.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tags = ['departures'];
const ratioTags = ['ratio'];
/** Booking staff and trip planners both read departures. */
const readers = ['vorgang-read', 'internet-read'] as const;
/**
 * What agency users read to book (docs/adr/0019) besides staff: their answer (`catalogueAgencyOf`) leaves out
 * other bookings' people and the office's planning data.
 */
const bookingReaders = [...readers, 'agencydata-read'] as const;

/** Departure planning (ADR 0013): the departure document, its seat map, a journey's occupancy, RATIO's reads. */
export async function departuresRoutes(app: FastifyInstance) {
  const api = withZod(app);
  api.get('/departures/vehicles', {
    config: { permission: 'internet-read' },
    schema: { tags, response: { 200: z.array(z.string()), ...errors } },
    handler: () => listVehicles(app.ctx),
  });
  api.get('/departures/:nr', {
    config: { permission: ['internet-read', 'agencydata-read'] },
    schema: { tags, params: ZBookingNrParams, response: { 200: ZDeparture, ...errors } },
    handler: (request) => getDeparture(app.ctx, request.params.nr, catalogueAgencyOf(request, ['internet-read'])),
  });
  api.put('/departures/:nr', {
    config: { permission: 'internet-update' },
    schema: { tags, params: ZBookingNrParams, body: ZUpdateDepartureBody, response: { 200: ZDeparture, ...errors } },
    handler: (request) => updateDeparture(app.ctx, request.params.nr, request.body),
  });
  // Who drives which bus is the office's planning data: agency users never read it.
  api.get('/departures/:nr/driver-trips', {
    config: { permission: 'internet-read' },
    schema: {
      tags,
      params: ZBookingNrParams,
      querystring: ZDriverTripsQuery,
      response: { 200: z.array(ZCoachTrip), ...errors },
    },
    handler: (request) => getCoachTrips(app.ctx, request.params.nr, { driver: request.query.driver }),
  });
  api.get('/departures/:nr/vehicle-trips', {
    config: { permission: 'internet-read' },
    schema: {
      tags,
      params: ZBookingNrParams,
      querystring: ZVehicleTripsQuery,
      response: { 200: z.array(ZCoachTrip), ...errors },
    },
    handler: (request) => getCoachTrips(app.ctx, request.params.nr, { vehicle: request.query.vehicle }),
  });
  api.get('/departures/:nr/seat-map', {
    config: { permission: bookingReaders },
    schema: { tags, params: ZBookingNrParams, response: { 200: ZSeatMap, ...errors } },
    handler: (request) => getSeatMap(app.ctx, request.params.nr, catalogueAgencyOf(request, readers)),
  });
  api.get('/journey-lit/:id/occupancy', {
    config: { permission: bookingReaders },
    schema: { tags, params: ZIdParams, response: { 200: ZJourneyOccupancy, ...errors } },
    handler: (request) => getJourneyOccupancy(app.ctx, request.params.id, catalogueAgencyOf(request, readers)),
  });

  api.get('/ratio/api/termine', {
    config: { permission: bookingReaders },
    schema: {
      tags: ratioTags,
      querystring: ZRatioTermineListQuery,
      response: { 200: ZRatioAnswer(z.array(ZRatioTermin)), ...errors },
    },
    handler: (request) => listRatioTermine(app.ctx, request.query, catalogueAgencyOf(request, readers)),
  });
  api.get('/ratio/api/termine/:id', {
    config: { permission: bookingReaders },
    schema: {
      tags: ratioTags,
      params: ZIdParams,
      querystring: ZRatioTerminQuery,
      response: { 200: ZRatioAnswer(ZRatioTermin), ...errors },
    },
    handler: (request) =>
      getRatioTermin(app.ctx, request.params.id, request.query, catalogueAgencyOf(request, readers)),
  });
  api.get('/ratio/api/quotas/:id', {
    config: { permission: bookingReaders },
    schema: {
      tags: ratioTags,
      params: ZIdParams,
      querystring: ZRatioQuotaQuery,
      response: { 200: ZRatioAnswer(z.array(ZRatioQuota)), ...errors },
    },
    handler: (request) => {
      catalogueAgencyOf(request, readers);
      return getRatioQuotas(app.ctx, request.params.id, request.query);
    },
  });
  api.get('/ratio/api/participants/:id', {
    config: { permission: bookingReaders },
    schema: {
      tags: ratioTags,
      params: ZIdParams,
      response: { 200: ZRatioAnswer(z.array(ZRatioParticipant)), ...errors },
    },
    handler: (request) => getRatioParticipants(app.ctx, request.params.id, catalogueAgencyOf(request, readers)),
  });
  api.get('/ratio/api/travelstops', {
    config: { permission: bookingReaders },
    schema: {
      tags: ratioTags,
      querystring: ZRatioTravelStopQuery,
      response: { 200: ZRatioAnswer(z.array(ZRatioTravelStop)), ...errors },
    },
    handler: (request) => {
      catalogueAgencyOf(request, readers);
      return getRatioTravelStops(app.ctx, undefined, request.query);
    },
  });
  api.get('/ratio/api/travelstops/:id', {
    config: { permission: bookingReaders },
    schema: {
      tags: ratioTags,
      params: ZIdParams,
      querystring: ZRatioTravelStopQuery,
      response: { 200: ZRatioAnswer(z.array(ZRatioTravelStop)), ...errors },
    },
    handler: (request) => {
      catalogueAgencyOf(request, readers);
      return getRatioTravelStops(app.ctx, request.params.id, request.query);
    },
  });
}
