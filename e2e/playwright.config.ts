import { defineConfig, devices } from '@playwright/test';

/** Port and database of the app under test; a fresh SQLite file with the demo data for every run. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${E2E_PORT}`;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

/**
 * Two workers share the one server: the spec files are independent of each other (each makes the data it
 * changes, or reads demo data no other file changes), and the tests of a file run in order on one worker unless
 * the file says otherwise (accessibility/screens.spec.ts runs its tests side by side). E2E_WORKERS=1 runs the
 * files one after another, as when hunting an interaction between two of them.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  // Sized for a slow, busy two-core machine (2 Dec 2026: `npm run check` took 333 s there against 198 s on 24 Nov,
  // and a fresh context's first screen 7–9 s with both workers running; 3 Dec 2026: a CI run's browser phase took
  // 41.5 min against 22.5 the day before, and a calendar test taking 15–23 s here under load ran out of a 60 s limit there). A passing test
  // never waits for them; only a failing one takes longer to report. Tests longer by design set their own.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  // The JSON report keeps each test's duration (.tmp/report.json), to see where the suite's time goes.
  reporter: [['list'], ['json', { outputFile: '.tmp/report.json' }]],
  outputDir: '.tmp/results',
  use: {
    baseURL: BASE_URL,
    // The app then shows every change in its final state at once (layout/theme-palette.ts): axe never reads a
    // colour half-way through a transition. Spinners still turn, so a scan still waits for a screen to load.
    reducedMotion: 'reduce',
    launchOptions: chromium,
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromium } }],
  webServer: {
    // The server with a real SMTP server beside it (support/serve-with-smtp.ts): mails land in .tmp/mails.
    command: `rm -f .tmp/e2e.db* && node support/serve-with-smtp.ts`,
    url: `${BASE_URL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      DATABASE_URL: 'sqlite:.tmp/e2e.db',
      PORT: String(E2E_PORT),
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      CHECK_LIST_ANSWERS: '1',
    },
  },
});
