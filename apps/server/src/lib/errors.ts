import { ERROR_MESSAGES, isErrorKey, type ErrorKey, type ErrorUsage, type FieldError } from '@tourdesk/contracts';

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export const statusName = (statusCode: number) => STATUS_NAMES[statusCode] ?? 'Error';

/** The message that goes with a key (English; the web app translates the key itself). */
export const messageFor = (key: string) => (isErrorKey(key) ? ERROR_MESSAGES[key] : ERROR_MESSAGES['error.invalid']);

export const fieldError = (field: string, key: ErrorKey): FieldError => ({ field, key, message: messageFor(key) });

/** An error a service raises on purpose; the error plugin turns it into `{ statusCode, error, message, key, errors? }`. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly key: ErrorKey;
  readonly errors?: FieldError[];
  /** For 429: how long the client should wait, sent as the `Retry-After` header. */
  readonly retryAfterSeconds?: number;
  /** For a refused delete: what still uses the record (sent as `usage`, and named in the message). */
  usage?: ErrorUsage;

  constructor(statusCode: number, key: ErrorKey, errors?: FieldError[], retryAfterSeconds?: number) {
    super(messageFor(key));
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.key = key;
    this.errors = errors;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** 400 for one field, e.g. `invalidField('email', 'error.emailExists')`. */
export const invalidField = (field: string, key: ErrorKey) => new ApiError(400, key, [fieldError(field, key)]);
export const badRequest = (key: ErrorKey = 'error.badRequest') => new ApiError(400, key);
export const unauthorized = (key: ErrorKey = 'error.unauthorized') => new ApiError(401, key);
export const forbidden = () => new ApiError(403, 'error.forbidden');
export const notFound = () => new ApiError(404, 'error.notFound');
export const conflict = (key: ErrorKey = 'error.conflict') => new ApiError(409, key);

/**
 * 409 for a delete refused because other records still use this one; the answer lists them (`usage`) and its
 * message names them, e.g. "… Stop groups: Dresden Stadt. Journeys: Gardasee – Perle Italiens."
 */
export function inUse(key: ErrorKey, usage: ErrorUsage, labels: Record<string, string>): ApiError {
  const error = new ApiError(409, key);
  error.usage = usage;
  const named = Object.entries(usage)
    .filter(([, rows]) => rows.length > 0)
    .map(
      ([kind, rows]) => `${labels[kind] ?? kind}: ${rows.map((row) => row.title ?? row.name ?? row.id).join(', ')}.`,
    );
  error.message = [messageFor(key), ...named].join(' ');
  return error;
}
/** 429 with `Retry-After`: the whole seconds until the next attempt is allowed (at least one). */
export const tooManyRequests = (waitMs: number) =>
  new ApiError(429, 'error.tooManyRequests', undefined, Math.max(1, Math.ceil(waitMs / 1000)));
