import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { seedDefaults, seedDemoData } from '../src/seed/demo.ts';
import { newTestSchemaName } from './test-schemas.ts';
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

/**
 * A fresh, migrated database for one test file: SQLite in memory, or its own schema on the
 * PostgreSQL of TEST_DATABASE_URL when TEST_DB=postgres.
 */
/** Where a test database lives, so a second app (a "restart") can open the same one. */
export type TestDatabaseLocation = { url: string; schema?: string };

export async function openTestDatabase(
  options: { location?: TestDatabaseLocation; durable?: boolean } = {},
): Promise<{ database: DatabaseHandle; drop: () => Promise<void>; location: TestDatabaseLocation }> {
  if (TEST_DIALECT === 'sqlite') {
    // In memory unless the test restarts the app on the same database; then a temporary file.
    const url =
      options.location?.url ??
      (options.durable
        ? `sqlite:${join(tmpdir(), `tourdesk-test-${randomBytes(6).toString('hex')}.db`)}`
        : 'sqlite::memory:');
    const database = openDatabase({ url });
    await migrateToLatest(database);
    return { database, drop: () => database.destroy(), location: { url } };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = options.location?.schema ?? newTestSchemaName();
  if (!options.location) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    await admin.end();
  }
  const database = openDatabase({ url, schema, poolSize: 4 });
  await underSchemaLock(url, () => migrateToLatest(database));
  return {
    database,
    location: { url, schema },
    drop: async () => {
      await database.destroy();
      await underSchemaLock(url, (client) => client.query(`drop schema if exists "${schema}" cascade`));
    },
  };
}

/**
 * Test files run side by side, each in a schema of its own on one PostgreSQL database. Kysely's migrator reads
 * every schema's tables (`has_schema_privilege`, `pg_get_serial_sequence` by name), which fails with "schema …
 * does not exist" when another file drops its schema at that moment. So migrating and dropping take turns.
 */
async function underSchemaLock<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('tourdesk test schemas'))`);
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The app on a fresh database. `seed: 'defaults'` writes only what every installation has (settings, system
 * roles): the test makes its own data with the factories and `createLogin`. Without it the demo data is
 * there too (the demo accounts, brands, 300 customers); `seed: false` leaves the database empty.
 */
export async function buildTestApp(
  options: {
    seed?: boolean | 'defaults';
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
  });
  const config: Config = {
    ...loadConfig({}),
    jwtSecret: null,
    webDist: '/nonexistent',
    mailPollMs: 100,
    mailRetryBaseMs: 100,
    // Tests deliver pushes by calling deliverDuePushes themselves, against a local push service.
    push: { ...loadConfig({}).push, pollMs: 0 },
    // Uploads of each test app go to a folder of their own, never to data/files.
    fileStore: { kind: 'local', root: join(tmpdir(), `tourdesk-test-files-${randomBytes(6).toString('hex')}`) },
    ...options.config,
  };
  const app = await buildApp({
    config,
    database: options.wrapDatabase ? options.wrapDatabase(database) : database,
    logger: options.logger ?? false,
  });
  if (options.seed === 'defaults' && !options.location) await seedDefaults(app.ctx);
  else if (options.seed !== false && !options.location) await seedDemoData(app.ctx);
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
