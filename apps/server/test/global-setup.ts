import pg from 'pg';

/** On PostgreSQL, the trigram extension lives in `public` once for every test schema. */
export default async function setup(): Promise<void> {
  if (process.env.TEST_DB !== 'postgres') return;
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('create extension if not exists pg_trgm with schema public');
    // Schemas left behind by an interrupted earlier run.
    const { rows } = await client.query<{ nspname: string }>(
      "select nspname from pg_namespace where nspname like 'tourdesk_test_%'",
    );
    for (const { nspname } of rows) await client.query(`drop schema if exists "${nspname}" cascade`);
  } finally {
    await client.end();
  }
}
