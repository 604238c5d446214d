import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RecentError } from '@tourdesk/contracts';

/** How many 5xx answers each instance keeps for GET /debug. */
export const RECENT_ERRORS_KEPT = 50;

/** The last server errors of this instance, newest first, in memory (docs/adr/0033 says why not a table). */
export class RecentErrors {
  private readonly entries: RecentError[] = [];
  private readonly limit: number;
  constructor(limit = RECENT_ERRORS_KEPT) {
    this.limit = limit;
  }
  add(entry: RecentError): void {
    this.entries.unshift(entry);
    if (this.entries.length > this.limit) this.entries.length = this.limit;
  }
  list(): RecentError[] {
    return [...this.entries];
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    recentErrors: RecentErrors;
  }
  interface FastifyRequest {
    /** The error a handler threw, kept for the recent-errors list (set by the onError hook). */
    failure?: Error;
  }
}

/**
 * Keeps every answer with status 5xx (its request id, route, status and the error's message, never a body or a
 * header) so that the debug page shows what went wrong with the id to look for in the logs. Registered by app.ts
 * at the root, so it sees every route.
 */
export const recentErrorsPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('recentErrors', new RecentErrors());
  app.decorateRequest('failure', undefined);
  // Both hooks take `done` rather than being async: they run for every request and wait for nothing.
  app.addHook('onError', (request, _reply, error, done) => {
    request.failure = error;
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode >= 500) {
      app.recentErrors.add({
        at: new Date().toISOString(),
        requestId: String(request.id),
        method: request.method,
        url: (request.url.split('?')[0] ?? request.url).slice(0, 300),
        statusCode: reply.statusCode,
        message: (request.failure?.message ?? `HTTP ${reply.statusCode}`).slice(0, 300),
      });
    }
    done();
  });
});
