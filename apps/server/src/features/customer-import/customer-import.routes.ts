import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  hasPermission,
  ZCustomerImportAnswer,
  ZErrorBody,
  ZKuschickImportParams,
  ZKuschickImportQuery,
  ZRatioImportParams,
  ZRatioImportQuery,
  type CustomerImportAnswer,
} from '@tourdesk/contracts';
import { forbidden } from '../../lib/errors.ts';
import { withZod } from '../../lib/route.ts';
import type { AuthUser } from '../../types.ts';
import {
  failureOf,
  importKuschickCustomer,
  importRatioCustomer,
  runCustomerImport,
  type ImportOutcome,
} from './customer-import.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody };

/** An import creates or updates a card: it needs both rights of the office (agency users do not import). */
function assertMayImport(actor: AuthUser) {
  if (!hasPermission(actor, 'customers-update')) throw forbidden();
}

/** The import's answer; `{}` when it failed (spec §7), the reason logged (paths and keys, never credentials). */
async function answer(
  log: FastifyBaseLogger,
  context: { source: string; remoteId: string },
  work: () => Promise<ImportOutcome>,
): Promise<CustomerImportAnswer> {
  try {
    return await work();
  } catch (error) {
    log.warn({ ...context, ...failureOf(error) }, 'customer import failed');
    return {};
  }
}

/**
 * Customer import from ratio and Kuschick (spec §7, docs/adr/0031). Which one the app calls depends on the
 * KUSCHICK setting; both answer the imported customer or `{}` on error. The scheduled job imports the records
 * changed in the last 24 hours (spec §9).
 */
export async function customerImportRoutes(app: FastifyInstance) {
  const api = withZod(app);
  const deps = { ctx: app.ctx, config: app.config };
  api.get('/ratio/import/kunden/:ratio_id', {
    config: { permission: 'customers-create' },
    schema: {
      tags: ['customer-import'],
      params: ZRatioImportParams,
      querystring: ZRatioImportQuery,
      response: { 200: ZCustomerImportAnswer, ...errors },
    },
    handler: (request) => {
      assertMayImport(request.auth!);
      const { ratio_id } = request.params;
      return answer(request.log, { source: 'ratio', remoteId: ratio_id }, () =>
        importRatioCustomer(deps, ratio_id, { force: request.query.force }),
      );
    },
  });
  api.get('/kuschick/import/kunden/:kuschick_id', {
    config: { permission: 'customers-create' },
    schema: {
      tags: ['customer-import'],
      params: ZKuschickImportParams,
      querystring: ZKuschickImportQuery,
      response: { 200: ZCustomerImportAnswer, ...errors },
    },
    handler: (request) => {
      assertMayImport(request.auth!);
      const { kuschick_id } = request.params;
      return answer(request.log, { source: 'kuschick', remoteId: kuschick_id }, () =>
        importKuschickCustomer(deps, kuschick_id, request.query.idaddress, { force: request.query.force }),
      );
    },
  });

  app.scheduler.register({
    name: 'customer-import',
    everyMs: app.config.customerImport.everyMs,
    // A run may page through many records: it holds its claim for up to an hour.
    leaseMs: 60 * 60 * 1000,
    run: (ctx, now) => runCustomerImport({ ctx, config: app.config }, now, app.log),
  });
}
