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
 * adapter, off (404 `error.stockNotConfigured`) until ADOBE_STOCK_API_KEY is configured.
 */
export async function stockImagesRoutes(app: FastifyInstance) {
  const api = withZod(app);
  const adapter = new AdobeStockAdapter(app.config.adobeStock);
  // Whether the screens are offered: the menu reads it before anyone logs in, so it says no more than on/off.
  api.get('/adobestock-status', {
    config: { permission: 'public' },
    schema: { tags, response: { 200: ZStockStatus } },
    handler: async () => stockStatus(adapter),
  });
  api.get('/adobestock', {
    config: { permission: 'imagedb-read' },
    schema: { tags, querystring: ZStockSearchQuery, response: { 200: ZStockPage, ...errors } },
    handler: (request) => searchStock(app.ctx, adapter, request.query),
  });
  api.get('/adobestock-quota', {
    config: { permission: 'imagedb-read' },
    schema: { tags, response: { 200: ZStockQuota, ...errors } },
    handler: () => stockQuota(app.ctx, adapter),
  });
  api.get('/adobestock/:id', {
    config: { permission: 'imagedb-read' },
    schema: { tags, params: ZStockIdParams, response: { 200: ZStockImage, ...errors } },
    handler: (request) => getStockImage(app.ctx, adapter, request.params.id),
  });
  api.post('/adobestock', {
    config: { permission: 'imagedb-create' },
    schema: { tags, body: ZStockLicenceBody, response: { 200: ZStockLicenceResponse, ...errors } },
    handler: (request) =>
      licenseStockImage(app.ctx, app.fileStore, adapter, request.body.id, request.auth!.id, request.log),
  });
  api.get('/imagedb-customer-stock', {
    config: { permission: 'imagedb-read' },
    schema: { tags, querystring: ZStockCustomerQuery, response: { 200: ZStockPage, ...errors } },
    handler: (request) => customerStock(app.ctx, adapter, request.query),
  });
}
