import Papa from 'papaparse';
import { useCallback } from 'react';
import { downloadCSV, useTranslate, type Exporter, type RaRecord } from 'react-admin';
import { formatDate, formatDateTime } from '@tourdesk/contracts/format';

export type CsvCell = string | number | null | undefined;
export type CsvTranslate = (key: string, options?: Record<string, unknown>) => string;

/** One column of an export: its header (a message key) and how a record fills its cell. */
export type CsvColumn<R> = { label: string; value: (record: R, translate: CsvTranslate) => CsvCell };

const BOM = '\uFEFF';

/**
 * The CSV German Excel opens as it is: UTF-8 with a byte order mark, `;` between cells, CRLF between rows.
 * Cells starting with `=`, `+`, `-`, `@`, a tab or a carriage return get a leading `'`, so no cell runs as a formula.
 */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  const data = rows.map((row) => row.map((cell) => cell ?? ''));
  return BOM + Papa.unparse({ fields: header, data }, { delimiter: ';', newline: '\r\n', escapeFormulae: true });
}

/** Header and one row per record, headers and labels in the user's language. */
export function recordsToCsv<R>(records: R[], columns: Array<CsvColumn<R>>, translate: CsvTranslate): string {
  return toCsv(
    columns.map((column) => translate(column.label)),
    records.map((record) => columns.map((column) => column.value(record, translate))),
  );
}

/** Several values in one cell (all phones of a customer), in their order. */
export const joinValues = (rows: ReadonlyArray<{ value: string }> | null | undefined): string =>
  (rows ?? []).map((row) => row.value).join(', ');

/** A plain date or timestamp as DD.MM.YYYY. */
export const dateCell = (value: string | null | undefined): string => formatDate(value);

/** A timestamp as DD.MM.YYYY HH:mm in Europe/Berlin. */
export const dateTimeCell = (value: string | null | undefined): string => formatDateTime(value);

/** A code shown by its label: `options.salutation.1` → "Frau"; empty for no code. */
export const labelCell = (
  translate: CsvTranslate,
  prefix: string,
  code: string | number | boolean | null | undefined,
): string => (code === null || code === undefined || code === '' ? '' : translate(`${prefix}.${code}`));

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The exporter of a list (`<List exporter={useCsvExporter(columns)}>`): the records of the current filter and
 * sort, one row each, downloaded as `<resource>-<date>.csv`.
 */
export function useCsvExporter<R extends RaRecord>(columns: Array<CsvColumn<R>>): Exporter<R> {
  const translate = useTranslate();
  return useCallback(
    (records: R[], _fetchRelated, _dataProvider, resource) => {
      const name = (resource ?? 'export').replace(/[^\w-]+/g, '-');
      downloadCSV(recordsToCsv(records, columns, translate), `${name}-${today()}`);
    },
    [columns, translate],
  );
}
