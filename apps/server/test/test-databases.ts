import { randomBytes } from 'node:crypto';

/**
 * PostgreSQL test databases are named `tourdesk_test_<creation time, ms in base 36>_<run id><random>` (hex), so a
 * run can tell a database another run is using right now from one a crashed run left behind, and can drop all
 * of its own at its end.
 */
const TEST_DATABASE = /^tourdesk_test_([0-9a-z]+)_[0-9a-f]+$/;

/** A database older than this belongs to no running test run (a whole run takes minutes). */
export const LEFTOVER_AFTER_MS = 60 * 60 * 1000;

export const newTestDatabaseName = (run: string, now = Date.now()) =>
  `tourdesk_test_${now.toString(36)}_${run}${randomBytes(6).toString('hex')}`;

/** A LIKE pattern for every database of one run. */
export const runDatabases = (run: string) => `tourdesk\\_test\\_%\\_${run}%`;

/** Whether a database is a leftover of a crashed run: a test database made more than an hour ago. */
export function isLeftoverDatabase(name: string, now = Date.now()): boolean {
  const match = TEST_DATABASE.exec(name);
  return match !== null && now - Number.parseInt(match[1]!, 36) > LEFTOVER_AFTER_MS;
}

/** The URL of another database on the server of `url`. */
export function databaseUrl(url: string, name: string): string {
  const other = new URL(url);
  other.pathname = `/${name}`;
  return other.toString();
}
