import type { ScenarioResult } from './drive.ts';
import { P95_TARGET_MS } from './scenarios.ts';

/** Whether p95 is within the target of the scenario's kind; null when the kind has none (the feed). */
export const meetsTarget = (result: ScenarioResult): boolean | null => {
  const target = P95_TARGET_MS[result.kind];
  return target === undefined ? null : result.latencyMs.p95 <= target;
};

const metText = (met: boolean | null) => (met === null ? '–' : met ? 'yes' : 'NO');
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–');

/** The results as a plain-text table with aligned columns (numbers right-aligned). */
export function formatTable(results: readonly ScenarioResult[]): string {
  const header = ['scenario', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'non-2xx', 'target', 'met?'];
  const rightAligned = [false, true, true, true, true, true, false, false];
  const rows = results.map((result) => [
    result.name,
    result.rps < 100 ? result.rps.toFixed(1) : Math.round(result.rps).toLocaleString('en'),
    ms(result.latencyMs.p50),
    ms(result.latencyMs.p95),
    ms(result.latencyMs.p99),
    String(result.non2xx),
    P95_TARGET_MS[result.kind] === undefined ? '–' : `p95 ≤ ${P95_TARGET_MS[result.kind]} ms`,
    metText(meetsTarget(result)),
  ]);
  return markdownTable(header, rows, rightAligned);
}

/** Rows as a Markdown table with aligned columns. */
function markdownTable(header: readonly string[], rows: readonly string[][], rightAligned: readonly boolean[]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => (rightAligned[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join(' | ')} |`;
  const rule = `|${widths.map((width, column) => (rightAligned[column] ? `${'-'.repeat(width + 1)}:` : '-'.repeat(width + 2))).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** Issue #8, 4.1: the project's p50 at most this times the floor's, its throughput at least this times. */
export const P50_RATIO_TARGET = 1.2;
export const RPS_RATIO_TARGET = 0.8;

const ratio = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : '–');
const rate = (value: number) => (value < 100 ? value.toFixed(1) : Math.round(value).toLocaleString('en'));

/** Project against floor, scenario by scenario: p50, p95 and req/s of both and the ratios. */
export function formatComparison(project: readonly ScenarioResult[], floor: readonly ScenarioResult[]): string {
  const header = [
    'scenario',
    'p50 ms',
    'floor',
    'ratio',
    'p95 ms',
    'floor',
    'req/s',
    'floor',
    'ratio',
    'met?',
    'CPU ms/req',
    'floor',
    'ratio',
  ];
  const rows = project.map((mine, index) => {
    const bare = floor[index]!;
    const p50Ratio = mine.latencyMs.p50 / bare.latencyMs.p50;
    const rpsRatio = mine.rps / bare.rps;
    const met = p50Ratio <= P50_RATIO_TARGET && rpsRatio >= RPS_RATIO_TARGET;
    const cpu = (value: number | null | undefined) => (value == null ? '?' : value.toFixed(3));
    const cpuRatio =
      mine.cpuMsPerRequest != null && bare.cpuMsPerRequest ? ratio(mine.cpuMsPerRequest / bare.cpuMsPerRequest) : '?';
    return [
      mine.name,
      ms(mine.latencyMs.p50),
      ms(bare.latencyMs.p50),
      ratio(p50Ratio),
      ms(mine.latencyMs.p95),
      ms(bare.latencyMs.p95),
      rate(mine.rps),
      rate(bare.rps),
      ratio(rpsRatio),
      met ? 'yes' : 'NO',
      cpu(mine.cpuMsPerRequest),
      cpu(bare.cpuMsPerRequest),
      cpuRatio,
    ];
  });
  return markdownTable(
    header,
    rows,
    header.map((_, column) => column !== 0 && column !== 9),
  );
}
