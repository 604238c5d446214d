import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateBookingBody } from '@tourdesk/contracts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { checkBookingInvariants } from '../src/features/bookings/invariants.ts';
import { createDepartureFixture, type DepartureFixture } from '../src/seed/departure-factories.ts';
import { seedDefaults } from '../src/seed/demo.ts';
import { DEMO_PASSWORD } from '../src/seed/factories.ts';
import type { DbContext } from '../src/types.ts';
import { bookingsOfDate, seatQuotaHeld, seatsOfBookings } from './booking-proof.repository.ts';
import { buildTestApp, call, createLogin, TEST_DIALECT, type TestApp } from './helpers.ts';

/**
 * Invariants 1–3 under concurrency (DOMAIN.md "Proof that is expected"): a 19-seat minibus with 13 seats sold,
 * then 64 booking attempts at once for the last 6 — plain parties of 1–3 with automatic seats, parties that
 * all want the same chosen seat, and requests sent three times at once with the same Idempotency-Key. Then,
 * from the database: every 2xx answer is a stored booking and nothing else was stored, every refusal is a 409
 * with error.soldOut or error.seatTaken, retries with one key stored one booking, no seat is held twice, no pool
 * is over capacity, held equals the holds, and the coach is full. On SQLite and PostgreSQL in one process
 * (app.inject), and on PostgreSQL through four app processes at once.
 */

const SOLD_BEFORE = 13;
const PLAIN_ATTEMPTS = 40;
const CHOSEN_SEATS = 4;
const SAME_SEAT_ATTEMPTS = 3;
const IDEMPOTENT_KEYS = 4;
const IDEMPOTENT_SENDS = 3;
const REFUSALS = ['error.soldOut', 'error.seatTaken'];

type Attempt = { body: CreateBookingBody; key?: string; group: string };
type Answer = { status: number; id?: number; key?: string };

const party = (label: string, size: number, seat?: string): CreateBookingBody => ({
  termin: 0,
  type: 'regular',
  title: label,
  buchender: { surname: `Buchende ${label}` },
  teilnehmer: Array.from({ length: size }, (_, index) => ({
    name: `Reisende ${label}-${index + 1}`,
    ...(seat ? { sitzhin: seat, sitzrueck: seat } : {}),
  })),
  rooms: [],
  extras: [],
});

/**
 * The attempts in the order they are sent: the three sends of one Idempotency-Key, then the parties that want
 * the same seat (so that some of them still find capacity and meet each other on the seat), then plain parties
 * with the other keys' sends among them.
 */
function attemptsFor(fixture: DepartureFixture): Attempt[] {
  const withDate = (body: CreateBookingBody) => ({ ...body, termin: fixture.nr });
  const free = fixture.transports[0]!.seats.slice(SOLD_BEFORE);
  const retries: Attempt[] = [];
  for (let k = 0; k < IDEMPOTENT_KEYS; k++) {
    const key = `retry-${k}-${randomBytes(4).toString('hex')}`;
    const body = withDate(party(`retry-${k}`, 2));
    for (let i = 0; i < IDEMPOTENT_SENDS; i++) retries.push({ body, key, group: `retry-${k}` });
  }
  const attempts: Attempt[] = retries.splice(0, IDEMPOTENT_SENDS);
  for (let s = 0; s < CHOSEN_SEATS; s++) {
    for (let i = 0; i < SAME_SEAT_ATTEMPTS; i++)
      attempts.push({ body: withDate(party(`seat-${s}-${i}`, 1, free[s])), group: `seat-${s}-${i}` });
  }
  for (let i = 0; i < PLAIN_ATTEMPTS; i++) {
    attempts.push({ body: withDate(party(`plain-${i}`, 1 + (i % 3))), group: `plain-${i}` });
    if (i % 3 === 0 && retries.length > 0) attempts.push(retries.shift()!);
  }
  return [...attempts, ...retries];
}

async function sellFirstSeats(
  ctx: DbContext,
  fixture: DepartureFixture,
  book: (body: CreateBookingBody) => Promise<Answer>,
) {
  const seats = fixture.transports[0]!.seats.slice(0, SOLD_BEFORE);
  for (const [index, seat] of seats.entries()) {
    const answer = await book({ ...party(`before-${index}`, 1, seat), termin: fixture.nr });
    expect(answer.status).toBe(201);
  }
  expect(await seatQuotaHeld(ctx.db, fixture.nr)).toEqual([SOLD_BEFORE, SOLD_BEFORE]);
}

