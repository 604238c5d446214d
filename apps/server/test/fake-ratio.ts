import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake ratio server on loopback that speaks ratio's address API as Tourdesk reads it (docs/adr/0031):
 * `GET /ratio/api/addresses/{kennziffer}` answers the record (the fields of RATIO_ADDRESS_FIELDS), and
 * `GET /ratio/api/addresses/?getChangedSince=…&limit=…&offset=…` answers `{ status, total, data }` with the
 * records whose `bearbeitet` is at or after the time, oldest first. Calls need `Authorization: Bearer <key>`.
 * `mode` makes every call fail: `error` answers 500, `timeout` never answers, `malformed` answers broken JSON.
 */

export type FakeMode = 'ok' | 'error' | 'timeout' | 'malformed';

export type FakeServer = {
  url: string;
  /** every request's path with query and its headers, oldest first */
  requests: Array<{ url: string; headers: IncomingMessage['headers'] }>;
  mode: FakeMode;
  close: () => Promise<void>;
};

type Handler = (url: URL, request: IncomingMessage) => { status: number; body: unknown };

/** A loopback HTTP server answering JSON from `handle`, with the failure modes of `FakeMode`. */
export async function startFakeJsonServer(
  authorized: (request: IncomingMessage) => boolean,
  handle: Handler,
  port = 0,
) {
  const hanging = new Set<ServerResponse>();
  const fake: FakeServer = { url: '', requests: [], mode: 'ok', close: async () => {} };
  const server = createServer((request, response) => {
    fake.requests.push({ url: request.url ?? '', headers: request.headers });
    const send = (status: number, text: string) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(text);
    };
    if (fake.mode === 'timeout') {
      hanging.add(response);
      return;
    }
    if (fake.mode === 'error') return send(500, JSON.stringify({ status: 'error', message: 'Interner Fehler' }));
    if (fake.mode === 'malformed') return send(200, '{"status":"ok","data":[{"kennziffer": ');
    if (!authorized(request)) return send(401, JSON.stringify({ status: 'error', message: 'Unauthorized' }));
    const { status, body } = handle(new URL(request.url ?? '/', 'http://fake'), request);
    send(status, JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = async () => {
    for (const response of hanging) response.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}

export const FAKE_RATIO_KEY = 'fake-ratio-secret-key-4711';

export type FakeRatio = FakeServer & {
  /** the records by kennziffer; `bearbeitet` (ISO) is when each last changed */
  records: Map<string, Record<string, unknown>>;
  /** adds or replaces a record (its `bearbeitet` defaults to now) */
  put: (record: Record<string, unknown> & { kennziffer: string }) => void;
};

/**
 * `options.generate` answers records the fake was not given (the browser tests' fake makes one for every
 * kennziffer it is asked for); `options.port` listens on a fixed port instead of a free one.
 */
export async function startFakeRatio(
  options: { port?: number; generate?: (kennziffer: string) => Record<string, unknown> | undefined } = {},
): Promise<FakeRatio> {
  const records = new Map<string, Record<string, unknown>>();
  const fake = await startFakeJsonServer(
    (request) => request.headers.authorization === `Bearer ${FAKE_RATIO_KEY}`,
    (url) => {
      const one = /^\/ratio\/api\/addresses\/([^/]+)$/.exec(url.pathname);
      if (one) {
        const kennziffer = decodeURIComponent(one[1]!);
        const record = records.get(kennziffer) ?? options.generate?.(kennziffer);
        return record
          ? { status: 200, body: record }
          : { status: 404, body: { status: 'error', message: 'Adresse nicht gefunden' } };
      }
      if (url.pathname === '/ratio/api/addresses/' || url.pathname === '/ratio/api/addresses') {
        const since = url.searchParams.get('getChangedSince');
        if (!since || Number.isNaN(Date.parse(since)))
          return { status: 400, body: { status: 'error', message: 'getChangedSince fehlt' } };
        const limit = Number(url.searchParams.get('limit') ?? 100);
        const offset = Number(url.searchParams.get('offset') ?? 0);
        const changed = [...records.values()]
          .filter((record) => Date.parse(String(record.bearbeitet)) >= Date.parse(since))
          .sort((a, b) => Date.parse(String(a.bearbeitet)) - Date.parse(String(b.bearbeitet)));
        return {
          status: 200,
          body: { status: 'ok', total: changed.length, data: changed.slice(offset, offset + limit) },
        };
      }
      return { status: 404, body: { status: 'error', message: 'Not found' } };
    },
    options.port,
  );
  return Object.assign(fake, {
    records,
    put: (record: Record<string, unknown> & { kennziffer: string }) => {
      records.set(record.kennziffer, { bearbeitet: new Date().toISOString(), ...record });
    },
  });
}
