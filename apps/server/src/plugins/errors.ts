import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isErrorKey, type ErrorBody, type ErrorKey, type FieldError } from '@tourdesk/contracts';
import { ApiError, messageFor, statusName } from '../lib/errors.ts';
import { RecentErrors } from '../lib/recent-errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The last 5xx answers of this instance, for GET /debug. */
    recentErrors: RecentErrors;
  }
}

const send = (
  reply: FastifyReply,
  statusCode: number,
  key: ErrorKey,
  errors?: FieldError[],
  extra: Partial<Pick<ErrorBody, 'message' | 'usage'>> = {},
) => {
  const body: ErrorBody = { statusCode, error: statusName(statusCode), message: extra.message ?? messageFor(key), key };
  if (errors && errors.length > 0) body.errors = errors;
  if (extra.usage) body.usage = extra.usage;
  return reply.status(statusCode).type('application/json; charset=utf-8').send(body);
};

type ValidationIssue = { instancePath: string; message?: string; keyword?: string };

/** A zod issue's message is a key from the catalogue when the contract set one; otherwise say "invalid". */
const issueKey = (issue: ValidationIssue): ErrorKey => {
  if (isErrorKey(issue.message)) return issue.message;
  if (issue.keyword === 'too_big') return 'error.tooLong';
  return 'error.invalid';
};

/** One error per field: the first rule it breaks (an empty name is `error.empty`, not also `error.min2`). */
const toFieldErrors = (issues: ValidationIssue[]): FieldError[] => {
  const byField = new Map<string, FieldError>();
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (byField.has(field)) continue;
    const key = issueKey(issue);
    byField.set(field, { field, key, message: messageFor(key) });
  }
  return [...byField.values()];
};

const STATUS_KEYS: Record<number, ErrorKey> = {
  401: 'error.unauthorized',
  403: 'error.forbidden',
  404: 'error.notFound',
  413: 'error.payloadTooLarge',
  415: 'error.badRequest',
  429: 'error.tooManyRequests',
};

/**
 * Every error leaves the server as `{ statusCode, error, message, key, errors? }`. Client mistakes
 * keep their 4xx status; anything unexpected is logged and answered 500 without details.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('recentErrors', new RecentErrors());
  app.setErrorHandler((error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
    const sent = answer(error, request, reply);
    // Every 5xx answer comes from here (no route sends one itself): kept for the debug page.
    if (reply.statusCode >= 500) {
      app.recentErrors.add({
        at: new Date().toISOString(),
        requestId: String(request.id),
        method: request.method,
        url: (request.url.split('?')[0] ?? request.url).slice(0, 300),
        statusCode: reply.statusCode,
        message: (error.message || `HTTP ${reply.statusCode}`).slice(0, 300),
      });
    }
    return sent;
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path.startsWith('/api/');
    // Paths of the single-page app (no file extension) get its page (plugins/web.ts); its router shows the page or
    // its 404. A longer "extension" is no file's: the newsletter's signed tokens (`n1.42.{22-character signature}`)
    // end a path.
    if (!isApi && request.method === 'GET' && !/\.[a-z0-9]{1,12}$/i.test(path) && app.webAppPage) {
      return reply.header('cache-control', 'no-cache').sendFile(app.webAppPage(path));
    }
    return send(reply, 404, isApi ? 'error.routeNotFound' : 'error.notFound');
  });
});

const isPoolTimeout = (error: Error) => /timeout exceeded when trying to connect/i.test(error.message);

/** The error's answer: a client's mistake keeps its 4xx status, anything unexpected is logged and answered 500. */
function answer(error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApiError) {
    if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
    return send(reply, error.statusCode, error.key, error.errors, { message: error.message, usage: error.usage });
  }

  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = toFieldErrors(error.validation);
    const inQuery = error.validationContext === 'querystring' || error.validationContext === 'params';
    const key = inQuery ? (errors[0]?.key ?? 'error.invalidQuery') : 'error.badRequest';
    return send(reply, 400, isErrorKey(key) ? key : 'error.invalidQuery', errors);
  }

  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
    return send(reply, 500, 'error.unexpected');
  }

  const statusCode = error.statusCode ?? 500;
  if (statusCode >= 400 && statusCode < 500) {
    // Fastify's own client errors: malformed JSON, body too large, wrong content type, rate limit.
    return send(reply, statusCode, STATUS_KEYS[statusCode] ?? 'error.badRequest');
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return send(reply, 400, 'error.badRequest');
  }
  if (isPoolTimeout(error)) {
    request.log.warn({ err: error }, 'database pool exhausted');
    return send(reply, 503, 'error.serviceUnavailable');
  }
  request.log.error({ err: error }, 'unexpected error');
  return send(reply, 500, 'error.unexpected');
}
