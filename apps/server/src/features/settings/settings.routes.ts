import type { FastifyInstance } from 'fastify';
import {
  ZCreateSettingBody,
  ZErrorBody,
  ZIdParams,
  ZListQuery,
  ZListResponse,
  ZPublicSettings,
  ZSetting,
  ZSettingHistory,
  ZUpdateSettingBody,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import { thirdPartyConfig } from '../thirdparty/thirdparty.service.ts';
import {
  createSetting,
  deleteSetting,
  getPublicSettings,
  getSetting,
  getSettingHistory,
  listSettings,
  updateSetting,
} from './settings.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

export async function settingsRoutes(app: FastifyInstance) {
  const api = withZod(app);
  // What screens need (select options, country list) is public; the rest only for superadmins, who manage settings.
  api.get('/settings-public', {
    config: { permission: 'public' },
    schema: { tags: ['settings'], response: { 200: ZPublicSettings, ...errors } },
    // The map tile server of /basedata/thirdparty (else MAP_TILE_URL), which the page's CSP allows too.
    handler: async () => ({
      ...(await getPublicSettings(app.ctx)),
      mapTileUrl: (await thirdPartyConfig(app, 'maps')).tileUrl ?? app.config.mapTileUrl,
    }),
  });
  api.get('/sys_settings', {
    config: { permission: 'superadmin' },
    schema: { tags: ['settings'], querystring: ZListQuery, response: { 200: ZListResponse(ZSetting), ...errors } },
    handler: (request) => listSettings(app.ctx, request.query),
  });
  api.get('/sys_settings/:id', {
    config: { permission: 'superadmin' },
    schema: { tags: ['settings'], params: ZIdParams, response: { 200: ZSetting, ...errors } },
    handler: (request) => getSetting(app.ctx, request.params.id),
  });
  api.post('/sys_settings', {
    config: { permission: 'superadmin' },
    schema: { tags: ['settings'], body: ZCreateSettingBody, response: { 201: ZSetting, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createSetting(app.ctx, request.body, request.auth)),
  });
  api.patch('/sys_settings/:id', {
    config: { permission: 'superadmin' },
    schema: { tags: ['settings'], params: ZIdParams, body: ZUpdateSettingBody, response: { 200: ZSetting, ...errors } },
    handler: (request) => updateSetting(app.ctx, request.params.id, request.body, request.auth),
  });
  api.delete('/sys_settings/:id', {
    config: { permission: 'superadmin' },
    schema: { tags: ['settings'], params: ZIdParams, response: { 200: ZSetting, ...errors } },
    handler: (request) => deleteSetting(app.ctx, request.params.id, request.auth),
  });
  // The changes of a setting (issue #18 item 8): who, when, the value before and after.
  api.get('/sys_settings/:id/history', {
    config: { permission: 'superadmin' },
    schema: { tags: ['settings'], params: ZIdParams, response: { 200: ZSettingHistory, ...errors } },
    handler: (request) => getSettingHistory(app.ctx, request.params.id),
  });
}
