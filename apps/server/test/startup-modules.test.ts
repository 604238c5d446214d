import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * What the server loads to start (bench/README.md "Memory"): the libraries only a few requests need load with
 * their first use, each costing tens of megabytes of resident memory when imported — PDFs, e-invoices, Excel,
 * IMAP and mail parsing, SMTP, image processing, S3, HTML sanitising, the password estimator. (The country names
 * load with the migration that writes them, so on a new database at start.)
 * Once imapflow, mailparser and ExcelJS came in with the server again and took an idle server from 192 to 284 MB.
 */
const LOADED_ON_FIRST_USE = [
  'pdfmake',
  '@e-invoice-eu/core',
  'exceljs',
  'imapflow',
  'mailparser',
  'nodemailer',
  'sharp',
  '@aws-sdk/client-s3',
  'sanitize-html',
  '@zxcvbn-ts/core',
];

const SERVER = resolve(import.meta.dirname, '../src/main.ts');
const RECORDER = resolve(import.meta.dirname, 'fixtures/record-modules.ts');

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}

/** The package a loaded module file belongs to (`@scope/name` or `name`), or null for the project's own files. */
const packageOf = (url: string): string | null =>
  /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(decodeURIComponent(url))?.[1] ?? null;

describe('the server at start', () => {
  let folder = '';
  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('loads none of the libraries that load with their first use', async () => {
    folder = await mkdtemp(join(tmpdir(), 'tourdesk-startup-'));
    const record = join(folder, 'modules.json');
    const port = await freePort();
    const server = spawn(process.execPath, ['--import', RECORDER, SERVER], {
      env: {
        ...process.env,
        DATABASE_URL: `sqlite:${join(folder, 'start.db')}`,
        SEED_DEMO: '0',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        WEB_DIST: join(folder, 'no-web-app'),
        FILE_STORE_URL: '',
        RECORD_MODULES_TO: record,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let log = '';
    server.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const exited = once(server, 'exit');
    try {
      // Listening and answering: everything the server does at start has happened.
      const deadline = Date.now() + 60_000;
      for (;;) {
        const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`).catch(() => null);
        if (health?.status === 200) break;
        if (server.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${log}`);
        await new Promise((done) => setTimeout(done, 100));
      }
    } finally {
      server.kill('SIGTERM');
      await exited;
    }
    const packages = new Set((JSON.parse(await readFile(record, 'utf8')) as string[]).map(packageOf));
    // The recorder saw the server's own libraries (a failed recording would make the check below meaningless).
    expect(packages).toContain('fastify');
    expect(LOADED_ON_FIRST_USE.filter((name) => packages.has(name))).toEqual([]);
  }, 90_000);
});
