import { percentField, type CommissionRates, type CommissionRatesBody } from '@tourdesk/contracts/agency-money.schema';

/** One row of the rates editor as typed: the category (null for the default rate) and the percent as text. */
export type RateRow = { categoryId: number | null; text: string };

const percentFormat = new Intl.NumberFormat('de-DE', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: false,
});

/** A stored percent as the field shows it: `10.5` → `10,50`. */
export const percentText = (percent: number): string => percentFormat.format(percent);

/** A percent for reading: `10,50 %`. */
export const formatPercent = (percent: number): string => `${percentText(percent)} %`;

/**
 * What was typed as a number: German (`10,5`) or with a point (`10.5`), a trailing `%` and spaces allowed;
 * null when it is no number at all. Range and decimals are the contract's to judge.
 */
export function parsePercent(text: string): number | null {
  const cleaned = text.replace(/\s|%/g, '');
  if (!/^\d+([.,]\d+)?$/.test(cleaned)) return null;
  return Number(cleaned.replace(',', '.'));
}

/** The editor's rows for stored rates: the default first (an empty one if there is none), then the categories. */
export function rowsOf(rates: CommissionRates['rates']): RateRow[] {
  const fallback = rates.find((rate) => rate.categoryId === null);
  return [
    { categoryId: null, text: fallback ? percentText(fallback.percent) : '' },
    ...rates
      .filter((rate) => rate.categoryId !== null)
      .map((rate) => ({ categoryId: rate.categoryId, text: percentText(rate.percent) })),
  ];
}

/**
 * The body of PUT /organization/{id}/commission-rates for the rows, or the message key per row. The default row
 * may stay empty (no default: 0 %); a category row needs a percent. The percent passes the contract's own rule
 * (0–100, at most two decimals: refused, never rounded); a category may appear only once.
 */
export function ratesBody(
  rows: readonly RateRow[],
): { body: CommissionRatesBody; errors?: undefined } | { body?: undefined; errors: Record<number, string> } {
  const errors: Record<number, string> = {};
  const rates: CommissionRatesBody['rates'] = [];
  const seen = new Set<number | null>();
  rows.forEach((row, index) => {
    if (row.categoryId === null && row.text.trim() === '') return;
    if (row.text.trim() === '') {
      errors[index] = 'error.empty';
      return;
    }
    const percent = parsePercent(row.text);
    const checked = percent === null ? null : percentField().safeParse(percent);
    if (!checked?.success) {
      // The contract's keys speak of a decimal point; the editor takes a comma, so it says so itself.
      errors[index] = 'agencies.rates.invalidPercent';
      return;
    }
    if (seen.has(row.categoryId)) {
      errors[index] = 'error.rateDuplicate';
      return;
    }
    seen.add(row.categoryId);
    rates.push({ categoryId: row.categoryId, percent: checked.data });
  });
  return Object.keys(errors).length > 0 ? { errors } : { body: { rates } };
}

/** The server's field errors (`rates.{i}.categoryId`, `rates.{i}.percent`) back on the rows they belong to. */
export function rowErrorsFromServer(
  fields: Record<string, string> | undefined,
  rows: readonly RateRow[],
): Record<number, string> {
  const sent = rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => !(row.categoryId === null && row.text.trim() === ''));
  const errors: Record<number, string> = {};
  for (const [field, key] of Object.entries(fields ?? {})) {
    const match = /^rates\.(\d+)\./.exec(field);
    const target = match ? sent[Number(match[1])] : undefined;
    if (target && !(target.index in errors)) errors[target.index] = key;
  }
  return errors;
}
