import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZCoachSales,
  ZConsumption,
  ZConsumptionSummary,
  ZCreateConsumptionBody,
  ZCreateTravelMenuItemBody,
  ZErrorBody,
  ZIdParams,
  ZMenuInvoice,
  ZMenuInvoiceQuery,
  ZTravelMenu,
  ZTravelMenuItem,
  ZTravelMenuItemsQuery,
  ZTravelMenuQuery,
  ZUpdateTravelMenuItemBody,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import {
  cancelConsumption,
  createConsumption,
  createMenuItem,
  deleteMenuItem,
  getCoachSales,
  getConsumptionSummary,
  getMenuInvoice,
  getTravelMenu,
  listMenuItems,
  updateMenuItem,
} from './travel-menu.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const tags = ['travel-menu'];

/**
 * The on-board travel menu and consumption (issue #13 item 5, spec §7 GET /journey/travel-menu and
 * GET /journey/menu-invoice). Menus are the journey's (internet rights); consumption is sold by the coach's
 * driver (the card check is the service's: 403 `error.notYourDeparture`) or by staff with `vorgang-update`.
 */
export async function travelMenuRoutes(app: FastifyInstance) {
  const api = withZod(app);

  api.get('/journey/travel-menu', {
    // Travellers (TravelMenu-read, their booking) and staff (internet-read, a journey): the service decides.
    config: { permission: ['TravelMenu-read', 'internet-read'] },
    schema: { tags, querystring: ZTravelMenuQuery, response: { 200: ZTravelMenu, ...errors } },
    handler: (request) => getTravelMenu(app.ctx, request.auth!, request.query),
  });
  api.get('/journey/menu-invoice', {
    config: { permission: ['TravelMenu-read', 'vorgang-read'] },
    schema: { tags, querystring: ZMenuInvoiceQuery, response: { 200: ZMenuInvoice, ...errors } },
    handler: (request) => getMenuInvoice(app.ctx, request.auth!, request.query),
  });

  api.get('/travel-menu/items', {
    config: { permission: 'internet-read' },
    schema: { tags, querystring: ZTravelMenuItemsQuery, response: { 200: z.array(ZTravelMenuItem), ...errors } },
    handler: (request) => listMenuItems(app.ctx, request.query.journeyId),
  });
  api.post('/travel-menu/items', {
    config: { permission: 'internet-update' },
    schema: { tags, body: ZCreateTravelMenuItemBody, response: { 201: ZTravelMenuItem, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createMenuItem(app.ctx, request.body)),
  });
  api.patch('/travel-menu/items/:id', {
    config: { permission: 'internet-update' },
    schema: {
      tags,
      params: ZIdParams,
      body: ZUpdateTravelMenuItemBody,
      response: { 200: ZTravelMenuItem, ...errors },
    },
    handler: (request) => updateMenuItem(app.ctx, request.params.id, request.body),
  });
  api.delete('/travel-menu/items/:id', {
    config: { permission: 'internet-update' },
    schema: { tags, params: ZIdParams, response: { 200: ZTravelMenuItem, ...errors } },
    handler: (request) => deleteMenuItem(app.ctx, request.params.id),
  });

  api.get('/travel-menu/transports/:id/sales', {
    // Drivers (their coach) and staff who book; the service checks the driver's card.
    config: { permission: ['Buslocation-update', 'vorgang-update'] },
    schema: { tags, params: ZIdParams, response: { 200: ZCoachSales, ...errors } },
    handler: (request) => getCoachSales(app.ctx, request.auth!, request.params.id),
  });
  api.post('/travel-menu/consumptions', {
    config: { permission: ['Buslocation-update', 'vorgang-update'] },
    schema: { tags, body: ZCreateConsumptionBody, response: { 201: z.array(ZConsumption), ...errors } },
    handler: async (request, reply) =>
      reply.status(201).send(await createConsumption(app.ctx, request.auth!, request.body)),
  });
  api.delete('/travel-menu/consumptions/:id', {
    config: { permission: ['Buslocation-update', 'vorgang-update'] },
    schema: { tags, params: ZIdParams, response: { 200: ZConsumption, ...errors } },
    handler: (request) => cancelConsumption(app.ctx, request.auth!, request.params.id),
  });
  api.get('/travel-menu/departures/:id/summary', {
    config: { permission: 'vorgang-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZConsumptionSummary, ...errors } },
    handler: (request) => getConsumptionSummary(app.ctx, request.params.id),
  });
}
