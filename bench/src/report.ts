import type { ScenarioResult } from './drive.ts';
import { P95_TARGET_MS } from './scenarios.ts';

export const meetsTarget = (result: ScenarioResult) => result.latencyMs.p95 <= P95_TARGET_MS[result.kind];

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
    `p95 ≤ ${P95_TARGET_MS[result.kind]} ms`,
    meetsTarget(result) ? 'yes' : 'NO',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (rightAligned[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join(' | ')} |`;
  const rule = `|${widths.map((width, column) => (rightAligned[column] ? `${'-'.repeat(width + 1)}:` : '-'.repeat(width + 2))).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}
