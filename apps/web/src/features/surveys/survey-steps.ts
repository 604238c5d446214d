/** A copy of `steps` with the step at `from` moved to `to` (indexes outside the list leave it as it is). */
export function moveStep<T>(steps: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= steps.length || to < 0 || to >= steps.length || from === to) return [...steps];
  const next = [...steps];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

export type Bin = { label: string; count: number };

/**
 * The bars of a number question's histogram: one per value when there are few values, else up to `bins` equal
 * ranges from the least to the greatest value (the last range includes its upper end).
 */
export function histogramBins(
  values: ReadonlyArray<{ value: number; count: number }>,
  bins = 10,
  format: (value: number) => string = (value) => String(value),
): Bin[] {
  if (values.length <= bins) return values.map((entry) => ({ label: format(entry.value), count: entry.count }));
  const min = Math.min(...values.map((entry) => entry.value));
  const max = Math.max(...values.map((entry) => entry.value));
  const width = (max - min) / bins;
  const result: Bin[] = Array.from({ length: bins }, (_, i) => ({
    label: `${format(min + i * width)}–${format(min + (i + 1) * width)}`,
    count: 0,
  }));
  for (const entry of values) {
    const index = Math.min(bins - 1, Math.floor((entry.value - min) / width));
    result[index]!.count += entry.count;
  }
  return result;
}