/** Everything the test asks of the answers and of the database afterwards; returns the figures for the report. */
async function verify(ctx: DbContext, fixture: DepartureFixture, attempts: Attempt[], answers: Answer[]) {
  const capacity = fixture.transports[0]!.seats.length;
  const stored = await bookingsOfDate(ctx.db, fixture.nr);
  const storedIds = new Set(stored.map((booking) => booking.id));

  // Every 2xx is a stored, holding booking of the date; every refusal a 409 with a key.
  const accepted = answers.filter((answer) => answer.status >= 200 && answer.status < 300);
  const refused = answers.filter((answer) => answer.status >= 300);
  for (const answer of accepted) {
    expect(answer.id).toBeDefined();
    expect(storedIds.has(answer.id!)).toBe(true);
  }
  for (const answer of refused) {
    expect(answer.status).toBe(409);
    expect(REFUSALS).toContain(answer.key);
  }

  // One key, one booking: the retries answered with the same booking, and it is stored once.
  const byGroup = new Map<string, Set<number>>();
  attempts.forEach((attempt, index) => {
    const id = answers[index]!.id;
    if (id == null) return;
    const ids = byGroup.get(attempt.group) ?? new Set<number>();
    byGroup.set(attempt.group, ids.add(id));
  });
  for (const ids of byGroup.values()) expect(ids.size).toBe(1);
  for (let k = 0; k < IDEMPOTENT_KEYS; k++)
    expect(stored.filter((booking) => booking.title === `retry-${k}`).length).toBeLessThanOrEqual(1);

  // Nothing stored that was not answered with a 2xx (besides the seats sold before).
  const answeredIds = new Set(accepted.map((answer) => answer.id!));
  const unanswered = stored.filter((booking) => !answeredIds.has(booking.id) && !booking.title?.startsWith('before-'));
  expect(unanswered).toEqual([]);
  expect(stored.every((booking) => booking.status === 'firm')).toBe(true);

  // A chosen seat went to one party at most, and that party sits on it both ways.
  const free = fixture.transports[0]!.seats.slice(SOLD_BEFORE);
  for (let s = 0; s < CHOSEN_SEATS; s++) {
    const winners = [...answeredIds].filter((id) =>
      stored.find((booking) => booking.id === id)?.title?.startsWith(`seat-${s}-`),
    );
    expect(winners.length).toBeLessThanOrEqual(1);
    const seats = await seatsOfBookings(ctx.db, winners);
    expect(seats.map((row) => row.seat)).toEqual(winners.length ? [free[s], free[s]] : []);
  }

  // Invariants 1–3 (and 5) from the database; the coach is full, each way.
  const invariants = await checkBookingInvariants(ctx, { nr: fixture.nr });
  expect(invariants.violations).toEqual([]);
  const held = await seatQuotaHeld(ctx.db, fixture.nr);
  expect(held).toEqual([capacity, capacity]);
  const participants = stored.reduce((sum, booking) => sum + booking.participants, 0);
  expect(participants).toBe(capacity);

  return {
    attempts: answers.length,
    accepted: accepted.length,
    refused: refused.length,
    soldOut: refused.filter((answer) => answer.key === 'error.soldOut').length,
    seatTaken: refused.filter((answer) => answer.key === 'error.seatTaken').length,
    bookingsStored: stored.length - SOLD_BEFORE,
    idempotentReplays: accepted.length - answeredIds.size,
    seatsHeld: held,
    capacity,
  };
}

describe('booking concurrency, in one process', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp({ seed: 'defaults' });
    admin = await createLogin(t.ctx, 'admin');
  });
  afterAll(() => t.close());

  const book = async (body: CreateBookingBody, key?: string): Promise<Answer> => {
    const response = await call(t.app, admin, {
      method: 'POST',
      url: '/ratio_vorgang',
      payload: body,
      headers: key ? { 'idempotency-key': key } : {},
    });
    const json = response.json<{ id?: number; key?: string }>();
    return { status: response.statusCode, id: json.id, key: json.key };
  };

  it('sells the last seats once, whatever arrives at the same time', async () => {
    const fixture = await createDepartureFixture(t.ctx, 1, { seatPlan: 'minibus19' });
    await sellFirstSeats(t.ctx, fixture, (body) => book(body));
    const attempts = attemptsFor(fixture);
    const answers = await Promise.all(attempts.map((attempt) => book(attempt.body, attempt.key)));
    const figures = await verify(t.ctx, fixture, attempts, answers);
    console.info(`booking concurrency (${TEST_DIALECT}, in process):`, JSON.stringify(figures));
  });
});

