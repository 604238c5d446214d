/**
 * `npm test`: the whole suite, in the order that fails fastest.
 *   1. check: formatting, lint, types, small tests
 *   2. medium tests on SQLite, then on PostgreSQL when TEST_DATABASE_URL is set
 *   3. the web app's build
 *   4. the browser tests (Playwright in Debian Chromium) against the built app
 * Each step reports its time and how busy the machine's cores were meanwhile, to see where the suite's time goes.
 * The steps run one after another: check and both medium runs side by side (24 Nov 2026, two cores) took 974 s
 * with the cores 97 % busy; one after another, on the same code, 880 s (check 198 s, SQLite 245 s, PostgreSQL
 * 437 s, at 76–88 % busy) — side by side they only crowded each other out.
 * `phase` can still run steps side by side; its output is then kept per step until the step ends.
 */
import { spawn } from 'node:child_process';
import { cpus } from 'node:os';

type Step = { name: string; command: string };

/** Busy and total CPU time of all cores so far (ms), to tell how much of the machine a step used. */
const cpuTimes = () =>
  cpus().reduce(
    (sum, cpu) => {
      const { user, nice, sys, irq, idle } = cpu.times;
      return { busy: sum.busy + user + nice + sys + irq, total: sum.total + user + nice + sys + irq + idle };
    },
    { busy: 0, total: 0 },
  );

/** Runs a step with its output kept until it ends (side by side steps would interleave line by line). */
function run(step: Step, inherit: boolean): Promise<{ step: Step; status: number; output: string; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, { shell: true, stdio: inherit ? 'inherit' : 'pipe', env: process.env });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code, signal) =>
      resolve({
        step,
        status: code ?? (signal ? 1 : 0),
        output: Buffer.concat(chunks).toString(),
        seconds: (Date.now() - started) / 1000,
      }),
    );
  });
}

async function phase(steps: Step[]): Promise<void> {
  const before = cpuTimes();
  const started = Date.now();
  if (steps.length > 1) console.log(`\n=== side by side: ${steps.map((step) => step.name).join(' | ')} ===`);
  const results = await Promise.all(steps.map((step) => run(step, steps.length === 1)));
  for (const result of results) {
    if (steps.length > 1) process.stdout.write(`\n--- ${result.step.name} ---\n${result.output}`);
    const mark = result.status === 0 ? '✓' : '✗';
    console.log(`${mark} ${result.step.name} (${result.seconds.toFixed(1)} s)`);
  }
  const after = cpuTimes();
  const busy = (100 * (after.busy - before.busy)) / Math.max(1, after.total - before.total);
  console.log(`  wall ${((Date.now() - started) / 1000).toFixed(1)} s, cores ${busy.toFixed(0)} % busy`);
  const failed = results.find((result) => result.status !== 0);
  if (failed) {
    console.error(`\n✗ ${failed.step.name} failed (exit ${failed.status})`);
    process.exit(failed.status);
  }
}

const first: Step[] = [
  { name: 'check (format, lint, types, small tests)', command: 'npm run check' },
  { name: 'medium tests on SQLite', command: 'npm run test:medium' },
];
if (process.env.TEST_DATABASE_URL) {
  first.push({ name: 'medium tests on PostgreSQL', command: 'npm run test:medium:pg' });
} else {
  console.log('TEST_DATABASE_URL is not set: the medium tests run on SQLite only.');
}

const started = Date.now();
for (const step of first) {
  console.log(`\n=== ${step.name} ===`);
  await phase([step]);
}
console.log('\n=== build the web app ===');
await phase([{ name: 'build the web app', command: 'npm run build' }]);
console.log('\n=== browser tests ===');
await phase([{ name: 'browser tests', command: 'npm run test:e2e' }]);
console.log(`\nAll tests passed (${((Date.now() - started) / 60_000).toFixed(1)} min).`);
