import type { ErrorBody } from '@tourdesk/contracts/errors';
import { getToken } from './auth-token.ts';
import { dropFirstList } from './first-list.ts';
import { HttpError } from './http-error.ts';

export { HttpError };

export const API_BASE = '/api/v1';

export type ApiRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send without the bearer token (login, public pages). */
  anonymous?: boolean;
  signal?: AbortSignal;
  /** Further headers, e.g. `Idempotency-Key` of a booking-creating call. */
  headers?: Record<string, string>;
  /** The answer to this very request, already on its way (lib/first-list.ts): used instead of sending it again. */
  sent?: Promise<Response> | null;
};

const isErrorBody = (value: unknown): value is ErrorBody =>
  typeof value === 'object' && value !== null && 'key' in value && 'statusCode' in value;

/**
 * The error react-admin understands (lib/http-error.ts): the message is the catalogue key (react-admin translates it for the
 * notification), and field errors become `body.errors = { field: key }` so forms show them at the field.
 */
export function toHttpError(status: number, body: unknown): HttpError {
  if (!isErrorBody(body)) return new HttpError('error.unexpected', status, body);
  const fields: Record<string, string> = {};
  for (const error of body.errors ?? []) {
    if (!(error.field in fields)) fields[error.field] = error.key;
  }
  return new HttpError(body.key, status, { ...body, errors: fields });
}

function send(path: string, request: ApiRequest): Promise<Response> {
  const headers: Record<string, string> = { ...request.headers, accept: 'application/json' };
  const token = request.anonymous ? null : getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${API_BASE}${path}`, {
    method: request.method ?? 'GET',
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    signal: request.signal,
  });
}

/** A GET with the session's token, answered as the plain response (for requests sent ahead, lib/first-list.ts). */
export const sendGet = (path: string): Promise<Response> => send(path, {});

/** JSON over fetch against /api/v1 with the bearer token; failures throw `HttpError`. */
export async function api<T>(path: string, request: ApiRequest = {}): Promise<T> {
  // A change makes an answer fetched ahead of time stale.
  if ((request.method ?? 'GET') !== 'GET') dropFirstList();
  let response: Response;
  try {
    response = await (request.sent ?? send(path, request));
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new HttpError('app.offline', 0);
  }
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) throw toHttpError(response.status, data);
  return data as T;
}
