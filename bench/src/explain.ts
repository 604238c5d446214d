/**
 * Shows the SQL the list engine runs for each benchmark scenario, how long each statement takes on the
 * bench database and its plan (EXPLAIN QUERY PLAN on SQLite, EXPLAIN (ANALYZE, BUFFERS) on PostgreSQL).
 * The queries are captured from the server's own listUsers and listCustomers (as staff with the customers
 * right, who see every customer) through a Kysely plugin, so they are exactly those the API sends. Run
 * `npm run bench` first (it leaves the database behind), then:
 *
 *   node_modules/.bin/node bench/src/explain.ts [--db sqlite|postgres] [--only customers] [--all-paths]
 *   node_modules/.bin/node bench/src/explain.ts --only booking-lists[,departure] (the booking-lists bench's data)
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { bookingListInputs, targetOf } from './booking-lists.ts';
import { targetFor } from './generate.ts';
import { bookingListScenarios, selectListScenarios, type Scenario } from './scenarios.ts';
import { captureList, medianMs, plan } from './sql-capture.ts';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'sqlite' },
      only: { type: 'string' },
      'all-paths': { type: 'boolean', default: false },
      runs: { type: 'string', default: '5' },
    },
  });
  const engine = values.db === 'postgres' || values.db === 'pg' ? 'postgres' : 'sqlite';
  const only = (values.only ?? '').split(',').filter(Boolean);
  // `--only booking-lists[,word]`: the booking-lists bench's own database and scenarios (booking-lists.ts).
  const bookingLists = only.includes('booking-lists');
  const postgresUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/tourdesk_bench';
  const target = bookingLists ? targetOf(engine, postgresUrl) : targetFor(engine, postgresUrl);
  const handle = openDatabase({ url: target.url });
  const runs = Math.max(1, Number(values.runs));
  try {
    console.log(`# ${target.label}`);
    let scenarios: Scenario[];
    if (bookingLists) {
      const { vorgangnr, range, more } = await bookingListInputs(handle.db);
      const words = only.filter((word) => word !== 'booking-lists');
      scenarios = bookingListScenarios(vorgangnr, range, more).filter(
        (scenario) => scenario.floor && (words.length === 0 || words.some((word) => scenario.name.includes(word))),
      );
    } else scenarios = selectListScenarios(only);
    for (const scenario of scenarios) {
      for (const path of values['all-paths'] ? scenario.paths : scenario.paths.slice(0, 1)) {
        const { statements, ms } = await captureList(handle.db, handle.dialect, scenario, path);
        const lister = {
          customers: 'listCustomers',
          users: 'listUsers',
          journeys: 'listJourneys',
          bookings: 'listBookings',
          processes: 'listProcesses',
        }[scenario.group];
        console.log(`\n## ${scenario.name}: GET ${decodeURIComponent(path)} — ${lister} ${ms.toFixed(1)} ms`);
        for (const compiled of statements) {
          const median = await medianMs(handle.db, compiled, runs);
          console.log(`\n-- ${median.toFixed(2)} ms (median of ${runs})`);
          console.log(compiled.sql);
          console.log(`-- parameters: ${JSON.stringify(compiled.parameters)}`);
          for (const line of await plan(handle.db, handle.dialect, compiled)) console.log(`   ${line}`);
        }
      }
    }
  } finally {
    await handle.destroy();
  }
}

await main();
