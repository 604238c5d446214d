/**
 * Where the server's memory goes (issue #8, 4.4). Loads the server's dependencies one group at a time and notes
 * what each adds to the resident set and the JavaScript heap, then builds the real application on the bench
 * database, and finally sends list requests to it over loopback and notes the figures again (the client's own
 * small share included). Start it with
 * `--expose-gc` so every figure is taken after a full collection:
 *
 *   node_modules/.bin/node --expose-gc bench/src/memory.ts [--db sqlite|postgres] [--requests 2000]
 */
import { parseArgs } from 'node:util';
import { getHeapSpaceStatistics } from 'node:v8';
import { resolve } from 'node:path';

const { values } = parseArgs({
  options: { db: { type: 'string', default: 'sqlite' }, requests: { type: 'string', default: '2000' } },
});
const engine = values.db === 'postgres' ? 'postgres' : 'sqlite';
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1).padStart(6);
const collect = () => (globalThis as { gc?: () => void }).gc?.();

let previous = process.memoryUsage();
const rows: string[][] = [];
function note(step: string) {
  collect();
  const now = process.memoryUsage();
  rows.push([
    step,
    mb(now.rss),
    mb(now.rss - previous.rss),
    mb(now.heapUsed),
    mb(now.heapUsed - previous.heapUsed),
    mb(now.external + now.arrayBuffers),
  ]);
  previous = now;
}

note('node itself');
await import('node:sqlite');
note('+ node:sqlite');
await import('pg');
note('+ pg');
await import('kysely');
note('+ kysely');
await import('zod');
await import('@tourdesk/contracts');
note('+ zod and the contracts');
await import('fastify');
note('+ fastify');
await import('@fastify/swagger');
await import('@fastify/swagger-ui');
note('+ swagger, swagger-ui');
await import('helmet');
await import('@fastify/compress');
await import('@fastify/cors');
await import('@fastify/jwt');
await import('@fastify/rate-limit');
await import('@fastify/static');
await import('@fastify/cookie');
note('+ other fastify plugins');
await import('@node-rs/argon2');
await import('nodemailer');
await import('i18n-iso-countries');
note('+ argon2, nodemailer, countries');
const { buildApp } = await import('../../apps/server/src/app.ts');
const { loadConfig } = await import('../../apps/server/src/config.ts');
const { openDatabase } = await import('../../apps/server/src/db/database.ts');
note('+ the server code');

// As generate.ts targetFor, without importing it (it loads server code before the first step).
const url =
  engine === 'postgres'
    ? (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tourdesk_bench')
    : `sqlite:${resolve(import.meta.dirname, '../.data/bench.db')}`;
const database = openDatabase({ url });
const app = await buildApp({ config: { ...loadConfig({}), webDist: '/nonexistent' }, database, logger: false });
await app.ready();
note('app built and ready (idle)');

// Real HTTP over loopback: Fastify's inject keeps every request's mock socket alive until the app closes,
// which would show as a leak that the server does not have.
await app.listen({ port: 0, host: '127.0.0.1' });
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

const header = ['step', 'rss MB', '+rss', 'heap MB', '+heap', 'external MB'];
process.stdout.write(`# ${engine}: memory after a full collection at each step\n\n`);
for (const row of [header, ...rows])
  process.stdout.write(`${row.map((cell, i) => (i === 0 ? cell.padEnd(34) : cell.padStart(11))).join(' ')}\n`);
process.stdout.write('\nheap spaces (MB used / size):\n');
for (const space of getHeapSpaceStatistics()) {
  process.stdout.write(`  ${space.space_name.padEnd(26)} ${mb(space.space_used_size)} / ${mb(space.space_size)}\n`);
}
await app.close();
await database.destroy();
