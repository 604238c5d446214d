import { randomBytes } from 'node:crypto';

/**
 * PostgreSQL test schemas are named `tourdesk_test_<creation time, ms in base 36>_<random>`, so a run can tell
 * a schema another run is using right now from one a crashed run left behind.
 */
const TEST_SCHEMA = /^tourdesk_test_([0-9a-z]+)_[0-9a-f]+$/;

/** A schema older than this belongs to no running test file (a file takes seconds to minutes). */
export const LEFTOVER_AFTER_MS = 60 * 60 * 1000;

export const newTestSchemaName = (now = Date.now()) =>
  `tourdesk_test_${now.toString(36)}_${randomBytes(6).toString('hex')}`;

/** Whether a schema is a leftover of a crashed run: a test schema made more than an hour ago. */
export function isLeftoverSchema(name: string, now = Date.now()): boolean {
  const match = TEST_SCHEMA.exec(name);
  return match !== null && now - Number.parseInt(match[1]!, 36) > LEFTOVER_AFTER_MS;
}
