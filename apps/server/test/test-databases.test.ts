import { describe, expect, it } from 'vitest';
import { isLeftoverDatabase, LEFTOVER_AFTER_MS, newTestDatabaseName } from './test-databases.ts';

/**
 * Two test runs may share one PostgreSQL server: the set-up of one drops only databases left by crashed runs,
 * never the databases of a run going on at the same time.
 */
describe('test databases', () => {
  const now = Date.parse('2026-11-23T02:00:00Z');

  it('keeps the database of a run going on now', () => {
    expect(isLeftoverDatabase(newTestDatabaseName('a1b2c3', now), now)).toBe(false);
    expect(isLeftoverDatabase(newTestDatabaseName('a1b2c3', now - LEFTOVER_AFTER_MS + 1000), now)).toBe(false);
  });

  it('drops a database made more than an hour ago', () => {
    expect(isLeftoverDatabase(newTestDatabaseName('a1b2c3', now - LEFTOVER_AFTER_MS - 1000), now)).toBe(true);
  });

  it('leaves alone databases it cannot date, and databases that are not test databases', () => {
    expect(isLeftoverDatabase('tourdesk_test_3f2a9c01b7de', now)).toBe(false);
    expect(isLeftoverDatabase('public', now)).toBe(false);
    expect(isLeftoverDatabase('tourdesk', now)).toBe(false);
  });
});
