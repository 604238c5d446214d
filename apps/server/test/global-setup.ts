import pg from 'pg';
import { isLeftoverSchema } from './test-schemas.ts';

/** On PostgreSQL, the trigram extension lives in `public` once for every test schema. */
export default async function setup(): Promise<void> {
  if (process.env.TEST_DB !== 'postgres') return;
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('create extension if not exists pg_trgm with schema public');
    // Schemas left behind by a crashed earlier run; another run's schemas on the same database stay.
    const { rows } = await client.query<{ nspname: string }>(
      "select nspname from pg_namespace where nspname like 'tourdesk\\_test\\_%'",
    );
    for (const { nspname } of rows.filter((row) => isLeftoverSchema(row.nspname))) {
      await client.query(`drop schema if exists "${nspname}" cascade`);
    }
  } finally {
    await client.end();
  }
}
