import type { FastifyInstance } from 'fastify';
import {
  ZErrorBody,
  ZStockCustomerQuery,
  ZStockIdParams,
  ZStockImage,
  ZStockLicenceBody,
  ZStockLicenceResponse,
  ZStockPage,
  ZStockQuota,
  ZStockSearchQuery,
  ZStockStatus,
} from '@tourdesk/contracts';
import { withZod } from '../../lib/route.ts';
import { thirdPartyConfig } from '../thirdparty/thirdparty.service.ts';
import { AdobeStockAdapter } from './adobe-stock.adapter.ts';
import {
  customerStock,
  getStockImage,
  licenseStockImage,
  searchStock,
  stockQuota,
  stockStatus,
} from './stock-images.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 503: ZErrorBody };
const tags = ['stock-images'];

/**
 * Stock images (issue #15 point 9, spec §7 /adobestock, /imagedb-customer-stock): Adobe Stock through the
 * adapter, off (404 `error.stockNotConfigured`) until an API key is configured (/basedata/thirdparty, else
 * ADOBE_STOCK_API_KEY). Each request reads the settings as they are now, so a saved key takes effect at once.
 */
export async function stockImagesRoutes(app: FastifyInstance) {
  const api = withZod(app);
  const env = app.config.adobeStock;
  const adapterNow = async () => {
    const stored = await thirdPartyConfig(app, 'adobeStock');
    return new AdobeStockAdapter({
      ...env,
      url: stored.url ?? env.url,
      apiKey: stored.apiKey,
      accessToken: stored.accessToken,
      product: stored.product ?? env.product,
    });
  };
  // Whether the screens are offered: the menu reads it before anyone logs in, so it says no more than on/off.
  api.get('/adobestock-status', {
    config: { permission: 'public' },
    schema: { tags, response: { 200: ZStockStatus } },
    handler: async () => stockStatus(await adapterNow()),
  });
  api.get('/adobestock', {
    config: { permission: 'imagedb-read' },
    schema: { tags, querystring: ZStockSearchQuery, response: { 200: ZStockPage, ...errors } },
    handler: async (request) => searchStock(app.ctx, await adapterNow(), request.query),
  });
  api.get('/adobestock-quota', {
    config: { permission: 'imagedb-read' },
    schema: { tags, response: { 200: ZStockQuota, ...errors } },
    handler: async () => stockQuota(app.ctx, await adapterNow()),
  });
  api.get('/adobestock/:id', {
    config: { permission: 'imagedb-read' },
    schema: { tags, params: ZStockIdParams, response: { 200: ZStockImage, ...errors } },
    handler: async (request) => getStockImage(app.ctx, await adapterNow(), request.params.id),
  });
  api.post('/adobestock', {
    config: { permission: 'imagedb-create' },
    schema: { tags, body: ZStockLicenceBody, response: { 200: ZStockLicenceResponse, ...errors } },
    handler: async (request) =>
      licenseStockImage(app.ctx, app.fileStore, await adapterNow(), request.body.id, request.auth!.id, request.log),
  });
  api.get('/imagedb-customer-stock', {
    config: { permission: 'imagedb-read' },
    schema: { tags, querystring: ZStockCustomerQuery, response: { 200: ZStockPage, ...errors } },
    handler: async (request) => customerStock(app.ctx, await adapterNow(), request.query),
  });
}
