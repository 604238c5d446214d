/**
 * Measures candidate query shapes for a list page against the server's own query, on the bench database,
 * without changing the server: it captures the page query listCustomers (or listUsers) sends for each
 * scenario path (see sql-capture.ts) and rewrites it into
 *
 *   deferred    the page of ids first, on vc_card alone (sorted, limited, offset), then the joins for
 *               those 20 rows only;
 *   hits-first  like deferred, but the rows matching the filter and search are collected first in a
 *               MATERIALIZED common table expression, so the planner cannot walk the sort index and
 *               filter row by row (only for sorts on vc_card.name / vc_card.id_vc_card);
 *   window      searches only: the first `--window` customers in sort order (the sort index, no search
 *               index), filtered by substring; when that window holds fewer matches than the page needs,
 *               hits-first runs as well — the time shown is both together.
 *
 * Every variant must answer the same rows in the same order as the server's query (checked). `--index`
 * creates indexes (and refreshes the statistics) inside a transaction that is rolled back at the end, so
 * the bench database is left as it was:
 *
 *   node_modules/.bin/node bench/src/variants.ts [--db sqlite|postgres] [--only customers] [--runs 7] [--plans]
 *     [--index 'create index … on vc_card (…)'] …
 */
import { parseArgs } from 'node:util';
import { CompiledQuery, sql } from 'kysely';
import { searchWords } from '@tourdesk/contracts';
import { openDatabase, type Database } from '../../apps/server/src/db/database.ts';
import type { DialectName } from '../../apps/server/src/db/dialect.ts';
import { targetFor } from './generate.ts';
import { selectListScenarios } from './scenarios.ts';
import { captureList, listQueryOf, medianMs, plan } from './sql-capture.ts';

type Parts = { select: string; table: string; joins: string; where: string; order: string; tail: string };

/** Splits `select … from "t" <joins> where … order by … limit ? offset ?` into its parts. */
function split(text: string): Parts | null {
  const from = /^select (.*?) from ("\w+") /s.exec(text);
  if (!from) return null;
  const rest = text.slice(from[0].length);
  const where = rest.indexOf(' where ');
  const order = rest.lastIndexOf(' order by ');
  const limit = rest.lastIndexOf(' limit ');
  if (where < 0 || order < where || limit < order) return null;
  const joins = rest.slice(0, where).trim();
  if (joins && !joins.includes(' join ')) return null;
  return {
    select: from[1]!,
    table: from[2]!,
    joins,
    where: rest.slice(where + ' where '.length, order),
    order: rest.slice(order + ' order by '.length, limit),
    tail: rest.slice(limit + 1),
  };
}

/** The page of ids on the main table alone, then the joins for those rows. */
function deferred(parts: Parts, source: string, prefix = ''): string {
  const { select, table, joins, where, order, tail } = parts;
  const id = `${table}."id_vc_card"`;
  const page = source
    ? `select ${id} as "page_id" from ${source} as ${table} order by ${order} ${tail}`
    : `select ${id} as "page_id" from ${table} where ${where} order by ${order} ${tail}`;
  return `${prefix}select ${select} from (${page}) as "page" inner join ${table} on ${id} = "page"."page_id" ${joins} order by ${order}`;
}

/** The matching rows (id and sort columns) first, fenced off in a materialized CTE (searches only). */
function hitsFirst(parts: Parts, words: readonly string[]): string | null {
  if (words.length === 0) return null;
  const columns = [...parts.order.matchAll(/"vc_card"\."(\w+)"/g)].map((match) => match[1]!);
  const allowed = new Set(['id_vc_card', 'name']);
  if (columns.length === 0 || columns.some((column) => !allowed.has(column))) return null;
  const hits = `with "hits" as materialized (select "vc_card"."id_vc_card", "vc_card"."name" from "vc_card" where ${parts.where}) `;
  return deferred(parts, '"hits"', hits);
}

/**
 * The first `size` customers in sort order, searched by substring (instr on SQLite, like on PostgreSQL: the
 * same matches as the search index gives for the normalised words), then the joins for the page.
 */
function windowed(parts: Parts, dialect: DialectName, words: readonly string[], size: number, page: CompiledQuery) {
  if (!hitsFirst(parts, words)) return null;
  const params: unknown[] = [];
  const add = (value: unknown) => {
    params.push(value);
    return dialect === 'postgres' ? `$${params.length}` : '?';
  };
  const [limit, offset] = page.parameters.slice(-2);
  const window = `select "vc_card"."id_vc_card", "vc_card"."name", "vc_card"."search_text" from "vc_card" where "vc_card"."kind" = ${add('customer')} order by ${parts.order} limit ${add(size)}`;
  const found = words
    .map((word) =>
      dialect === 'postgres'
        ? `"vc_card"."search_text" like ${add(`%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`)}`
        : `instr("vc_card"."search_text", ${add(word)}) > 0`,
    )
    .join(' and ');
  const ids = `select "vc_card"."id_vc_card" as "page_id" from (${window}) as "vc_card" where ${found} order by ${parts.order} limit ${add(limit)} offset ${add(offset)}`;
  const text = `select ${parts.select} from (${ids}) as "page" inner join "vc_card" on "vc_card"."id_vc_card" = "page"."page_id" ${parts.joins} order by ${parts.order}`;
  return { query: CompiledQuery.raw(text, params), limit: Number(limit) };
}

