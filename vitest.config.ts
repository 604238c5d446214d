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
          // The files of a worker share one jsdom and one module graph (docs/TESTING.md, "Shared workers"):
          // 8 s instead of 53 s (4 Dec 2026), most of it setting up jsdom and importing React and MUI per file.
          isolate: false,
        },
      },
      {
        test: {
          name: 'medium',
          include: ['apps/server/src/**/*.routes.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          // Each file builds its own app on its own database, but the files of a worker share their modules
          // (docs/TESTING.md, "Shared workers"): SQLite 88 s instead of 197 s, PostgreSQL 205 s instead of 358 s
          // (4 Dec 2026), the time going into importing the server's modules once per file.
          isolate: false,
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
