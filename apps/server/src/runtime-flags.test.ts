import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A site whose objects all outlive forty young collections, then 300,000 objects from it that die at once: with
 * pretenuring, V8 makes those straight in the old generation (about 14 MB); without, they never get there. Run
 * single-threaded, so that V8 compiles on the main thread and the outcome does not depend on the machine's load.
 */
const probe = `
  import { getHeapSpaceStatistics } from 'node:v8';
  const oldUsed = () => getHeapSpaceStatistics().find((space) => space.space_name === 'old_space').space_used_size;
  function make(i) { return { id: i, name: 'n', next: null }; }
  const kept = [];
  for (let round = 0; round < 40; round++) {
    for (let i = 0; i < 5000; i++) kept.push(make(i));
    globalThis.gc({ type: 'minor' });
  }
  globalThis.gc({ type: 'minor' });
  const before = oldUsed();
  let last;
  for (let i = 0; i < 300000; i++) last = make(i);
  console.log(oldUsed() - before, kept.length + last.id);
`;

const oldGenerationGrowth = (...flags: string[]) =>
  Number(
    execFileSync(
      process.execPath,
      [...flags, '--expose-gc', '--single-threaded', '--input-type=module', '--eval', probe],
      {
        encoding: 'utf8',
      },
    ).split(' ')[0],
  );

describe('runtime flags', () => {
  it('keep short-lived objects out of the old generation however their site was used before', () => {
    const flags = fileURLToPath(new URL('./runtime-flags.ts', import.meta.url));
    // Without the module the probe sees V8 pretenure the site; if this ever fails, the probe no longer shows it.
    expect(oldGenerationGrowth()).toBeGreaterThan(5_000_000);
    expect(oldGenerationGrowth('--import', flags)).toBeLessThan(1_000_000);
  });
});