// Four server processes on one PostgreSQL database: only on PostgreSQL (SQLite is one process's file).
if (TEST_DIALECT === 'postgres')
  describe('booking concurrency, four app processes on PostgreSQL', () => {
    const PROCESSES = 4;
    let database: DatabaseHandle;
    let ctx: DbContext;
    let databaseName: string;
    let adminUrl: string;
    const servers: Array<{ child: ChildProcess; port: number; log: string[] }> = [];
    let token = '';
    let admin = '';

    beforeAll(async () => {
      // A database of its own, migrated here: the server processes are started on it and seeded by this test.
      adminUrl = process.env.TEST_DATABASE_URL!;
      databaseName = `tourdesk_concurrency_${randomBytes(5).toString('hex')}`;
      await adminQuery(adminUrl, `create database "${databaseName}"`);
      const url = new URL(adminUrl);
      url.pathname = `/${databaseName}`;
      database = openDatabase({ url: url.toString(), poolSize: 4 });
      await migrateToLatest(database);
      ctx = { db: database.db, dialect: database.dialect };
      await seedDefaults(ctx);
      admin = await createLogin(ctx, 'admin');

      const secret = randomBytes(32).toString('hex');
      for (let i = 0; i < PROCESSES; i++) {
        const port = await freePort();
        const log: string[] = [];
        const child = spawn(resolve('node_modules/.bin/node'), ['apps/server/src/main.ts'], {
          cwd: resolve(import.meta.dirname, '../../..'),
          env: {
            ...process.env,
            DATABASE_URL: url.toString(),
            PORT: String(port),
            HOST: '127.0.0.1',
            SEED_DEMO: '0',
            JWT_SECRET: secret,
            LOG_LEVEL: 'warn',
            WEB_DIST: '/nonexistent',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child.stdout!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
        child.stderr!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
        servers.push({ child, port, log });
      }
      await Promise.all(servers.map((server) => waitForHealth(server.port, server.log)));
      const login = await fetch(`http://127.0.0.1:${servers[0]!.port}/api/v1/authentication`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ strategy: 'local', email: admin, password: DEMO_PASSWORD }),
      });
      expect(login.status).toBe(201);
      token = ((await login.json()) as { accessToken: string }).accessToken;
    }, 60_000);

    afterAll(async () => {
      await Promise.all(servers.map((server) => stop(server.child)));
      await database?.destroy();
      if (databaseName) await dropDatabase(adminUrl, databaseName);
    });

    const book = async (port: number, body: CreateBookingBody, key?: string): Promise<Answer> => {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/ratio_vorgang`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: JSON.stringify(body),
      });
      const json = (await response.json()) as { id?: number; key?: string };
      return { status: response.status, id: json.id, key: json.key };
    };

    it('sells the last seats once when four servers take the requests', async () => {
      const fixture = await createDepartureFixture(ctx, 1, { seatPlan: 'minibus19' });
      await sellFirstSeats(ctx, fixture, (body) => book(servers[0]!.port, body));
      const attempts = attemptsFor(fixture);
      // The same key goes to different processes, so the retries race across servers too.
      const answers = await Promise.all(
        attempts.map((attempt, index) => book(servers[index % PROCESSES]!.port, attempt.body, attempt.key)),
      );
      const figures = await verify(ctx, fixture, attempts, answers);
      const perServer = servers.map((_, s) => answers.filter((_, index) => index % PROCESSES === s).length);
      console.info('booking concurrency (postgres, 4 processes):', JSON.stringify({ ...figures, perServer }));
    });
  });

async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Drops the test's database once the closed pools' connections are gone (a forced drop would cut connections
 * that are still saying goodbye, and their clients would report it as an error); forced only as a last resort.
 */
async function dropDatabase(url: string, name: string) {
  for (let attempt = 0; attempt < 40; attempt++) {
    try {
      await adminQuery(url, `drop database if exists "${name}"`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006') throw error;
      await new Promise((done) => setTimeout(done, 250));
    }
  }
  await adminQuery(url, `drop database if exists "${name}" with (force)`);
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(port: number, log: string[]) {
  for (let attempt = 0; attempt < 400; attempt++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`server on ${port} did not start:\n${log.join('')}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode != null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}
