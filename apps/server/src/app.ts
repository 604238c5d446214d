import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { listAwareSerializerCompiler } from './lib/list-serializer.ts';
import { parseQueryString, validatingQueriesOnce } from './lib/query-string.ts';
import { ERROR_MESSAGES } from '@tourdesk/contracts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { authPlugin } from './features/auth/auth.plugin.ts';
import { resolveJwtSecret } from './features/auth/auth.service.ts';
import { brandForHost } from './features/brands/brands.service.ts';
import { featureRoutes } from './features/index.ts';
import { filesPlugin } from './features/files/files.plugin.ts';
import { bookingJobsPlugin } from './features/bookings/booking-jobs.plugin.ts';
import { realtimePlugin } from './plugins/realtime.ts';
import { schedulerPlugin } from './plugins/scheduler.ts';
import { mailWorkerPlugin } from './features/mail/mail-worker.plugin.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { refusingNulInQueries, securityPlugin } from './plugins/security.ts';
import { thirdPartyImageOrigins } from './features/thirdparty/thirdparty.service.ts';
import { webPlugin } from './plugins/web.ts';
import './types.ts';

export type BuildOptions = {
  config: Config;
  database: DatabaseHandle;
  /** Pino options, or false for silence (tests). */
  logger?: boolean | object;
};

/**
 * Builds the application: plugins first (errors, security, OpenAPI, auth), then every feature's routes
 * under /api/v1, then the web app. The caller owns the database and closes it after `app.close()`.
 */
export async function buildApp({ config, database, logger }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // Requests so malformed that Node's HTTP parser refuses them still get the API's error shape.
    clientErrorHandler: (error, socket) => {
      if (!socket.writable) return;
      const body = JSON.stringify({
        statusCode: 400,
        error: 'Bad Request',
        message: ERROR_MESSAGES['error.badRequest'],
        key: 'error.badRequest',
      });
      socket.end(
        `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
    routerOptions: {
      // `$sort[lastname]=1`, `$select[]=a`, `status[$in][]=1`: the list contract's brackets, read as qs reads them.
      querystringParser: parseQueryString,
    },
  });
  app.setValidatorCompiler(validatingQueriesOnce(refusingNulInQueries(validatorCompiler)));
  // List answers written from their contract, every other answer through zod (lib/list-serializer.ts).
  app.setSerializerCompiler(listAwareSerializerCompiler({ check: config.checkListAnswers }));
  app.decorate('config', config);
  app.decorate('ctx', { db: database.db, dialect: database.dialect, cache: database.cache });
  app.decorate('brandForHost', (host: string, log?: FastifyBaseLogger) => brandForHost(app.ctx, host, log));

  await app.register(errorsPlugin);
  // A GET or HEAD has no body to decompress: its routes skip @fastify/compress's per-request preParsing hook.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (route.decompress === undefined && methods.every((method) => method === 'GET' || method === 'HEAD')) {
      route.decompress = false;
    }
  });
  // gzip/brotli for the web app's assets and larger API answers.
  await app.register(compress, { threshold: 1024 });
  await app.register(securityPlugin, { imageOrigins: () => thirdPartyImageOrigins(app) });
  await app.register(openapiPlugin);
  const { secret, keyId } = await resolveJwtSecret(app.ctx, config.jwtSecret);
  await app.register(authPlugin, { secret, keyId, tokenTtlSeconds: config.tokenTtlSeconds });
  await app.register(mailWorkerPlugin);
  await app.register(schedulerPlugin);
  await app.register(realtimePlugin, {
    postgres:
      database.dialect === 'postgres' && database.connectionString
        ? { db: database.db, connectionString: database.connectionString, schema: database.schema }
        : undefined,
  });
  await app.register(bookingJobsPlugin);
  await app.register(filesPlugin);

  await app.register(
    async (api) => {
      for (const routes of featureRoutes) await api.register(routes);
    },
    { prefix: '/api/v1' },
  );
  await app.register(webPlugin);
  return app;
}
