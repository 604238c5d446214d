/**
 * `node bench/src/newsletter-analysis.ts [--db sqlite|postgres|both] [--campaigns 10] [--recipients 10000]
 * [--duration 5]`: the newsletter analysis at 1,000,000 events (issue #14 "the analysis page at 1,000,000
 * events"). Fills a database of its own with `--campaigns` sent campaigns of `--recipients` recipients each and
 * about ten events per recipient (sent, opens, clicks on five links, 2 % hard bounces, machine opens), then
 * - times the server's own analysis functions in-process (listCampaignStats: every campaign's figures;
 *   getCampaignAnalysis: one campaign's figures, hours, links, bounces) next to the same SQL statements sent bare
 *   through the driver (node:sqlite / pg), median of 15 runs;
 * - prints each statement's plan;
 * - starts the real server and drives the tracking pixel, the click redirect and the analysis call over HTTP
 *   with autocannon (10 connections).
 * See bench/README.md "Newsletter analysis".
 */
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql, type CompiledQuery, type KyselyPlugin, type QueryId, type RootOperationNode } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database.ts';
import {
  getCampaignAnalysis,
  listCampaignStats,
  newsletterTokenKey,
} from '../../apps/server/src/features/newsletter-analysis/newsletter-analysis.service.ts';
import { signRecipientToken } from '../../apps/server/src/features/newsletter/newsletter-message.ts';
import { BENCH_DIR, migrateAndSeed, recreateDatabase, type Target } from './generate.ts';
import { plan } from './sql-capture.ts';
import { freePort, login, startServer } from './server.ts';

const log = (line: string) => process.stdout.write(`${line}\n`);
const arg = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1]! : fallback;
};
const CAMPAIGNS = Number(arg('campaigns', '10'));
const RECIPIENTS = Number(arg('recipients', '10000'));
const DURATION = Number(arg('duration', '5'));
const RUNS = 15;
const DB = arg('db', 'both');
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tourdesk_bench_newsletter';
const DATA_DIR = resolve(BENCH_DIR, '.data');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/** Remembers the statements the server's code sends, to replay them bare. */
class Capture implements KyselyPlugin {
  nodes: Array<{ node: RootOperationNode; queryId: QueryId }> = [];
  transformQuery(args: { node: RootOperationNode; queryId: QueryId }) {
    this.nodes.push(args);
    return args.node;
  }
  async transformResult<T>(args: { result: T }) {
    return args.result;
  }
}

