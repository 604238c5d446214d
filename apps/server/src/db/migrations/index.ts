import type { Migration } from 'kysely/migration';
import * as createFoundation from './2026_11_21_2200_create_foundation.ts';

/** Every migration, in order. Kysely runs those not yet applied at start-up. */
export const migrations: Record<string, Migration> = {
  '2026_11_21_2200_create_foundation': createFoundation,
};
