/**
 * `npm run bench -- --only bookings`: the booking core at volume (issue #10, DOMAIN.md "Proof that is expected").
 * Plans `--departures` dates (2,000) with coaches and seat pools and fills them with `--participants` (1,000,000)
 * booked participants in bulk SQL, starts the real server on that database, then measures
 * - confirmed bookings per second and the latency (p50/p95/p99) of POST /api/v1/ratio_vorgang (firm, 1–3
 *   participants, seats assigned automatically) for `--duration` seconds, once per `--connections` count;
 * - the p95 of GET /api/v1/ratio/api/termine/{nr}?get_occupiedSeats=1&get_participants=1 for a departure with one
 *   full 49-seat coach each way, and for a departure of the bulk (about 500 participants on 12 coaches), next to
 *   the same read as an in-process service call (no HTTP);
 * - and afterwards checks every booking invariant on the whole database (must be 0 violations).
 * See bench/README.md "Bookings".
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { sql, type Insertable } from 'kysely';
import { openDatabase, type Database, type DatabaseHandle } from '../../apps/server/src/db/database.ts';
import type { DB } from '../../apps/server/src/db/schema.ts';
import { checkBookingInvariants } from '../../apps/server/src/features/bookings/invariants.ts';
import { planDepartures, type PlannedDeparture } from '../../apps/server/src/features/departures/departures.service.ts';
import { getRatioTermin } from '../../apps/server/src/features/departures/ratio.service.ts';
import { SEAT_PLAN_TEMPLATES } from '@tourdesk/contracts';
import { BENCH_DIR, finishLoad, migrateAndSeed, recreateDatabase, type Target } from './generate.ts';
import { generateJourneys } from './generate-journeys.ts';
import type { BenchOptions, EngineName } from './options.ts';
import { freePort, login, startServer, type RunningServer } from './server.ts';

const DATA_DIR = resolve(BENCH_DIR, '.data');
const RESULTS_DIR = resolve(BENCH_DIR, 'results');
const ADMIN = { email: 'admin@example.com', password: 'Demo1234!' };
const LAYOUT = SEAT_PLAN_TEMPLATES.touring49.layout;
/** Coaches are planned for this much more than the bulk fills, so the measured bookings find seats. */
const HEADROOM = 1.15;
const PARAMETERS_PER_INSERT = 30_000;
/** Departures per transaction while filling. */
const DEPARTURES_PER_BATCH = 50;
/** Requests of each read scenario (one connection, after 20 not measured). */
const READ_REQUESTS = 300;
/** Target of the issue: confirmed bookings per second on SQLite. */
export const BOOKINGS_PER_SECOND_TARGET = 500;

const log = (line: string) => process.stdout.write(`${line}\n`);
const count = (value: number) => value.toLocaleString('en');
const seconds = (since: number) => (performance.now() - since) / 1000;

/** Small seeded PRNG (mulberry32): every run books the same parties. */
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

function targetOf(engine: EngineName, postgresUrl: string): Target {
  if (engine === 'postgres') {
    const url = new URL(postgresUrl);
    return { engine, url: postgresUrl, label: `postgres ${url.host}${url.pathname}` };
  }
  const file = resolve(DATA_DIR, 'bookings.db');
  return { engine, url: `sqlite:${file}`, label: `sqlite ${file}` };
}

async function maxOf(db: Database, table: keyof DB, column: string): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select(sql<number | null>`max(${sql.ref(column)})`.as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

async function insertAll<T extends keyof DB>(db: Database, table: T, rows: Insertable<DB[T]>[]): Promise<void> {
  if (rows.length === 0) return;
  const perInsert = Math.max(1, Math.floor(PARAMETERS_PER_INSERT / Object.keys(rows[0]!).length));
  for (let i = 0; i < rows.length; i += perInsert) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + perInsert))
      .execute();
  }
}

type Fill = { departures: PlannedDeparture[]; full: PlannedDeparture; bulk: PlannedDeparture; participants: number };

/**
 * What another bench (booking-lists.ts) lets the bulk write besides: participants' names, and more of each
 * booking's columns (booker, search text) once its participants are known.
 */
