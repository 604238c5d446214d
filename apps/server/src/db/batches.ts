/**
 * One statement binds at most 32,766 values on SQLite and 65,535 on PostgreSQL. A write of many rows (a notice for
 * every colleague, the manifests of hundreds of departures) goes out in multi-row statements that stay well under
 * both, whatever the number of rows.
 */
const VALUES_PER_STATEMENT = 16_000;

/** `rows` in consecutive slices small enough for one statement when each row binds `valuesPerRow` values. */
export function* statementBatches<T>(rows: readonly T[], valuesPerRow: number): Generator<T[]> {
  const size = Math.max(1, Math.floor(VALUES_PER_STATEMENT / valuesPerRow));
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}
