/**
 * `npm test`: the whole suite, in the order that fails fastest.
 *   1. check: formatting, lint, types, small tests
 *   2. medium tests on SQLite, then on PostgreSQL when TEST_DATABASE_URL is set
 *   3. the browser tests (Playwright in Debian Chromium) against the built app
 */
import { spawnSync } from 'node:child_process';

type Step = { name: string; command: string; env?: Record<string, string> };

const steps: Step[] = [
  { name: 'check (format, lint, types, small tests)', command: 'npm run check' },
  { name: 'medium tests on SQLite', command: 'npm run test:medium' },
];
if (process.env.TEST_DATABASE_URL) {
  steps.push({ name: 'medium tests on PostgreSQL', command: 'npm run test:medium:pg' });
} else {
  console.log('TEST_DATABASE_URL is not set: the medium tests run on SQLite only.');
}
steps.push({ name: 'build the web app', command: 'npm run build' });
steps.push({ name: 'browser tests', command: 'npm run test:e2e' });

for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const result = spawnSync(step.command, { shell: true, stdio: 'inherit', env: { ...process.env, ...step.env } });
  if (result.status !== 0) {
    console.error(`\n✗ ${step.name} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${step.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
console.log('\nAll tests passed.');