/** Ten events per recipient on average: 1 sent, 0–12 opens (one in eleven a machine's), 0–6 clicks on 5 links. */
async function fill(handle: DatabaseHandle): Promise<{ events: number; recipientId: number; campaignId: number }> {
  const { db } = handle;
  const started = performance.now();
  const contacts: number[] = [];
  for (let start = 0; start < RECIPIENTS; start += 1000) {
    const rows = await db
      .insertInto('newsletter_contact')
      .values(
        Array.from({ length: Math.min(1000, RECIPIENTS - start) }, (_, i) => {
          const email = `leser${start + i}@bench.example`;
          return { email, email_key: email };
        }),
      )
      .returning('id')
      .execute();
    contacts.push(...rows.map((row) => row.id));
  }
  let events = 0;
  let sample = { recipientId: 0, campaignId: 0 };
  for (let c = 0; c < CAMPAIGNS; c++) {
    const begin = Date.parse('2026-09-01T08:00:00Z') + c * 7 * 86_400_000;
    const at = (hours: number) => new Date(begin + hours * 3_600_000).toISOString();
    const campaign = await db
      .insertInto('newsletter_campaign')
      .values({
        title: `Bench-Kampagne ${c + 1}`,
        status: 'sent',
        started_at: at(0),
        finished_at: at(25),
        recipients: RECIPIENTS,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const links = await db
      .insertInto('newsletter_link')
      .values(
        [0, 1, 2, 3, 4].map((position) => ({
          id_campaign: campaign.id,
          position,
          url: `https://bench.example/${position}`,
        })),
      )
      .returning('id')
      .execute();
    await db.transaction().execute(async (trx) => {
      for (let start = 0; start < contacts.length; start += 1000) {
        const recipients = await trx
          .insertInto('newsletter_recipient')
          .values(
            contacts.slice(start, start + 1000).map((id, i) => ({
              id_campaign: campaign.id,
              id_contact: id,
              email: `leser${start + i}@bench.example`,
              status: (start + i) % 50 === 0 ? ('bounced' as const) : ('sent' as const),
              sent_at: at((start + i) / 400),
            })),
          )
          .returning('id')
          .execute();
        const rows: Array<{
          id_campaign: number;
          id_recipient: number;
          type: 'sent' | 'bounce_hard' | 'open' | 'click';
          id_link: number | null;
          at: string;
          detail: string | null;
        }> = [];
        recipients.forEach(({ id }, i) => {
          const n = start + i;
          const sent = n / 400;
          if (n % 50 === 0) {
            rows.push({
              id_campaign: campaign.id,
              id_recipient: id,
              type: 'bounce_hard',
              id_link: null,
              at: at(sent),
              detail: '550 5.1.1 user unknown',
            });
            return;
          }
          rows.push({
            id_campaign: campaign.id,
            id_recipient: id,
            type: 'sent',
            id_link: null,
            at: at(sent),
            detail: null,
          });
          for (let o = 0; o < n % 13; o++) {
            const machine = o === 0 && n % 11 === 0;
            rows.push({
              id_campaign: campaign.id,
              id_recipient: id,
              type: 'open',
              id_link: null,
              at: at(sent + ((n * 7 + o * 13) % 160)),
              detail: machine ? 'machine' : null,
            });
          }
          for (let k = 0; k < n % 7; k++) {
            rows.push({
              id_campaign: campaign.id,
              id_recipient: id,
              type: 'click',
              id_link: links[(n + k) % 5]!.id,
              at: at(sent + ((n * 3 + k * 17) % 160)),
              detail: null,
            });
          }
        });
        for (let r = 0; r < rows.length; r += 2000)
          await trx
            .insertInto('newsletter_event')
            .values(rows.slice(r, r + 2000))
            .execute();
        events += rows.length;
        if (c === 0 && start === 0) sample = { recipientId: recipients[1]!.id, campaignId: campaign.id };
      }
    });
    log(
      `  campaign ${c + 1}/${CAMPAIGNS}: ${events.toLocaleString('en')} events so far (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
  }
  return { events, ...sample };
}

/** Runs `work` once to capture its statements, then times it and the bare statements through the driver. */
async function compare(
  handle: DatabaseHandle,
  label: string,
  work: (ctx: { db: DatabaseHandle['db']; dialect: DatabaseHandle['dialect'] }) => Promise<unknown>,
  bare: (statements: CompiledQuery[]) => Promise<number>,
) {
  const capture = new Capture();
  await work({ db: handle.db.withPlugin(capture), dialect: handle.dialect });
  const executor = handle.db.getExecutor();
  const statements = capture.nodes.map(({ node, queryId }) => executor.compileQuery(node, queryId));
  const project: number[] = [];
  const floor: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    await work({ db: handle.db, dialect: handle.dialect });
    project.push(performance.now() - t);
    t = performance.now();
    await bare(statements);
    floor.push(performance.now() - t);
  }
  log(
    `| ${label.padEnd(34)} | ${fmt(median(project)).padStart(9)} | ${fmt(median(floor)).padStart(9)} | ${(median(project) / median(floor)).toFixed(2)}× | ${statements.length} |`,
  );
  return statements;
}

async function http(baseUrl: string, paths: readonly string[], headers: Record<string, string> = {}) {
  const statuses = new Map<number, number>();
  const result = await autocannon({
    url: baseUrl,
    connections: 10,
    duration: DURATION,
    timeout: 30,
    headers,
    requests: paths.map((path) => ({ method: 'GET', path })),
    setupClient: (client) => {
      client.on('response', (status) => statuses.set(status, (statuses.get(status) ?? 0) + 1));
    },
  });
  const completed = [...statuses.values()].reduce((sum, n) => sum + n, 0);
  const rps = completed / (result.duration || DURATION);
  return { rps, statuses: [...statuses.entries()].map(([code, n]) => `${code}×${n}`).join(' ') };
}

async function run(engine: 'sqlite' | 'postgres') {
  const target: Target =
    engine === 'sqlite'
      ? { engine, url: `sqlite:${resolve(DATA_DIR, 'newsletter.db')}`, label: 'sqlite' }
      : { engine, url: POSTGRES_URL, label: POSTGRES_URL };
  mkdirSync(DATA_DIR, { recursive: true });
  log(
    `\n## ${engine} — ${CAMPAIGNS} campaigns × ${RECIPIENTS.toLocaleString('en')} recipients, load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  await recreateDatabase(target);
  let handle = openDatabase({ url: target.url, poolSize: 4 });
  await migrateAndSeed(handle);
  const filled = performance.now();
  const { events, recipientId, campaignId } = await fill(handle);
  await (engine === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(handle.db);
  const tokenRecipients = await handle.db
    .selectFrom('newsletter_recipient')
    .select('id')
    .where('id_campaign', '=', campaignId)
    .orderBy('id')
    .limit(2000)
    .execute();
  log(`filled ${events.toLocaleString('en')} events in ${((performance.now() - filled) / 1000).toFixed(0)} s`);
  await handle.destroy();
  handle = openDatabase({ url: target.url, poolSize: 4, countCacheMs: 0 });

  let bare: (statements: CompiledQuery[]) => Promise<number>;
  let close: () => Promise<void>;
  if (engine === 'sqlite') {
    const raw = new DatabaseSync(target.url.slice('sqlite:'.length));
    bare = async (statements) => {
      for (const statement of statements) raw.prepare(statement.sql).all(...(statement.parameters as SQLInputValue[]));
      return 0;
    };
    close = async () => raw.close();
  } else {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    bare = async (statements) => {
      for (const statement of statements) await client.query(statement.sql, [...statement.parameters]);
      return 0;
    };
    close = () => client.end();
  }
  log(
    `\nin-process, median of ${RUNS} (project = the server's service function; floor = its statements bare through the driver, one after another)`,
  );
  log('| call                               |   project |     floor | ratio | statements |');
  log('|------------------------------------|----------:|----------:|------:|-----------:|');
  const listStatements = await compare(
    handle,
    `list of ${CAMPAIGNS} campaigns (figures)`,
    (ctx) => listCampaignStats(ctx),
    bare,
  );
  const oneStatements = await compare(
    handle,
    'one campaign (figures, hours, links, bounces)',
    (ctx) => getCampaignAnalysis(ctx, campaignId),
    bare,
  );
  await close();
  log('\nplans:');
  for (const statement of [...listStatements, ...oneStatements]) {
    log(`- ${statement.sql.slice(0, 140).replace(/\s+/g, ' ')}…`);
    for (const line of await plan(handle.db, handle.dialect, statement)) log(`    ${line}`);
  }

  const key = await newsletterTokenKey({ db: handle.db, dialect: handle.dialect }, null);
  const token = signRecipientToken(key, recipientId);
  // Hits spread over 2,000 recipients, so they stay under the per-recipient cap and every hit inserts.
  const tokens = tokenRecipients.map(({ id }) => signRecipientToken(key, id));
  await handle.destroy();
  const port = await freePort(3611);
  const server = await startServer(
    resolve(BENCH_DIR, '../apps/server/src/main.ts'),
    target.url,
    port,
    resolve(DATA_DIR, `server-newsletter-${engine}.log`),
    { SEED_DEMO: '0' },
  );
  try {
    const bearer = await login(server.baseUrl, 'admin@example.com', 'Demo1234!');
    log(`\nHTTP, 10 connections, ${DURATION} s each (load average ${loadavg()[0]!.toFixed(2)})`);
    log('| request                         | req/s | statuses |');
    log('|---------------------------------|------:|----------|');
    for (const [label, path, headers] of [
      ['pixel (records an open)', tokens.map((value) => `/api/v1/newsletter/o/${value}.gif`), {}],
      ['click (records, 302)', tokens.map((value) => `/api/v1/newsletter/c/${value}/0`), {}],
      ['pixel, recipient at its cap', [`/api/v1/newsletter/o/${token}.gif`], {}],
      ['pixel, bad token', ['/api/v1/newsletter/o/n1.1.AAAAAAAAAAAAAAAAAAAAAA.gif'], {}],
      [
        'analysis of one campaign',
        [`/api/v1/newsletter/analysis/${campaignId}`],
        { authorization: `Bearer ${bearer}` },
      ],
      ['analysis list', ['/api/v1/newsletter/analysis'], { authorization: `Bearer ${bearer}` }],
    ] as const) {
      const { rps, statuses } = await http(server.baseUrl, path, headers);
      log(`| ${label.padEnd(31)} | ${rps.toFixed(0).padStart(5)} | ${statuses} |`);
    }
  } finally {
    await server.stop();
  }
  log(
    `load average after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
}

for (const engine of DB === 'both' ? (['sqlite', 'postgres'] as const) : [DB as 'sqlite' | 'postgres'])
  await run(engine);
