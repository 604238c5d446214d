/**
 * Lighthouse on the traveller app (issue #13 item 7): logs the demo traveller in (the token cookie the web app
 * reads, lib/auth-token.ts), opens each address with Lighthouse's mobile preset (simulated slow 4G, 4× CPU,
 * Moto G-sized screen) in Debian's Chromium, and prints the performance and accessibility scores and the
 * JavaScript transferred. Targets: performance ≥ 95, accessibility ≥ 95. See bench/README.md ("Lighthouse").
 *
 *   npm run bench:lighthouse                                  # fresh demo database, /appuser/PackSuitcase/{booking}
 *   npm run bench:lighthouse -- --path /appuser/aktJourneys   # another address ({booking}: the traveller's journey)
 *   npm run bench:lighthouse -- --base-url http://localhost:3000   # a server already running (web app built)
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { freePort, login, startServer, type RunningServer } from './server.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const DATA = resolve(REPO_ROOT, 'bench/.data');
const RESULTS = resolve(REPO_ROOT, 'bench/results');

const { values } = parseArgs({
  options: {
    path: { type: 'string', multiple: true },
    'base-url': { type: 'string' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '3230' },
    email: { type: 'string', default: 'traveller@example.com' },
    password: { type: 'string', default: 'Demo1234!' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    runs: { type: 'string', default: '1' },
  },
});
const paths = values.path?.length ? values.path : ['/appuser/PackSuitcase/{booking}', '/appuser/PackSuitcase'];
const TARGETS = { performance: 95, accessibility: 95 };

/** The traveller's first journey: from GET /users-vorgaenge-app once it exists, else the first booking whose suitcase opens. */
async function travellerBooking(baseUrl: string, token: string): Promise<number> {
  const headers = { authorization: `Bearer ${token}` };
  const journeys = await fetch(`${baseUrl}/api/v1/users-vorgaenge-app?show_active=1`, { headers });
  if (journeys.ok) {
    const body = (await journeys.json()) as unknown;
    const rows = (Array.isArray(body) ? body : ((body as { data?: unknown[] }).data ?? [])) as Array<
      Record<string, unknown>
    >;
    const id = Number(rows[0]?.bookingId ?? rows[0]?.id_vorgang ?? rows[0]?.id);
    if (id > 0) return id;
  }
  for (let id = 1; id <= 200; id++) {
    if ((await fetch(`${baseUrl}/api/v1/users-vorgaenge/${id}/suitcase`, { headers })).ok) return id;
  }
  throw new Error(`${values.email} sees no booking`);
}

type Figures = {
  path: string;
  performance: number;
  accessibility: number;
  scriptKb: number;
  totalKb: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failedAccessibility: string[];
};

function figuresOf(path: string, result: RunnerResult): Figures {
  const { categories, audits } = result.lhr;
  const summary = (audits['resource-summary']?.details as { items?: Array<Record<string, unknown>> } | undefined)
    ?.items;
  const kb = (type: string) => Number(summary?.find((item) => item.resourceType === type)?.transferSize ?? 0) / 1024;
  const numeric = (id: string) => Number(audits[id]?.numericValue ?? NaN);
  const failedAccessibility = (categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
  return {
    path,
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    scriptKb: Math.round(kb('script') * 10) / 10,
    totalKb: Math.round(kb('total') * 10) / 10,
    fcpMs: Math.round(numeric('first-contentful-paint')),
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    tbtMs: Math.round(numeric('total-blocking-time')),
    cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
    failedAccessibility,
  };
}

/**
 * One Lighthouse run of `url` in a new tab. Now and then Chromium's trace misses the navigation's start
 * (`NO_NAVSTART`): such a run has no figures, and is run once more (up to three times).
 */
async function audit(browser: Browser, url: string): Promise<RunnerResult> {
  for (let attempt = 1; ; attempt++) {
    const page = await browser.newPage();
    const flags: Flags = { onlyCategories: ['performance', 'accessibility'], logLevel: 'error', output: 'json' };
    const result = await lighthouse(url, flags, undefined, page);
    await page.close();
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const failed = result.lhr.runtimeError;
    if (!failed) return result;
    process.stdout.write(`${url}: Lighthouse could not measure (${failed.code}), attempt ${attempt} of 3\n`);
    if (attempt === 3) return result;
  }
}

async function main() {
  mkdirSync(DATA, { recursive: true });
  mkdirSync(RESULTS, { recursive: true });
  let server: RunningServer | null = null;
  let baseUrl = values['base-url'] ?? '';
  if (!baseUrl) {
    const db = resolve(DATA, 'lighthouse.db');
    for (const suffix of ['', '-wal', '-shm']) rmSync(db + suffix, { force: true });
    const port = await freePort(Number(values.port));
    process.stdout.write(`starting the server on port ${port} with a fresh demo database …\n`);
    server = await startServer(
      resolve(REPO_ROOT, 'apps/server/src/main.ts'),
      `sqlite:${db}`,
      port,
      resolve(DATA, 'server-lighthouse.log'),
      { SEED_DEMO: '1' },
    );
    baseUrl = server.baseUrl.replace('127.0.0.1', 'localhost');
  }
  const browser = await puppeteer.launch({
    executablePath: values.chromium,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const all: Figures[] = [];
  try {
    const token = await login(baseUrl, values.email, values.password);
    const booking = paths.some((path) => path.includes('{booking}')) ? await travellerBooking(baseUrl, token) : 0;
    // The cookie the web app reads its session from; Lighthouse's storage reset leaves cookies alone
    // (it clears the service worker and caches, so each run is a first visit).
    await browser.setCookie({ name: 'tourdesk_token', value: token, domain: new URL(baseUrl).hostname, path: '/' });
    for (const template of paths) {
      const path = template.replace('{booking}', String(booking));
      for (let run = 1; run <= Number(values.runs); run++) {
        const result = await audit(browser, `${baseUrl}${path}`);
        const figures = figuresOf(path, result);
        all.push(figures);
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        writeFileSync(resolve(RESULTS, `${stamp}-lighthouse.json`), JSON.stringify(result.lhr));
        const mark = (score: number, target: number) => `${score}${score >= target ? '' : ` (target ${target})`}`;
        process.stdout.write(
          `${path}: performance ${mark(figures.performance, TARGETS.performance)}, accessibility ${mark(
            figures.accessibility,
            TARGETS.accessibility,
          )}, JS ${figures.scriptKb} KB transferred (all ${figures.totalKb} KB); FCP ${figures.fcpMs} ms, LCP ${
            figures.lcpMs
          } ms, TBT ${figures.tbtMs} ms, CLS ${figures.cls}` +
            (figures.failedAccessibility.length
              ? `; accessibility audits failed: ${figures.failedAccessibility.join(', ')}`
              : '') +
            '\n',
        );
      }
    }
  } finally {
    await browser.close();
    await server?.stop();
  }
  const missed = all.filter(
    (row) => row.performance < TARGETS.performance || row.accessibility < TARGETS.accessibility,
  );
  if (missed.length) process.exitCode = 1;
}

await main();