const ids = (rows: unknown[]) => rows.map((row) => (row as { id_vc_card: number }).id_vc_card).join(',');

/** Thrown to roll the index experiment back. */
class Rollback extends Error {}

type Settings = { runs: number; plans: boolean; window: number };

async function measure(db: Database, dialect: DialectName, words: string[], settings: Settings) {
  const { runs, plans } = settings;
  const rows: string[][] = [];
  for (const scenario of selectListScenarios(words)) {
    if (scenario.group !== 'customers') continue;
    for (const path of scenario.paths) {
      const { statements } = await captureList(db, dialect, scenario, path);
      const page = statements[0]!;
      const parts = split(page.sql);
      if (!parts) throw new Error(`${scenario.name}: unexpected page query shape:\n${page.sql}`);
      const searched = searchWords(listQueryOf(path)['lit-search']);
      const candidates: Array<[string, string | null]> = [
        ['server', page.sql],
        ['deferred', deferred(parts, '')],
        ['hits-first', hitsFirst(parts, searched)],
      ];
      const expected = ids((await db.executeQuery(page)).rows);
      const cells: string[] = [scenario.name, decodeURIComponent(path.slice(path.indexOf('/customers')))];
      for (const [name, text] of candidates) {
        if (!text) {
          cells.push('–');
          continue;
        }
        const query = CompiledQuery.raw(text, [...page.parameters]);
        const got = ids((await db.executeQuery(query)).rows);
        if (got !== expected) throw new Error(`${name} answers other rows than the server for ${path}`);
        cells.push((await medianMs(db, query, runs)).toFixed(2));
        if (plans) {
          console.log(`\n-- ${scenario.name} ${decodeURIComponent(path)}: ${name}\n${text}`);
          for (const line of await plan(db, dialect, query)) console.log(`   ${line}`);
        }
      }
      const window = windowed(parts, dialect, searched, settings.window, page);
      if (!window) cells.push('–', '–');
      else {
        const fallback = CompiledQuery.raw(hitsFirst(parts, searched)!, [...page.parameters]);
        let fellBack = false;
        const run = async () => {
          const found = await db.executeQuery(window.query);
          fellBack = found.rows.length < window.limit;
          return fellBack ? db.executeQuery(fallback) : found;
        };
        if (ids((await run()).rows) !== expected)
          throw new Error(`window answers other rows than the server for ${path}`);
        const times: number[] = [];
        for (let i = 0; i < runs; i++) {
          const started = performance.now();
          await run();
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        cells.push(times[Math.floor(times.length / 2)]!.toFixed(2), fellBack ? 'yes' : 'no');
        if (plans) {
          console.log(`\n-- ${scenario.name} ${decodeURIComponent(path)}: window\n${window.query.sql}`);
          for (const line of await plan(db, dialect, window.query)) console.log(`   ${line}`);
        }
      }
      rows.push(cells);
    }
  }
  const header = ['scenario', 'request', 'server ms', 'deferred ms', 'hits-first ms', 'window ms', 'fell back'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column >= 2 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join(' | ')} |`;
  console.log(line(header));
  console.log(
    `|${widths.map((width, column) => (column >= 2 ? `${'-'.repeat(width + 1)}:` : '-'.repeat(width + 2))).join('|')}|`,
  );
  for (const row of rows) console.log(line(row));
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'sqlite' },
      only: { type: 'string', default: 'customers' },
      runs: { type: 'string', default: '7' },
      index: { type: 'string', multiple: true },
      plans: { type: 'boolean', default: false },
      window: { type: 'string', default: '2000' },
    },
  });
  const engine = values.db === 'postgres' || values.db === 'pg' ? 'postgres' : 'sqlite';
  const target = targetFor(
    engine,
    process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/tourdesk_bench',
  );
  const handle = openDatabase({ url: target.url });
  const words = (values.only ?? '').split(',').filter(Boolean);
  const settings: Settings = {
    runs: Math.max(1, Number(values.runs)),
    plans: values.plans,
    window: Math.max(1, Number(values.window)),
  };
  const indexes = values.index ?? [];
  try {
    console.log(`# ${target.label}: median of ${settings.runs} runs per query, window ${settings.window} rows`);
    if (indexes.length === 0) {
      await measure(handle.db, handle.dialect, words, settings);
      return;
    }
    await handle.db
      .transaction()
      .execute(async (trx) => {
        for (const statement of indexes) {
          const started = performance.now();
          await sql.raw(statement).execute(trx);
          console.log(
            `-- ${statement} (${((performance.now() - started) / 1000).toFixed(1)} s, rolled back at the end)`,
          );
        }
        await sql.raw(handle.dialect === 'postgres' ? 'analyze vc_card' : 'analyze').execute(trx);
        await measure(trx, handle.dialect, words, settings);
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
  } finally {
    await handle.destroy();
  }
}

await main();
