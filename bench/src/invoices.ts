/**
 * `npm run bench -- --only invoices`: invoice generation per second (issue #11). Books `--invoices` firm
 * bookings (1–3 participants, default 400 per connection count) on planned departures through the booking
 * service, starts the real server on that database, then per `--connections` count
 * - issues an invoice for each of its share of the bookings (POST /api/v1/ratio_vorgang/{id}/invoices: the
 *   gap-free number, the frozen document, the history entry, one transaction) — invoices issued per second;
 * - renders each issued invoice as PDF, as XRechnung CII and as Factur-X (GET /api/v1/invoices/{id}/{format}) —
 *   documents rendered per second;
 * and, next to the HTTP figures, the same renderings as in-process service calls (renderEInvoice, no HTTP, no
 * authentication), so the ratio shows what the API adds to the rendering itself. Then checks that the invoice
 * numbers have no gap. See bench/README.md "Invoices".
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database.ts';
import { createBooking, SYSTEM_ACTOR } from '../../apps/server/src/features/bookings/bookings.service.ts';
import { renderEInvoice } from '../../apps/server/src/features/documents/documents.service.ts';
import { createDepartureFixture } from '../../apps/server/src/seed/departure-factories.ts';
import type { InvoiceFormat } from '@tourdesk/contracts';
import { latencies, ms } from './bookings.ts';
import { BENCH_DIR, migrateAndSeed, recreateDatabase, type Target } from './generate.ts';
import type { BenchOptions, EngineName } from './options.ts';
import { freePort, login, startServer, type RunningServer } from './server.ts';

const DATA_DIR = resolve(BENCH_DIR, '.data');
const RESULTS_DIR = resolve(BENCH_DIR, 'results');
const ADMIN = { email: 'admin@example.com', password: 'Demo1234!' };
const FORMATS: InvoiceFormat[] = ['pdf', 'xrechnung-cii', 'facturx'];
/** In-process renderings per format (after 5 not measured). */
const SERVICE_RENDERS = 60;

const log = (line: string) => process.stdout.write(`${line}\n`);
const seconds = (since: number) => (performance.now() - since) / 1000;

function targetOf(engine: EngineName, postgresUrl: string): Target {
  if (engine === 'postgres') {
    const url = new URL(postgresUrl);
    return { engine, url: postgresUrl, label: `postgres ${url.host}${url.pathname}` };
  }
  const file = resolve(DATA_DIR, 'invoices.db');
  return { engine, url: `sqlite:${file}`, label: `sqlite ${file}` };
}

/** Firm bookings of 1–3 participants spread over 57-seat departures, written through the booking service. */
async function bookFirm(handle: DatabaseHandle, count: number): Promise<number[]> {
  const ctx = { db: handle.db, dialect: handle.dialect };
  const departures = [];
  // two participants a booking on average, a coach filled to about 45 of its 57 seats
  for (let i = 0; i < Math.ceil((count * 2) / 45) + 1; i++) {
    departures.push(await createDepartureFixture(ctx, 900_000 + i, { seatPlan: 'coach57' }));
  }
  const ids: number[] = [];
  for (let i = 0; ids.length < count; i++) {
    const size = 1 + (Math.floor(i / departures.length) % 3);
    const departure = departures[i % departures.length]!;
    const booking = await createBooking(
      ctx,
      {
        termin: departure.nr,
        type: 'regular',
        buchender: {
          firstName: 'Bench',
          surname: `Rechnung ${i}`,
          street: 'Hauptstraße 1',
          zip: '01067',
          city: 'Dresden',
          country: 'DE',
          email: `bench-${i}@example.com`,
        },
        teilnehmer: Array.from({ length: size }, (_, index) => ({
          name: `Rechnung ${i}`,
          name1: `Gast ${index + 1}`,
          zustieghin: 1,
          zustiegrueck: 1,
        })),
        rooms: [],
        extras: [],
      },
      SYSTEM_ACTOR,
    );
    ids.push(booking.id);
  }
  return ids;
}

type Run = { requests: number; failed: Record<string, number>; seconds: number; perSecond: number; bytes: number };

