/**
 * `node bench/src/documents.ts [--rows N] [--runs R]`: the documents query (issue #17, docs/adr/0029) at volume.
 * Fills the registry `document_index` of a fresh database (SQLite under bench/.data, or PostgreSQL with
 * BENCH_DATABASE_URL) with the documents of `--rows`/1.6 bookings — invoices, credit notes, mailed confirmations,
 * received documents, four manifests per departure — then times the list as the route runs it (listDocuments:
 * the indexer's check for new documents, the page and its count) for each filter, an agency's scope, a search
 * and a deep page. Prints p50/p95 per scenario.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sql, type Insertable } from 'kysely';
import { buildSearchText, MANIFEST_KINDS, type DocumentType, type ListQuery } from '@tourdesk/contracts';
import { migrateToLatest, openDatabase } from '../../apps/server/src/db/database.ts';
import { listDocuments } from '../../apps/server/src/features/documents/documents-query.service.ts';
import type { DocumentIndexTable } from '../../apps/server/src/features/documents/documents-query.table.ts';
import { BENCH_DIR } from './generate.ts';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '500000' }, runs: { type: 'string', default: '40' } },
});
const ROWS = Number(values.rows);
const RUNS = Number(values.runs);
const log = (line: string) => process.stdout.write(`${line}\n`);

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SURNAMES = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Schulz',
  'Hoffmann',
];
const TRIPS = ['Gardasee', 'Ostsee', 'Wien', 'Prag', 'Toskana', 'Elsass', 'Salzburg', 'Rügen', 'Provence', 'Dresden'];

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  let dbUrl = url ?? '';
  if (!url) {
    const dir = resolve(BENCH_DIR, '.data');
    mkdirSync(dir, { recursive: true });
    const file = resolve(dir, 'documents.db');
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    dbUrl = `sqlite:${file}`;
  }
  const handle = openDatabase({ url: dbUrl });
  await migrateToLatest(handle);
  const ctx = { db: handle.db, dialect: handle.dialect };
  const next = random(17);
  const bookings = Math.round(ROWS / 1.6);
  const journeys = 5000;
  const departures = 60_000;
  const start = Date.parse('2022-01-01T00:00:00Z');
  const span = Date.parse('2026-11-20T00:00:00Z') - start;
  log(`filling document_index: ~${ROWS} rows over ${bookings} bookings (${handle.dialect})`);
  let seq = 0;
  let batch: Array<Insertable<DocumentIndexTable>> = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    await handle.db.insertInto('document_index').values(rows).execute();
  };
  const add = async (type: DocumentType, booking: number | null, title: string, date: number, extra: object = {}) => {
    seq += 1;
    const customer = booking === null ? null : 1 + ((booking * 7) % Math.round(bookings * 0.7));
    const journey = booking === null ? null : 1 + (booking % journeys);
    const name = customer === null ? null : `${SURNAMES[customer % SURNAMES.length]}, Kunde ${customer}`;
    const trip = journey === null ? null : `${TRIPS[journey % TRIPS.length]} ${journey}`;
    const row = {
      source_key: `bench:${seq}`,
      source: 'invoice' as const,
      source_id: seq,
      doc_type: type,
      manifest_kind: null,
      title,
      filename: `${title}.pdf`,
      content_type: 'application/pdf',
      doc_date: new Date(date).toISOString(),
      id_booking: booking,
      id_vc_card: customer,
      customer_name: name,
      id_jrn_journey: journey,
      journey_title: trip,
      id_jrn_date: booking === null ? null : 1 + (booking % departures),
      id_organization: booking !== null && booking % 5 === 0 ? 1 + (booking % 50) : null,
      id_mail: null,
      ...extra,
    };
    batch.push({ ...row, search_text: buildSearchText([row.title, row.filename, name, trip, booking]) });
    if (batch.length >= 400) await flush();
  };
  const t0 = performance.now();
  for (let booking = 1; booking <= bookings && seq < ROWS; booking++) {
    const date = start + (span * booking) / bookings;
    if (next() < 0.75)
      await add('invoice', booking, `RE-${2022 + Math.floor((4 * booking) / bookings)}-${booking}`, date);
    if (next() < 0.55) await add('confirmation', booking, `Reisebestaetigung-${booking}`, date - 3600_000);
    if (next() < 0.06) await add('creditNote', booking, `GS-${booking}`, date + 86_400_000);
    if (next() < 0.12) await add('received', booking, `Anmeldung ${booking}`, date + 7200_000);
    if (booking % 20 === 0) {
      for (const kind of MANIFEST_KINDS)
        await add('manifest', null, `T-${booking} ${TRIPS[booking % 10]}`, date, { manifest_kind: kind });
    }
  }
  await flush();
  log(`${seq} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  if (handle.dialect === 'postgres') await sql`analyze document_index`.execute(handle.db);

  const office = { userId: 1, agencyId: null };
  const scenarios: Array<[string, ListQuery, { userId: number; agencyId: number | null }]> = [
    ['default page (newest first)', {}, office],
    ['one booking', { id_booking: String(Math.round(bookings / 2)) } as ListQuery, office],
    ['one customer', { id_vc_card: String(1 + ((4711 * 7) % Math.round(bookings * 0.7))) } as ListQuery, office],
    ['one journey, type invoice', { id_jrn_journey: '123', type: 'invoice' } as ListQuery, office],
    ['type + month', { type: 'creditNote', date: { $gte: '2025-03-01', $lte: '2025-03-31' } } as ListQuery, office],
    ['search "hoffmann" (10 % of rows)', { 'lit-search': 'hoffmann' }, office],
    ['search "kunde 4711"', { 'lit-search': 'kunde 4711' }, office],
    ['search invoice number', { 'lit-search': `RE-2024-${Math.round(bookings / 2) + 1}` }, office],
    ['page 500 ($skip 10000)', { $skip: 10_000 }, office],
    ['agency 6: default page', {}, { userId: 2, agencyId: 6 }],
    ['agency 6: one booking of agency 7', { id_booking: '56' } as ListQuery, { userId: 2, agencyId: 6 }],
  ];
  for (const [name, query, reader] of scenarios) {
    const times: number[] = [];
    for (let i = 0; i < RUNS + 3; i++) {
      const t = performance.now();
      const page = await listDocuments(ctx, query, reader);
      if (i >= 3) times.push(performance.now() - t);
      if (i === 0 && !Array.isArray(page) && page.total === 0 && !name.includes('agency 7'))
        log(`  (no rows for ${name})`);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    log(`${name.padEnd(32)} p50 ${at(0.5).padStart(7)} ms   p95 ${at(0.95).padStart(7)} ms`);
  }
  await handle.destroy();
}

await main();
