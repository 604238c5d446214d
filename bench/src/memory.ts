/**
 * Where the server's memory goes (issue #8, 4.4). Follows the server's own start-up (main.ts) step by step on the
 * bench database — Node itself, the server's module graph, the database opened and migrated, the application
 * built, listening — and notes after a full collection at each step what the resident set holds, split into
 * the parts Linux and V8 can tell apart: the node binary's pages (file-backed), the JavaScript heap (V8's spaces),
 * memory outside the heap that V8 knows of (`external`: buffers, native objects) and the rest of the anonymous
 * memory (malloc arenas of SQLite, ICU, OpenSSL and V8 itself, thread stacks). Then it sends list requests over
 * loopback and notes the figures again. Start it with `--expose-gc` so every figure is taken after a full
 * collection:
 *
 *   node_modules/.bin/node --expose-gc bench/src/memory.ts [--db sqlite|postgres] [--requests 2000] [--snapshot FILE]
 *
 * `--snapshot FILE` writes a V8 heap snapshot of the idle server (open it in Chrome DevTools, Memory tab).
 */
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { getHeapCodeStatistics, getHeapSpaceStatistics, writeHeapSnapshot } from 'node:v8';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    requests: { type: 'string', default: '2000' },
    snapshot: { type: 'string' },
  },
});
const engine = values.db === 'postgres' ? 'postgres' : 'sqlite';
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const collect = () => {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
};

// Every module file the process loads, by package, to name what the server code pulls in at start-up.
const loaded = new Map<string, number>();
registerHooks({
  load(url, context, next) {
    const result = next(url, context);
    const source = result.source;
    if (url.startsWith('file:') && source)
      loaded.set(url, typeof source === 'string' ? source.length : source.byteLength);
    return result;
  },
});

/** Resident kilobytes from /proc/self/smaps_rollup: anonymous and file-backed. */
function rollup(): { anonymous: number; file: number } {
  const text = readFileSync('/proc/self/smaps_rollup', 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;
  return { anonymous: field('Anonymous'), file: field('Rss') - field('Anonymous') };
}

type Row = { step: string; rss: number; file: number; heap: number; heapUsed: number; external: number; other: number };
const rows: Row[] = [];
function note(step: string) {
  collect();
  const usage = process.memoryUsage();
  const { anonymous, file } = rollup();
  rows.push({
    step,
    rss: usage.rss,
    file,
    heap: usage.heapTotal,
    heapUsed: usage.heapUsed,
    external: usage.external,
    other: anonymous - usage.heapTotal - usage.external,
  });
}

note('node itself');
const { buildApp } = await import('../../apps/server/src/app.ts');
const { loadConfig } = await import('../../apps/server/src/config.ts');
const { migrateToLatest, openDatabase } = await import('../../apps/server/src/db/database.ts');
const { seedDefaults } = await import('../../apps/server/src/seed/demo.ts');
note('+ the server code (module graph)');

// As generate.ts targetFor, without importing it (it loads server code before the first step).
const url =
  engine === 'postgres'
    ? (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tourdesk_bench')
    : `sqlite:${resolve(import.meta.dirname, '../.data/bench.db')}`;
const config = loadConfig({ ...process.env, DATABASE_URL: url, SEED_DEMO: '0' });
const database = openDatabase({ url, countCacheMs: config.countCacheMs, authCacheMs: config.authCacheMs });
await migrateToLatest(database);
note('+ database opened and migrated');
const app = await buildApp({ config, database, logger: false });
await seedDefaults(app.ctx);
note('+ application built');
await app.listen({ port: 0, host: '127.0.0.1' });
note('listening (idle, as main.ts)');
const idleModules = new Map(loaded);
if (values.snapshot) writeHeapSnapshot(values.snapshot);

// Real HTTP over loopback: Fastify's inject keeps every request's mock socket alive until the app closes,
// which would show as a leak that the server does not have.
const address = app.server.address();
const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const login = await fetch(`${baseUrl}/api/v1/authentication`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ strategy: 'local', email: 'office@example.com', password: 'Demo1234!' }),
});
const token = ((await login.json()) as { accessToken: string }).accessToken;
const paths = process.env.BENCH_MEMORY_PATHS?.split(' ') ?? [
  '/api/v1/customers',
  '/api/v1/customers?%24skip=1000',
  '/api/v1/customers?lit-search=m%C3%BCll',
];
const total = Number(values.requests);
for (let i = 1; i <= total; i++) {
  const response = await fetch(baseUrl + paths[i % paths.length]!, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  if (i === Math.round(total / 4) || i === total) note(`after ${i} list requests`);
}

const out = (line = '') => process.stdout.write(`${line}\n`);
out(`# ${engine}: resident memory (MB) after a full collection at each step`);
out();
out('| step | rss | node binary and other files | JS heap (used) | external | other anonymous |');
out('|---|--:|--:|--:|--:|--:|');
for (const row of rows) {
  out(
    `| ${row.step} | ${mb(row.rss)} | ${mb(row.file)} | ${mb(row.heap)} (${mb(row.heapUsed)}) | ${mb(row.external)} | ${mb(row.other)} |`,
  );
}
out();
out('heap spaces at the end (MB used / size):');
for (const space of getHeapSpaceStatistics()) {
  if (space.space_size > 0)
    out(`  ${space.space_name.padEnd(26)} ${mb(space.space_used_size)} / ${mb(space.space_size)}`);
}
const code = getHeapCodeStatistics();
out(
  `code: ${mb(code.code_and_metadata_size)} MB machine code, ${mb(code.bytecode_and_metadata_size)} MB bytecode, ` +
    `${mb(code.external_script_source_size)} MB script sources`,
);
out();
const byPackage = new Map<string, { files: number; bytes: number }>();
for (const [file, bytes] of idleModules) {
  const name =
    /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ??
    (file.includes('/packages/') ? 'contracts' : 'server and bench code');
  const entry = byPackage.get(name) ?? { files: 0, bytes: 0 };
  entry.files++;
  entry.bytes += bytes;
  byPackage.set(name, entry);
}
const largest = [...byPackage].sort((a, b) => b[1].bytes - a[1].bytes);
out(
  `modules loaded when idle: ${idleModules.size} files, ${mb([...idleModules.values()].reduce((a, b) => a + b, 0))} MB of source; largest packages:`,
);
for (const [name, { files, bytes }] of largest.slice(0, 15))
  out(`  ${name.padEnd(28)} ${String(files).padStart(4)} files ${(bytes / 1024).toFixed(0).padStart(6)} KB`);
await app.close();
await database.destroy();