/** `connections` clients working through `items` back to back; each item is one request. */
async function drive<T>(
  items: readonly T[],
  connections: number,
  send: (item: T) => Promise<Response>,
): Promise<Run & { latency: ReturnType<typeof latencies> }> {
  const times: number[] = [];
  const failed: Record<string, number> = {};
  let next = 0;
  let bytes = 0;
  const started = performance.now();
  const client = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      const sent = performance.now();
      const response = await send(item);
      const body = Buffer.from(await response.arrayBuffer());
      times.push(performance.now() - sent);
      bytes += body.length;
      if (response.status >= 300) failed[response.status] = (failed[response.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  const took = seconds(started);
  return {
    requests: items.length,
    failed,
    seconds: took,
    perSecond: items.length / took,
    bytes: Math.round(bytes / Math.max(1, items.length)),
    latency: latencies(times),
  };
}

export async function benchInvoices(engine: EngineName, options: BenchOptions): Promise<boolean> {
  const target = targetOf(engine, options.postgresUrl);
  const perRun = options.invoices;
  const total = perRun * options.connections.length;
  log(`\n== invoices on ${target.label}: ${total} firm bookings, ${perRun} invoices per connection count`);
  mkdirSync(DATA_DIR, { recursive: true });
  await recreateDatabase(target);
  const handle = openDatabase({ url: target.url });
  let server: RunningServer | null = null;
  try {
    let started = performance.now();
    await migrateAndSeed(handle);
    const bookings = await bookFirm(handle, total);
    log(`  migrated, seeded and booked in ${seconds(started).toFixed(1)} s`);
    const port = await freePort(options.port);
    server = await startServer(options.server, target.url, port, resolve(DATA_DIR, `server-invoices-${engine}.log`));
    const token = await login(server.baseUrl, ADMIN.email, ADMIN.password);
    const headers = { authorization: `Bearer ${token}` };
    const base = `${server.baseUrl}/api/v1`;

    const runs = [];
    for (const [index, connections] of options.connections.entries()) {
      const share = bookings.slice(index * perRun, (index + 1) * perRun);
      const issued: number[] = [];
      const issue = await drive(share, connections, async (id) => {
        const response = await fetch(`${base}/ratio_vorgang/${id}/invoices`, { method: 'POST', headers });
        if (response.status === 201) issued.push(((await response.clone().json()) as { id: number }).id);
        return response;
      });
      const renders: Record<string, Awaited<ReturnType<typeof drive>>> = {};
      for (const format of FORMATS) {
        renders[format] = await drive(issued, connections, (id) =>
          fetch(`${base}/invoices/${id}/${format}`, { headers }),
        );
      }
      runs.push({ connections, issue, renders });
    }
    await server.stop();
    server = null;

    // The same renderings in this process: what pdfmake and the e-invoice library take on their own.
    const ctx = { db: handle.db, dialect: handle.dialect };
    const sample = (await handle.db.selectFrom('invoice').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow())
      .id;
    const service: Record<string, ReturnType<typeof latencies>> = {};
    for (const format of FORMATS) {
      const times: number[] = [];
      for (let i = 0; i < SERVICE_RENDERS + 5; i++) {
        started = performance.now();
        await renderEInvoice(ctx, sample, format);
        if (i >= 5) times.push(performance.now() - started);
      }
      service[format] = latencies(times);
    }

    const counter = await handle.db
      .selectFrom('invoice')
      .select([sql<number>`count(*)`.as('n'), sql<number>`max(seq)`.as('max'), sql<number>`min(seq)`.as('min')])
      .where('kind', '=', 'invoice')
      .executeTakeFirstOrThrow();
    const gapFree = Number(counter.max) - Number(counter.min) + 1 === Number(counter.n);

    let failed = !gapFree;
    for (const run of runs) {
      log(`\n  ${engine}, ${run.connections} connection${run.connections === 1 ? '' : 's'}:`);
      log(
        `    issue  POST /ratio_vorgang/{id}/invoices  ${run.issue.perSecond.toFixed(0)} invoices/s  ` +
          `p50 ${ms(run.issue.latency.p50)}  p95 ${ms(run.issue.latency.p95)}  failed ${JSON.stringify(run.issue.failed)}`,
      );
      failed ||= Object.keys(run.issue.failed).length > 0;
      for (const format of FORMATS) {
        const render = run.renders[format]!;
        const own = service[format]!;
        log(
          `    render ${format.padEnd(13)} ${render.perSecond.toFixed(0).padStart(4)} documents/s  ` +
            `p50 ${ms(render.latency.p50)}  p95 ${ms(render.latency.p95)}  (${Math.round(render.bytes / 1024)} KB)   ` +
            `in process p50 ${ms(own.p50)} → HTTP/in-process ${(render.latency.p50 / own.p50).toFixed(2)}×` +
            (run.connections === 1 ? '' : ' (queued)'),
        );
        failed ||= Object.keys(render.failed).length > 0;
      }
    }
    log(
      `\n  invoice numbers ${counter.min}–${counter.max}: ${counter.n} invoices, ${gapFree ? 'no gap' : 'GAPS FOUND'}`,
    );
    mkdirSync(RESULTS_DIR, { recursive: true });
    const file = resolve(RESULTS_DIR, `${new Date().toISOString().replace(/[:.]/g, '-')}-invoices-${engine}.json`);
    writeFileSync(
      file,
      JSON.stringify(
        {
          engine,
          machine: { cpus: cpus().length, model: cpus()[0]?.model, loadavg: loadavg() },
          runs,
          service,
          numbers: { count: Number(counter.n), min: Number(counter.min), max: Number(counter.max), gapFree },
        },
        null,
        2,
      ),
    );
    log(`  results: ${file}`);
    return !failed;
  } finally {
    await server?.stop();
    await handle.destroy();
  }
}
