import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { joinValues, labelCell, recordsToCsv, toCsv, type CsvColumn } from './csv-export.ts';

const german: Record<string, string> = {
  'fields.name': 'Name',
  'fields.phones': 'Telefonnummern',
  'fields.salutation': 'Anrede',
  'options.salutation.1': 'Frau',
};
const translate = (key: string) => german[key] ?? key;

type Row = { name: string; salutation: number | null; phones: Array<{ value: string }> };
const columns: Array<CsvColumn<Row>> = [
  { label: 'fields.salutation', value: (record, t) => labelCell(t, 'options.salutation', record.salutation) },
  { label: 'fields.name', value: (record) => record.name },
  { label: 'fields.phones', value: (record) => joinValues(record.phones) },
];

describe('toCsv', () => {
  it('starts with a UTF-8 byte order mark and separates cells with semicolons and rows with CRLF', () => {
    const csv = toCsv(['Name', 'Ort'], [['Größwang, Ilse', 'Sonthofen']]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1)).toBe('Name;Ort\r\nGrößwang, Ilse;Sonthofen');
  });

  it('quotes cells holding the separator, quotes or line breaks', () => {
    expect(toCsv(['a'], [['x;y'], ['say "hi"'], ['two\nlines']]).slice(1)).toBe(
      'a\r\n"x;y"\r\n"say ""hi"""\r\n"two\nlines"',
    );
  });

  it('prefixes cells that a spreadsheet would run as a formula', () => {
    const csv = toCsv(['a'], [['=HYPERLINK("x")'], ['+49 176 1962829'], ['-1+2'], ['@SUM(A1)'], ['harmless']]);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'a',
      `"'=HYPERLINK(""x"")"`,
      `"'+49 176 1962829"`,
      `"'-1+2"`,
      `"'@SUM(A1)"`,
      'harmless',
    ]);
  });

  it('writes empty cells for missing values', () => {
    expect(toCsv(['a', 'b', 'c'], [[null, undefined, 0]]).slice(1)).toBe('a;b;c\r\n;;0');
  });
});

describe('recordsToCsv', () => {
  it('writes translated headers, labels instead of codes and one row per record with its contacts joined', () => {
    const csv = recordsToCsv(
      [
        { name: 'Baumann, Tanja', salutation: 1, phones: [{ value: '0831 1' }, { value: '0170 2' }] },
        { name: 'Öztürk, Ali', salutation: null, phones: [] },
      ],
      columns,
      translate,
    );
    const parsed = Papa.parse<string[]>(csv.slice(1), { delimiter: ';' });
    expect(parsed.data).toEqual([
      ['Anrede', 'Name', 'Telefonnummern'],
      ['Frau', 'Baumann, Tanja', '0831 1, 0170 2'],
      ['', 'Öztürk, Ali', ''],
    ]);
  });
});
