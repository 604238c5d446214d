import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { copyFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { testConfig } from './test-config.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { seedDefaults, seedDemoData } from '../src/seed/demo.ts';
import { inject } from 'vitest';
import { databaseUrl, newTestDatabaseName } from './test-databases.ts';
import {
  createAgencyFixture,
  createRoleFixture,
  createUserFixture,
  DEMO_PASSWORD,
  nextSequence,
} from '../src/seed/factories.ts';
import { findRoleId } from '../src/features/roles/roles.service.ts';
import type { DbContext } from '../src/types.ts';

export const TEST_DIALECT = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export type TestApp = {
  app: FastifyInstance;
  ctx: DbContext;
  database: DatabaseHandle;
  config: Config;
  /** Stops the app and drops its database. */
  close: () => Promise<void>;
};

/** Where a test database lives, so a second app (a "restart") can open the same one. */
export type TestDatabaseLocation = { url: string };

/** The migrated templates of this run (global-setup.ts), without and with the demo data, read once per test file. */
const sqliteImages = new Map<boolean, Uint8Array>();
const templateImage = (demo: boolean) => {
  let image = sqliteImages.get(demo);
  if (!image) sqliteImages.set(demo, (image = readFileSync(sqliteTemplateFile(demo))));
  return image;
};
const sqliteTemplateFile = (demo: boolean) => inject(demo ? 'sqliteDemoTemplate' : 'sqliteTemplate');

/**
 * A fresh, migrated database for one test file, copied from the run's template (global-setup.ts; `demo`: the one
 * with the demo data): SQLite in
 * memory (or a file in the run's folder when the test restarts the app on it), or a database of its own on the
 * PostgreSQL server of TEST_DATABASE_URL when TEST_DB=postgres. What a test keeps goes at the end of the run.
 */
export async function openTestDatabase(
  options: { location?: TestDatabaseLocation; durable?: boolean; demo?: boolean } = {},
): Promise<{ database: DatabaseHandle; drop: () => Promise<void>; location: TestDatabaseLocation }> {
  if (options.location) {
    const { url } = options.location;
    const database = openDatabase({ url, poolSize: 4 });
    return { database, drop: () => dropTestDatabase(database, url), location: options.location };
  }
  let url: string;
  let database: DatabaseHandle;
  if (TEST_DIALECT === 'sqlite' && !options.durable) {
    url = 'sqlite::memory:';
    database = openDatabase({ url, image: templateImage(options.demo ?? false) });
  } else if (TEST_DIALECT === 'sqlite') {
    const file = join(inject('testDir'), `${randomBytes(6).toString('hex')}.db`);
    await copyFile(sqliteTemplateFile(options.demo ?? false), file);
    url = `sqlite:${file}`;
    database = openDatabase({ url });
  } else {
    const name = newTestDatabaseName(inject('testRun'));
    const template = inject(options.demo ? 'postgresDemoTemplate' : 'postgresTemplate');
    await adminQuery(`create database "${name}" template "${template}"`);
    url = databaseUrl(process.env.TEST_DATABASE_URL!, name);
    database = openDatabase({ url, poolSize: 4 });
  }
  return { database, drop: () => dropTestDatabase(database, url), location: { url } };
}

/** Closes a test database and removes it (its PostgreSQL database, or its SQLite file). */
async function dropTestDatabase(database: DatabaseHandle, url: string): Promise<void> {
  await database.destroy();
  if (url.startsWith('postgres')) {
    // Not `with (force)`: that would cut connections still closing (an unhandled error in the test file). A
    // database still in use after a few tries is dropped at the end of the run (global-setup.ts).
    const name = new URL(url).pathname.slice(1);
    for (let attempt = 0; attempt < 10; attempt++) {
      const dropped = await adminQuery(`drop database if exists "${name}"`).then(
        () => true,
        () => false,
      );
      if (dropped) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } else if (url !== 'sqlite::memory:') {
    const file = url.slice('sqlite:'.length);
    await Promise.all(['', '-wal', '-shm'].map((suffix) => rm(`${file}${suffix}`, { force: true })));
  }
}

/** A statement on the PostgreSQL server of TEST_DATABASE_URL (creating and dropping test databases). */
async function adminQuery(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * The app on a fresh database. `seed: 'defaults'` writes only what every installation has (settings, system
 * roles): the test makes its own data with the factories and `createLogin`. Without it the demo data is
 * there too (the demo accounts, brands, 300 customers), copied from the run's demo template, written when the run
 * began; `seed: 'fresh'` has this app write it instead, at the test's clock (a test that sets the time first:
 * the demo's dates count from the day it is written). `seed: false` leaves the database empty.
 */
export async function buildTestApp(
  options: {
    seed?: boolean | 'defaults' | 'fresh';
    config?: Partial<Config>;
    logger?: object;
    /** Open this existing database (a restart) instead of a fresh one. */
    location?: TestDatabaseLocation;
    /** Keep the database when the app closes, so another app can open it. */
    keepDatabase?: boolean;
    /** Hands the app another view of the database (e.g. with a Kysely plugin that breaks something on purpose). */
    wrapDatabase?: (database: DatabaseHandle) => DatabaseHandle;
  } = {},
): Promise<TestApp & { location: TestDatabaseLocation }> {
  const { database, drop, location } = await openTestDatabase({
    location: options.location,
    durable: options.keepDatabase,
    // The demo data comes written in the run's demo template (global-setup.ts).
    demo: options.seed === undefined || options.seed === true,
  });
  const config = testConfig(options.config);
  const app = await buildApp({
    config,
    database: options.wrapDatabase ? options.wrapDatabase(database) : database,
    logger: options.logger ?? false,
  });
  if (options.seed === 'defaults' && !options.location) await seedDefaults(app.ctx);
  else if (options.seed === 'fresh' && !options.location) await seedDemoData(app.ctx);
  await app.ready();
  return {
    app,
    ctx: app.ctx,
    database,
    config,
    location,
    close: async () => {
      await app.close();
      if (config.fileStore.kind === 'local' && !options.config?.fileStore) {
        await rm(config.fileStore.root, { recursive: true, force: true });
      }
      if (options.keepDatabase) await database.destroy();
      else await drop();
    },
  };
}

export const DEMO_ACCOUNTS = {
  superadmin: 'superadmin@example.com',
  admin: 'admin@example.com',
  office: 'office@example.com',
  agency: 'agency@example.com',
  traveller: 'traveller@example.com',
  driver: 'driver@example.com',
} as const;
export type DemoAccount = keyof typeof DEMO_ACCOUNTS;

const tokens = new WeakMap<FastifyInstance, Map<string, string>>();

/** Logs in and returns the bearer token (cached per app and e-mail). */
export async function tokenFor(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<string> {
  let cache = tokens.get(app);
  if (!cache) tokens.set(app, (cache = new Map()));
  const key = `${email}\n${password}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/authentication',
    payload: { strategy: 'local', email, password },
  });
  if (response.statusCode !== 201) throw new Error(`login of ${email} failed: ${response.statusCode} ${response.body}`);
  const token = response.json<{ accessToken: string }>().accessToken;
  cache.set(key, token);
  return token;
}

/** app.inject as a demo account (or anonymously with `as: null`). */
export async function call(
  app: FastifyInstance,
  as: DemoAccount | string | null,
  options: InjectOptions & { method: InjectOptions['method']; url: string },
) {
  const headers = { ...(options.headers ?? {}) } as Record<string, string>;
  if (as) {
    const email = as in DEMO_ACCOUNTS ? DEMO_ACCOUNTS[as as DemoAccount] : as;
    headers.authorization = `Bearer ${await tokenFor(app, email)}`;
  }
  const url = options.url.startsWith('/api/') ? options.url : `/api/v1${options.url}`;
  return app.inject({ ...options, url, headers });
}

/**
 * Runs `work` on a context whose database counts every statement it sends (BEGIN and COMMIT aside), so a
 * test can hold a write to the statements its data needs.
 */
export async function countStatements<T>(
  ctx: DbContext,
  work: (ctx: DbContext) => Promise<T>,
): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const counter: KyselyPlugin = {
    transformQuery: ({ node }) => {
      statements.push(node.kind);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  const result = await work({ db: ctx.db.withPlugin(counter), dialect: ctx.dialect });
  return { result, statements };
}

/** A role of the README by name (system roles exist after seeding the defaults; others are made here). */
async function demoRoleId(ctx: DbContext, role: DemoAccount): Promise<number> {
  return (await findRoleId(ctx, role)) ?? (await createRoleFixture(ctx, role)).id_roles;
}

/**
 * A new login of one of the README's roles, made with the factories; returns its e-mail, which `call`
 * takes in place of a demo account. Agency users belong to `agencyId`.
 */
export async function createLogin(
  ctx: DbContext,
  role: DemoAccount,
  options: { agencyId?: number | null } = {},
): Promise<string> {
  const email = `${role}-${nextSequence()}@test.example`;
  await createUserFixture(ctx, role === 'traveller' || role === 'driver' ? 'app' : 'staff', {
    email,
    role: await demoRoleId(ctx, role),
    ...(options.agencyId !== undefined ? { agencyId: options.agencyId } : {}),
  });
  return email;
}

/**
 * One new login for each role of the README, keyed by role (the agency user belongs to a new agency), for
 * tests that go through every role.
 */
export async function createLogins(ctx: DbContext): Promise<Record<DemoAccount, string>> {
  const agency = await createAgencyFixture(ctx, nextSequence());
  const logins: Partial<Record<DemoAccount, string>> = {};
  for (const role of Object.keys(DEMO_ACCOUNTS) as DemoAccount[]) {
    logins[role] = await createLogin(ctx, role, role === 'agency' ? { agencyId: agency.id } : {});
  }
  return logins as Record<DemoAccount, string>;
}