export type FillShape = {
  /** Runs once the departures are planned, before the first booking is made. */
  prepare?: () => Promise<void>;
  participant?: (id: number) => { name: string; name1: string | null };
  booking?: (
    booking: Insertable<DB['booking']> & { id: number },
    participants: ReadonlyArray<{ name: string; name1: string | null }>,
  ) => Partial<Insertable<DB['booking']>>;
};

/**
 * Generates journeys until there are `departures` bookable dates without coaches, plans them (the first with one
 * 49-seat coach each way, the others with enough coaches for their share of `participants` plus HEADROOM) and
 * books the participants in parties of 1–4: firm bookings (every 12th an option), one seat each way per
 * participant in reading order, holds per seat pool, one base price line per participant and the total.
 */
export async function fill(
  handle: DatabaseHandle,
  departures: number,
  participants: number,
  shape: FillShape = {},
): Promise<Fill> {
  const { db } = handle;
  let started = performance.now();
  const journeys = Math.ceil((departures * 1.1) / 12) + 1;
  await generateJourneys(handle, journeys, () => {});
  const dates = await db
    .selectFrom('jrn_date')
    .innerJoin('jrn_journey', 'jrn_journey.id_jrn_journey', 'jrn_date.id_jrn_journey')
    .select(['jrn_date.nr', 'jrn_date.id_jrn_journey'])
    .where('jrn_date.bookable', '<>', 2)
    .where('jrn_journey.bookable', '<>', 2)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('transport').select('transport.id').whereRef('transport.id_jrn_date', '=', 'jrn_date.nr'))),
    )
    .orderBy('jrn_date.nr')
    .limit(departures)
    .execute();
  if (dates.length < departures) throw new Error(`only ${dates.length} bookable dates generated`);
  log(`  ${count(journeys)} journeys generated in ${seconds(started).toFixed(1)} s`);

  started = performance.now();
  const full = 49;
  const perDeparture = Math.ceil((participants - full) / Math.max(1, departures - 1));
  const coaches = Math.max(1, Math.ceil((perDeparture * HEADROOM) / 49));
  const planned: PlannedDeparture[] = [];
  for (let i = 0; i < dates.length; i += DEPARTURES_PER_BATCH) {
    const batch = dates.slice(i, i + DEPARTURES_PER_BATCH);
    planned.push(
      ...(await planDepartures(
        { db, dialect: handle.dialect },
        batch.map((date, index) => ({
          nr: date.nr,
          transports: (['outbound', 'return'] as const).flatMap((direction) =>
            Array.from({ length: i + index === 0 ? 1 : coaches }, (_, position) => ({
              direction,
              name: `Bus ${position + 1} ${direction === 'outbound' ? 'Hinfahrt' : 'Rückfahrt'}`,
              layout: LAYOUT,
            })),
          ),
          stopsFromJourney: true,
        })),
      )),
    );
  }
  log(
    `  planned ${count(planned.length)} departures (${coaches} coaches each way, one with a single coach) in ` +
      `${seconds(started).toFixed(1)} s`,
  );

  await shape.prepare?.();
  started = performance.now();
  const journeyOf = new Map(dates.map((date) => [date.nr, date.id_jrn_journey]));
  const next = random(20261124);
  let bookingId = (await maxOf(db, 'booking', 'id')) + 1;
  let participantId = (await maxOf(db, 'participant', 'id')) + 1;
  const price = 59_900;
  const now = new Date().toISOString();
  const optionUntil = new Date(Date.now() + 30 * 86_400_000).toISOString();
  let placed = 0;
  for (let i = 0; i < planned.length; i += DEPARTURES_PER_BATCH) {
    const rows = {
      booking: [] as Insertable<DB['booking']>[],
      participant: [] as Insertable<DB['participant']>[],
      seat: [] as Insertable<DB['seat_assignment']>[],
      hold: [] as Insertable<DB['booking_hold']>[],
      price: [] as Insertable<DB['booking_price_line']>[],
    };
    for (const [offset, departure] of planned.slice(i, i + DEPARTURES_PER_BATCH).entries()) {
      const target = i + offset === 0 ? full : Math.min(perDeparture, participants - placed);
      const seatPool = new Map(
        departure.quotas.filter((quota) => quota.kind === 'seat').map((quota) => [quota.ref, quota.id]),
      );
      const byDirection = {
        outbound: departure.transports.filter((transport) => transport.direction === 'outbound'),
        return: departure.transports.filter((transport) => transport.direction === 'return'),
      };
      let seated = 0;
      while (seated < target) {
        const size = Math.min(1 + Math.floor(next() * 4), target - seated);
        const option = bookingId % 12 === 0;
        const booking: Insertable<DB['booking']> & { id: number } = {
          id: bookingId,
          id_jrn_date: departure.nr,
          id_jrn_journey: journeyOf.get(departure.nr)!,
          status: option ? 'option' : 'firm',
          option_until: option ? optionUntil : null,
          title: null,
          total_cents: price * size,
          created_at: now,
          updated_at: now,
        };
        const names: Array<{ name: string; name1: string | null }> = [];
        const holds = new Map<number, number>();
        for (let k = 0; k < size; k++) {
          const named = shape.participant?.(participantId) ?? { name: `Reisende ${participantId}`, name1: null };
          names.push(named);
          rows.participant.push({
            id: participantId,
            id_booking: bookingId,
            position: k + 1,
            ...named,
          });
          rows.price.push({
            id_booking: bookingId,
            id_participant: participantId,
            kind: 'base',
            description: 'Grundpreis',
            amount_cents: price,
          });
          for (const coachesOfDirection of [byDirection.outbound, byDirection.return]) {
            const slot = seated + k;
            const transport = coachesOfDirection[Math.floor(slot / 49)]!;
            rows.seat.push({
              id_transport: transport.id,
              seat: transport.seats[slot % 49]!,
              id_participant: participantId,
              id_booking: bookingId,
            });
            const pool = seatPool.get(transport.id)!;
            holds.set(pool, (holds.get(pool) ?? 0) + 1);
          }
          participantId++;
        }
        rows.booking.push({ ...booking, ...shape.booking?.(booking, names) });
        for (const [pool, units] of holds) rows.hold.push({ id_booking: bookingId, id_quota: pool, units });
        bookingId++;
        seated += size;
      }
      placed += seated;
    }
    await db.transaction().execute(async (trx) => {
      await insertAll(trx, 'booking', rows.booking);
      await insertAll(trx, 'participant', rows.participant);
      await insertAll(trx, 'booking_price_line', rows.price);
      await insertAll(trx, 'booking_hold', rows.hold);
      await insertAll(trx, 'seat_assignment', rows.seat);
    });
    if ((i / DEPARTURES_PER_BATCH) % 10 === 9)
      log(`    ${count(placed)} participants (${seconds(started).toFixed(1)} s)`);
  }
  await sql`update quota set held = coalesce((select sum(h.units) from booking_hold h where h.id_quota = quota.id), 0)
    where kind = 'seat'`.execute(db);
  if (handle.dialect === 'postgres') {
    for (const table of ['booking', 'participant'] as const)
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
        db,
      );
  }
  log(
    `  booked ${count(placed)} participants in ${count(bookingId - 1)} bookings in ${seconds(started).toFixed(1)} s ` +
      `(${count(Math.round(placed / seconds(started)))} participants/s)`,
  );
  started = performance.now();
  await finishLoad(handle);
  log(`  statistics in ${seconds(started).toFixed(1)} s`);
  return { departures: planned, full: planned[0]!, bulk: planned[1] ?? planned[0]!, participants: placed };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
