import { defineConfig } from 'vitest/config';

/**
 * Test tiers (docs/TESTING.md): `small` needs nothing but code; `medium` runs the API through
 * app.inject on a migrated database (SQLite in memory, or PostgreSQL with TEST_DB=postgres).
 * The browser tier lives in e2e/ and runs with Playwright.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one worker on the two-core CI machine, and the
    // medium files (each its own app and database) ran one after another. Two share the machine.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    projects: [
      {
        test: {
          name: 'small',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.routes.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'medium',
          include: ['apps/server/src/**/*.routes.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
