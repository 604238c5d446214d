import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** The SQLite file the browser tests' server runs on (playwright.config.ts sets it as DATABASE_URL). */
export const APP_DATABASE = join(import.meta.dirname, '..', '.tmp', 'e2e.db');

/**
 * Works directly on the running app's database, for what a test sets up that no screen or API makes (a sent
 * campaign's events, a traveller linked to a demo booking). The server writes to the same file at the same time, so
 * the connection waits for its lock (like the server's own `busy_timeout`) instead of failing with "database is
 * locked", and `fn` runs in one immediate transaction: it sees and leaves either none or all of its rows.
 */
export function withAppDatabase<T>(fn: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(APP_DATABASE, { timeout: 15_000 });
  try {
    db.exec('BEGIN IMMEDIATE');
    try {
      const result = fn(db);
      db.exec('COMMIT');
      return result;
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  } finally {
    db.close();
  }
}
