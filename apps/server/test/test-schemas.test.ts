import { describe, expect, it } from 'vitest';
import { isLeftoverSchema, LEFTOVER_AFTER_MS, newTestSchemaName } from './test-schemas.ts';

/**
 * Two test runs may share one PostgreSQL database: the set-up of one drops only schemas left by crashed runs,
 * never the schemas of a run going on at the same time.
 */
describe('test schemas', () => {
  const now = Date.parse('2026-11-23T02:00:00Z');

  it('keeps the schema of a run going on now', () => {
    expect(isLeftoverSchema(newTestSchemaName(now), now)).toBe(false);
    expect(isLeftoverSchema(newTestSchemaName(now - LEFTOVER_AFTER_MS + 1000), now)).toBe(false);
  });

  it('drops a schema made more than an hour ago', () => {
    expect(isLeftoverSchema(newTestSchemaName(now - LEFTOVER_AFTER_MS - 1000), now)).toBe(true);
  });

  it('leaves alone schemas it cannot date, and schemas that are not test schemas', () => {
    expect(isLeftoverSchema('tourdesk_test_3f2a9c01b7de', now)).toBe(false);
    expect(isLeftoverSchema('public', now)).toBe(false);
    expect(isLeftoverSchema('tourdesk', now)).toBe(false);
  });
});
