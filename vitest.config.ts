import { defineConfig } from 'vitest/config';

/**
 * Test tiers (docs/TESTING.md): `small` needs nothing but code; `medium` runs the API through
 * app.inject on a migrated database (SQLite in memory, or PostgreSQL with TEST_DB=postgres).
 * The browser tier lives in e2e/ and runs with Playwright.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'small',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
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
