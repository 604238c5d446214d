/**
 * Data import benchmark (issue #18 item 3, docs/adr/0032): a CSV of 250,000 customers (2 % of them twice in the
 * file) imported through the real service on SQLite and PostgreSQL — rows per second of the background run, how
 * often the progress the screen polls moves on, and the time of the upload (parse and store) and of the undo.
 * `node bench/src/import.ts [--rows N] [--engines sqlite,postgres]`; PostgreSQL at BENCH_DATABASE_URL (a database of
 * its own: it is dropped and recreated).
 */
import { cpus, loadavg } from 'node:os';
import { migrateToLatest, openDatabase } from '../../apps/server/src/db/database.ts';
import {
  dataImportsIdle,
  getDataImport,
  startDataImport,
  undoDataImport,
  uploadDataImport,
} from '../../apps/server/src/features/data-import/data-import.service.ts';
import { recreateDatabase, targetFor } from './generate.ts';
import type { EngineName } from './options.ts';

const arg = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1]! : fallback;
};
const rows = Number(arg('rows', '250000'));
const engines = arg('engines', 'sqlite,postgres').split(',') as EngineName[];
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_data_import';
const POLL_MS = 100;

const FIRST = ['Anna', 'Bernd', 'Clara', 'Dieter', 'Emine', 'Fritz', 'Gül', 'Hanna', 'Ilse', 'Jürgen'];
const LAST = ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann'];

function csv(count: number): Buffer {
  const lines = ['\uFEFFAnrede;Vorname;Nachname;Straße;PLZ;Ort;E-Mail;Telefon;Geburtstag'];
  for (let i = 0; i < count; i++) {
    const n = i % 50 === 49 ? i - 1 : i; // every 50th row repeats the one before: a duplicate in the file
    const day = String(1 + (n % 28)).padStart(2, '0');
    const month = String(1 + (n % 12)).padStart(2, '0');
    lines.push(
      `${n % 2 ? 'Herr' : 'Frau'};${FIRST[n % 10]};${LAST[Math.floor(n / 10) % 10]}${n};Hauptstr. ${1 + (n % 200)};${String(10000 + (n % 89999))};Berlin;kunde${n}@bench-import.example;030 ${String(1000000 + n)};${day}.${month}.${1940 + (n % 60)}`,
    );
  }
  return Buffer.from(lines.join('\r\n'));
}

const file = csv(rows);
console.log(
  `data import benchmark: ${rows} rows (${(file.length / 1e6).toFixed(1)} MB CSV), ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}`,
);

for (const engine of engines) {
  const target = targetFor(engine, postgresUrl);
  await recreateDatabase(target);
  const handle = openDatabase({ url: target.url });
  await migrateToLatest(handle);
  const ctx = { db: handle.db, dialect: handle.dialect };

  let started = performance.now();
  const upload = await uploadDataImport(ctx, { buffer: file, filename: 'bench.csv' }, undefined, null);
  const uploadMs = performance.now() - started;

  started = performance.now();
  await startDataImport(ctx, upload.id, { mapping: upload.mapping, existing: 'update', sourceName: undefined });
  const updates: number[] = [];
  let last = 0;
  let job = await getDataImport(ctx, upload.id);
  while (job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    job = await getDataImport(ctx, upload.id);
    if (job.processed !== last) {
      updates.push(performance.now());
      last = job.processed;
    }
  }
  const runMs = performance.now() - started;
  await dataImportsIdle();
  const gaps = updates.slice(1).map((at, index) => at - updates[index]!);
  const meanGap = gaps.reduce((sum, gap) => sum + gap, 0) / Math.max(1, gaps.length);
  const maxGap = Math.max(0, ...gaps);

  started = performance.now();
  const undone = await undoDataImport(ctx, upload.id);
  const undoMs = performance.now() - started;

  console.log(
    [
      `${engine}: ${job.status}, ${job.created} created, ${job.updated} updated, ${job.skipped} skipped`,
      `  upload (parse + store): ${(uploadMs / 1000).toFixed(1)} s`,
      `  run: ${(runMs / 1000).toFixed(1)} s = ${Math.round(rows / (runMs / 1000))} rows/s`,
      `  progress: ${updates.length} updates seen (polled every ${POLL_MS} ms), one every ${(meanGap / 1000).toFixed(2)} s on average, longest gap ${(maxGap / 1000).toFixed(2)} s`,
      `  undo: ${undone.removed} removed in ${(undoMs / 1000).toFixed(1)} s`,
    ].join('\n'),
  );
  await handle.destroy();
}