/** p50, p95, p99, mean and max of a run's latencies (ms). */
export const latencies = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
  };
};
export const ms = (value: number) => `${value.toFixed(1)} ms`;

type LoadResult = {
  connections: number;
  seconds: number;
  confirmed: number;
  soldOut: number;
  other: Record<string, number>;
  bookingsPerSecond: number;
  participantsBooked: number;
  latency: ReturnType<typeof latencies>;
};

/** `connections` clients posting bookings back to back for `duration` seconds on random bulk departures. */
async function bookingLoad(
  server: RunningServer,
  token: string,
  departures: number[],
  bookers: number[],
  connections: number,
  duration: number,
  seed: number,
): Promise<LoadResult> {
  const next = random(seed);
  const times: number[] = [];
  const result = { confirmed: 0, soldOut: 0, other: {} as Record<string, number>, participantsBooked: 0 };
  const started = performance.now();
  const until = started + duration * 1000;
  let sequence = 0;
  const client = async () => {
    while (performance.now() < until) {
      const size = 1 + Math.floor(next() * 3);
      const body = {
        termin: departures[Math.floor(next() * departures.length)],
        type: 'regular',
        buchender: { id_vc_card: bookers[Math.floor(next() * bookers.length)] },
        teilnehmer: Array.from({ length: size }, (_, index) => ({ name: `Bench ${++sequence}-${index + 1}` })),
      };
      const sent = performance.now();
      const response = await fetch(`${server.baseUrl}/api/v1/ratio_vorgang`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as { key?: string };
      times.push(performance.now() - sent);
      if (response.status === 201) {
        result.confirmed++;
        result.participantsBooked += size;
      } else if (response.status === 409 && answer.key === 'error.soldOut') result.soldOut++;
      else {
        const name = `${response.status} ${answer.key ?? ''}`.trim();
        result.other[name] = (result.other[name] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  const took = seconds(started);
  return {
    connections,
    seconds: took,
    ...result,
    bookingsPerSecond: result.confirmed / took,
    latency: latencies(times),
  };
}

/** One connection, READ_REQUESTS GETs after 20 not measured. */
async function readLoad(url: string, token: string) {
  const times: number[] = [];
  let bytes = 0;
  let failed = 0;
  for (let i = 0; i < READ_REQUESTS + 20; i++) {
    const sent = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const text = await response.text();
    if (response.status !== 200) failed++;
    if (i >= 20) times.push(performance.now() - sent);
    bytes = text.length;
  }
  return { requests: READ_REQUESTS, failed, bytes, latency: latencies(times) };
}

/** The same read as a service call in this process (no HTTP, no JSON): what the database and mapping take. */
async function serviceLoad(handle: DatabaseHandle, nr: number) {
  const ctx = { db: handle.db, dialect: handle.dialect };
  const query = { get_occupiedSeats: true, get_participants: true };
  const times: number[] = [];
  for (let i = 0; i < READ_REQUESTS + 20; i++) {
    const sent = performance.now();
    await getRatioTermin(ctx, nr, query);
    if (i >= 20) times.push(performance.now() - sent);
  }
  return { requests: READ_REQUESTS, latency: latencies(times) };
}

export async function benchBookings(engine: EngineName, options: BenchOptions): Promise<boolean> {
  const target = targetOf(engine, options.postgresUrl);
  log(
    `\n== bookings on ${target.label}: ${count(options.departures)} departures, ${count(options.participants)} participants`,
  );
  mkdirSync(DATA_DIR, { recursive: true });
  let started = performance.now();
  await recreateDatabase(target);
  const handle = openDatabase({ url: target.url });
  let server: RunningServer | null = null;
  try {
    await migrateAndSeed(handle);
    log(`  migrated and seeded the demo data in ${seconds(started).toFixed(1)} s`);
    started = performance.now();
    const filled = await fill(handle, options.departures, options.participants);
    const fillSeconds = seconds(started);

    const bookers = (
      await handle.db.selectFrom('vc_card').select('id_vc_card').where('kind', '=', 'customer').limit(300).execute()
    ).map((row) => row.id_vc_card);
    const port = await freePort(options.port);
    server = await startServer(options.server, target.url, port, resolve(DATA_DIR, `server-bookings-${engine}.log`));
    const token = await login(server.baseUrl, ADMIN.email, ADMIN.password);
    const bulkNrs = filled.departures.slice(1).map((departure) => departure.nr);

    // One measured run per connection count (default 1 and 10): 1 shows a booking's own time, 10 the throughput.
    const loads: LoadResult[] = [];
    for (const [index, connections] of options.connections.entries()) {
      log(`  warm-up ${options.warmup} s, then booking for ${options.duration} s with ${connections} connections`);
      await bookingLoad(server, token, bulkNrs, bookers, connections, options.warmup, 2 * index + 1);
      loads.push(await bookingLoad(server, token, bulkNrs, bookers, connections, options.duration, 2 * index + 2));
    }
    const load = loads.reduce((best, next) => (next.bookingsPerSecond > best.bookingsPerSecond ? next : best));

    const termin = (nr: number) =>
      `${server!.baseUrl}/api/v1/ratio/api/termine/${nr}?get_occupiedSeats=1&get_participants=1`;
    const fullCoach = await readLoad(termin(filled.full.nr), token);
    const bulkDeparture = await readLoad(termin(filled.bulk.nr), token);
    const fullService = await serviceLoad(handle, filled.full.nr);
    const bulkService = await serviceLoad(handle, filled.bulk.nr);
    await server.stop();
    server = null;

    started = performance.now();
    const invariants = await checkBookingInvariants({ db: handle.db, dialect: handle.dialect });
    const invariantSeconds = seconds(started);
    const totals = await handle.db
      .selectFrom('participant')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();

    for (const run of loads) {
      log(`\n  bookings (${engine}, ${run.connections} connections, ${run.seconds.toFixed(1)} s):`);
      log(
        `    confirmed ${count(run.confirmed)} bookings = ${run.bookingsPerSecond.toFixed(0)} bookings/s ` +
          `(${count(run.participantsBooked)} participants); sold out ${run.soldOut}; other ${JSON.stringify(run.other)}`,
      );
      log(
        `    POST /ratio_vorgang p50 ${ms(run.latency.p50)}  p95 ${ms(run.latency.p95)}  p99 ${ms(run.latency.p99)}  max ${ms(run.latency.max)}`,
      );
    }
    log(`    GET termine, full coach (49 + 49 seats, ${fullCoach.bytes} bytes):`);
    log(
      `      HTTP p50 ${ms(fullCoach.latency.p50)}  p95 ${ms(fullCoach.latency.p95)}   service in process p50 ` +
        `${ms(fullService.latency.p50)}  p95 ${ms(fullService.latency.p95)}`,
    );
    log(`    GET termine, bulk departure (${filled.bulk.transports.length} coaches, ${bulkDeparture.bytes} bytes):`);
    log(
      `      HTTP p50 ${ms(bulkDeparture.latency.p50)}  p95 ${ms(bulkDeparture.latency.p95)}   service in process p50 ` +
        `${ms(bulkService.latency.p50)}  p95 ${ms(bulkService.latency.p95)}`,
    );
    log(
      `    invariants on the whole database (${count(Number(totals.n))} participants): ` +
        `${invariants.violations.length} violations, checked in ${invariantSeconds.toFixed(1)} s`,
    );
    for (const violation of invariants.violations.slice(0, 10))
      log(`      ${violation.invariant}: ${violation.detail}`);

    const failed =
      invariants.violations.length > 0 ||
      loads.some((run) => Object.keys(run.other).length > 0) ||
      fullCoach.failed + bulkDeparture.failed > 0;
    const meets = engine !== 'sqlite' || load.bookingsPerSecond >= BOOKINGS_PER_SECOND_TARGET;
    log(
      engine === 'sqlite'
        ? `    target ≥ ${BOOKINGS_PER_SECOND_TARGET} bookings/s on SQLite: ${meets ? 'met' : 'NOT met'}`
        : '',
    );
    mkdirSync(RESULTS_DIR, { recursive: true });
    const file = resolve(RESULTS_DIR, `${new Date().toISOString().replace(/[:.]/g, '-')}-bookings-${engine}.json`);
    writeFileSync(
      file,
      JSON.stringify(
        {
          engine,
          machine: { cpus: cpus().length, model: cpus()[0]?.model, loadavg: loadavg() },
          volume: {
            departures: filled.departures.length,
            participants: Number(totals.n),
            bulkParticipants: filled.participants,
            fillSeconds,
          },
          loads,
          termine: { fullCoach, fullService, bulkDeparture, bulkService },
          invariants: { violations: invariants.violations.length, seconds: invariantSeconds },
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
