import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { buildApp } from '../src/app.ts';
import { seedDemoData } from '../src/seed/demo.ts';
import { testConfig } from './test-config.ts';
import { databaseUrl, isLeftoverDatabase, newTestDatabaseName, runDatabases } from './test-databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's id: every PostgreSQL test database of the run carries it (test-databases.ts). */
    testRun: string;
    /** This run's folder for SQLite files (removed at its end). */
    testDir: string;
    /** SQLite: a migrated database file each test file starts from (copied into memory). */
    sqliteTemplate: string;
    /** SQLite: the same with the demo data, for the apps that ask for it (`buildTestApp()`). */
    sqliteDemoTemplate: string;
    /** PostgreSQL: a migrated database each test file's database is created from (`create database … template`). */
    postgresTemplate: string;
    /** PostgreSQL: the same with the demo data. */
    postgresDemoTemplate: string;
  }
}

/**
 * The schema is migrated once per run, not once per test file: every file starts from a copy of this template
 * (on PostgreSQL a database of its own made with `create database … template`, a fraction of a second against
 * 3–4 s of migrating; on SQLite the file's bytes deserialized into memory). The demo data, which some twenty files
 * ask for, is written once as well, into a second template (docs/TESTING.md has the run times before and after).
 * At the end of the run every database and file it made is removed, also those a test kept for a second app
 * instance.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const run = randomBytes(3).toString('hex');
  const dir = await mkdtemp(join(tmpdir(), 'tourdesk-test-run-'));
  project.provide('testRun', run);
  project.provide('testDir', dir);
  if (process.env.TEST_DB !== 'postgres') {
    const file = join(dir, 'template.db');
    const template = openDatabase({ url: `sqlite:${file}` });
    await migrateToLatest(template);
    // A rollback-journal file: a WAL file's header cannot be deserialized into memory.
    await sql`pragma journal_mode = delete`.execute(template.db);
    await template.destroy();
    const demoFile = join(dir, 'demo.db');
    await copyFile(file, demoFile);
    const demo = openDatabase({ url: `sqlite:${demoFile}` });
    await writeDemo(demo);
    await sql`pragma journal_mode = delete`.execute(demo.db);
    await demo.destroy();
    project.provide('sqliteTemplate', file);
    project.provide('sqliteDemoTemplate', demoFile);
    project.provide('postgresTemplate', '');
    project.provide('postgresDemoTemplate', '');
    return () => rm(dir, { recursive: true, force: true });
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const name = newTestDatabaseName(run);
  const demoName = newTestDatabaseName(run);
  try {
    // Databases left behind by a crashed earlier run; another run's databases on the same server stay.
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'tourdesk\\_test\\_%'",
    );
    for (const { datname } of rows.filter((row) => isLeftoverDatabase(row.datname))) {
      await admin.query(`drop database if exists "${datname}" with (force)`);
    }
    await admin.query(`create database "${name}"`);
    const template = openDatabase({ url: databaseUrl(url, name), poolSize: 2 });
    await migrateToLatest(template);
    await template.destroy();
    await admin.query(`create database "${demoName}" template "${name}"`);
    const demo = openDatabase({ url: databaseUrl(url, demoName), poolSize: 2 });
    await writeDemo(demo);
    await demo.destroy();
  } finally {
    await admin.end();
  }
  project.provide('sqliteTemplate', '');
  project.provide('sqliteDemoTemplate', '');
  project.provide('postgresTemplate', name);
  project.provide('postgresDemoTemplate', demoName);
  return async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [runDatabases(run)],
      );
      for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
    } finally {
      await client.end();
      await rm(dir, { recursive: true, force: true });
    }
  };
}

/**
 * Writes the demo data through an app of its own, as `buildTestApp` did for each file: the features' routes register
 * what takes part in a booking's changes (payment schedules, booking mails), which the demo's bookings go through.
 */
async function writeDemo(database: DatabaseHandle): Promise<void> {
  const config = testConfig();
  const app = await buildApp({ config, database, logger: false });
  try {
    await seedDemoData(app.ctx);
  } finally {
    await app.close();
    if (config.fileStore.kind === 'local') await rm(config.fileStore.root, { recursive: true, force: true });
  }
}
