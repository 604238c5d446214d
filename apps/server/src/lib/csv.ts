import Papa from 'papaparse';

/**
 * CSV that German Excel opens as it is (docs UX.md "Export"): UTF-8 with a byte-order mark, `;` between fields,
 * CRLF line ends, every field that needs it quoted. The first row is the header, in the reader's language.
 */
/**
 * A field Excel would run as a formula gets a leading `'` (CSV injection); phone numbers such as `+49 176 1234567`
 * are left as they are.
 */
const FORMULA_START = /^[=@\t\r]|^[+-](?![\d\s()/]*$)/;

export function toCsv(header: string[], rows: Array<Array<string | number | null>>): string {
  const body = Papa.unparse(
    { fields: header, data: rows.map((row) => row.map((value) => value ?? '')) },
    { delimiter: ';', newline: '\r\n', quotes: false, escapeFormulae: FORMULA_START },
  );
  return `\uFEFF${body}\r\n`;
}
