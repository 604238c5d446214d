import type { FastifyInstance } from 'fastify';
import fastifyEtag from '@fastify/etag';
import { z } from 'zod';
import {
  ZCreateWebMenuBody,
  ZCreateWebMenuItemBody,
  ZErrorBody,
  ZIdParams,
  ZListQuery,
  ZListResponse,
  ZPublicMenu,
  ZUpdateWebMenuBody,
  ZUpdateWebMenuItemBody,
  ZWebMenu,
  ZWebMenuItem,
  ZWebMenuOrderBody,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import {
  allMenus,
  createItem,
  createMenu,
  deleteItem,
  deleteMenu,
  getItem,
  getMenu,
  listItems,
  listMenus,
  menuItems,
  publicMenu,
  publicMenus,
  saveMenuOrder,
  updateItem,
  updateMenu,
} from './web-menus.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tags = ['web-menus'];

/** Website menus and their items (issue #15 point 3), under the internet rights; the website reads them publicly. */
export async function webMenusRoutes(app: FastifyInstance) {
  const api = withZod(app);
  api.get('/web/menu', {
    config: { permission: 'internet-read' },
    schema: { tags, querystring: ZListQuery, response: { 200: ZListResponse(ZWebMenu), ...errors } },
    handler: (request) => listMenus(app.ctx, request.query),
  });
  api.get('/web/menu/all', {
    config: { permission: 'internet-read' },
    schema: { tags, response: { 200: z.array(ZWebMenu), ...errors } },
    handler: () => allMenus(app.ctx),
  });
  api.get('/web/menu/:id', {
    config: { permission: 'internet-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZWebMenu, ...errors } },
    handler: (request) => getMenu(app.ctx, request.params.id),
  });
  api.get('/web/menu/:id/items', {
    config: { permission: 'internet-read' },
    schema: { tags, params: ZIdParams, response: { 200: z.array(ZWebMenuItem), ...errors } },
    handler: (request) => menuItems(app.ctx, request.params.id),
  });
  api.put('/web/menu/:id/items/order', {
    config: { permission: 'internet-update' },
    schema: {
      tags,
      description:
        'Saves the whole items tree of the menu at once: every item once, with its parent and place among its ' +
        'siblings. Refused (400) as a whole for an item of another menu, a cycle or more than three levels.',
      params: ZIdParams,
      body: ZWebMenuOrderBody,
      response: { 200: z.array(ZWebMenuItem), ...errors },
    },
    handler: (request) => saveMenuOrder(app.ctx, request.params.id, request.body),
  });
  api.post('/web/menu', {
    config: { permission: 'internet-create' },
    schema: { tags, body: ZCreateWebMenuBody, response: { 201: ZWebMenu, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createMenu(app.ctx, request.body)),
  });
  api.patch('/web/menu/:id', {
    config: { permission: 'internet-update' },
    schema: { tags, params: ZIdParams, body: ZUpdateWebMenuBody, response: { 200: ZWebMenu, ...errors } },
    handler: (request) => updateMenu(app.ctx, request.params.id, request.body),
  });
  api.delete('/web/menu/:id', {
    config: { permission: 'internet-delete' },
    schema: { tags, params: ZIdParams, response: { 200: ZWebMenu, ...errors } },
    handler: (request) => deleteMenu(app.ctx, request.params.id),
  });

  api.get('/web/menu-item', {
    config: { permission: 'internet-read' },
    schema: { tags, querystring: ZListQuery, response: { 200: ZListResponse(ZWebMenuItem), ...errors } },
    handler: (request) => listItems(app.ctx, request.query),
  });
  api.get('/web/menu-item/:id', {
    config: { permission: 'internet-read' },
    schema: { tags, params: ZIdParams, response: { 200: ZWebMenuItem, ...errors } },
    handler: (request) => getItem(app.ctx, request.params.id),
  });
  api.post('/web/menu-item', {
    config: { permission: 'internet-create' },
    schema: { tags, body: ZCreateWebMenuItemBody, response: { 201: ZWebMenuItem, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createItem(app.ctx, request.body)),
  });
  api.patch('/web/menu-item/:id', {
    config: { permission: 'internet-update' },
    schema: { tags, params: ZIdParams, body: ZUpdateWebMenuItemBody, response: { 200: ZWebMenuItem, ...errors } },
    handler: (request) => updateItem(app.ctx, request.params.id, request.body),
  });
  api.delete('/web/menu-item/:id', {
    config: { permission: 'internet-delete' },
    schema: { tags, params: ZIdParams, response: { 200: ZWebMenuItem, ...errors } },
    handler: (request) => deleteItem(app.ctx, request.params.id),
  });

  // The website's reads, with ETags only here: an unchanged menu costs the website a 304.
  await app.register(async (scope) => {
    await scope.register(fastifyEtag);
    const site = withZod(scope);
    const publicErrors = { 400: ZErrorBody, 404: ZErrorBody };
    site.get('/website/menus', {
      config: { permission: 'public' },
      schema: {
        tags,
        description: 'Every active menu with its active items as a tree. Send the ETag back as If-None-Match.',
        response: { 200: z.array(ZPublicMenu), ...publicErrors },
      },
      handler: () => publicMenus(app.ctx),
    });
    site.get('/website/menus/:id', {
      config: { permission: 'public' },
      schema: {
        tags,
        description: 'An active menu with its active items as a tree (404 when inactive). ETag as above.',
        params: ZIdParams,
        response: { 200: ZPublicMenu, ...publicErrors },
      },
      handler: (request) => publicMenu(app.ctx, request.params.id),
    });
  });
}
