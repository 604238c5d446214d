import {
  ZKuschickKundeAnswer,
  ZKuschickKundenPage,
  ZRatioAddressPage,
  type KuschickKunde,
  type KuschickKundenPage,
  type RatioAddressPage,
} from '@tourdesk/contracts';
import type { Config } from '../../config.ts';
import type { DbContext } from '../../types.ts';
import { thirdPartyConfig } from '../thirdparty/thirdparty.service.ts';

/**
 * The clients of the outside servers customers are imported from (docs/adr/0031): ratio (its address API, the
 * record of `RATIO_ADDRESS_FIELDS`) and Kuschick (a JSON customer record). Every call has a timeout; every
 * failure — unreachable, timeout, an error status, no JSON, JSON of another shape — is an `ImportServerError`
 * whose message names the call's path and what went wrong, never the key (keys travel in headers only).
 */

export type ImportSystem = 'ratio' | 'kuschick';

/** One configured server: where it is and the key it is called with. */
export type ImportServer = { system: ImportSystem; url: string; apiKey: string | null; timeoutMs: number };

/** What finding a server needs: the database (settings stored at /basedata/thirdparty) and the configuration. */
export type ImportDeps = { ctx: DbContext; config: Config };

/**
 * The server of `system`, or null when none is configured: the third-party settings (docs/adr/0033), stored at
 * /basedata/thirdparty over the environment (RATIO_URL/RATIO_API_KEY, KUSCHICK_URL/KUSCHICK_API_KEY).
 */
export async function importServer(deps: ImportDeps, system: ImportSystem): Promise<ImportServer | null> {
  const { url, apiKey } = await thirdPartyConfig(deps, system);
  if (typeof url !== 'string' || !url) return null;
  return {
    system,
    url: url.replace(/\/+$/, ''),
    apiKey: typeof apiKey === 'string' ? apiKey : null,
    timeoutMs: deps.config.customerImport.timeoutMs,
  };
}

export type ImportFailure = 'unreachable' | 'timeout' | 'status' | 'format' | 'notConfigured' | 'invalidRecord';

export class ImportServerError extends Error {
  readonly failure: ImportFailure;
  readonly status: number | null;
  constructor(failure: ImportFailure, message: string, status: number | null = null) {
    super(message);
    this.name = 'ImportServerError';
    this.failure = failure;
    this.status = status;
  }
}

const headersOf = (server: ImportServer): Record<string, string> => {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (server.apiKey) {
    if (server.system === 'ratio') headers.authorization = `Bearer ${server.apiKey}`;
    else headers['x-api-key'] = server.apiKey;
  }
  return headers;
};

/** GET a JSON answer; `path` is what errors and logs name (the query is left out: it carries no secret, but noise). */
async function getJson(server: ImportServer, path: string, params?: URLSearchParams): Promise<unknown> {
  const url = `${server.url}${path}${params ? `?${params.toString()}` : ''}`;
  const name = `${server.system} GET ${path}`;
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { headers: headersOf(server), signal: AbortSignal.timeout(server.timeoutMs) });
    text = await response.text();
  } catch (error) {
    const cause = error as Error;
    if (cause.name === 'TimeoutError' || cause.name === 'AbortError')
      throw new ImportServerError('timeout', `${name}: no answer within ${server.timeoutMs} ms`);
    throw new ImportServerError('unreachable', `${name}: unreachable (${cause.message})`);
  }
  if (!response.ok) throw new ImportServerError('status', `${name}: answered ${response.status}`, response.status);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ImportServerError('format', `${name}: answered no JSON`, response.status);
  }
}

function shaped<T>(server: ImportServer, path: string, parse: (value: unknown) => T | undefined, value: unknown): T {
  const parsed = parse(value);
  if (parsed === undefined) throw new ImportServerError('format', `${server.system} GET ${path}: unexpected answer`);
  return parsed;
}

/** ratio: one address record by its kennziffer (the record as sent; the import checks its fields). */
export async function fetchRatioAddress(server: ImportServer, kennziffer: string): Promise<Record<string, unknown>> {
  const path = `/ratio/api/addresses/${encodeURIComponent(kennziffer)}`;
  const body = await getJson(server, path);
  return shaped(
    server,
    path,
    (value) =>
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : undefined,
    body,
  );
}

/** ratio: one page of the records changed at or after `since`. */
export async function fetchRatioChanges(
  server: ImportServer,
  since: Date,
  offset: number,
  limit: number,
): Promise<RatioAddressPage> {
  const path = '/ratio/api/addresses/';
  const params = new URLSearchParams({
    getChangedSince: since.toISOString(),
    limit: String(limit),
    offset: String(offset),
  });
  return shaped(server, path, (value) => ZRatioAddressPage.safeParse(value).data, await getJson(server, path, params));
}

/** Kuschick: one customer of a client (mandant) by its number, narrowed to one of its addresses when given. */
export async function fetchKuschickKunde(
  server: ImportServer,
  mandant: number,
  kundennr: string,
  idaddress: string | undefined,
): Promise<KuschickKunde> {
  const path = `/api/kunden/${encodeURIComponent(kundennr)}`;
  const params = new URLSearchParams({ mandant: String(mandant) });
  if (idaddress) params.set('idaddress', idaddress);
  const body = await getJson(server, path, params);
  return shaped(server, path, (value) => ZKuschickKundeAnswer.safeParse(value).data?.kunde, body);
}

/** Kuschick: one page (from 1) of a client's customers changed at or after `since`. */
export async function fetchKuschickChanges(
  server: ImportServer,
  mandant: number,
  since: Date,
  page: number,
  perPage: number,
): Promise<KuschickKundenPage> {
  const path = '/api/kunden';
  const params = new URLSearchParams({
    mandant: String(mandant),
    geaendert_seit: since.toISOString(),
    seite: String(page),
    pro_seite: String(perPage),
  });
  return shaped(
    server,
    path,
    (value) => ZKuschickKundenPage.safeParse(value).data,
    await getJson(server, path, params),
  );
}
