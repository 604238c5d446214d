import type { CellValue } from 'exceljs';
import Papa from 'papaparse';

/**
 * Uploaded tables (the customer import of /system/import and the newsletter's contact import): a CSV or an Excel
 * workbook read into a header and rows of trimmed text, and a mapping of fields to columns guessed from the
 * header's words.
 */

/** A parsed import file: the header row and the data rows, every cell as trimmed text. */
export type ParsedTable = { columns: string[]; rows: string[][] };

const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const cellText = (value: CellValue): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('hyperlink' in value && typeof value.hyperlink === 'string') return value.hyperlink.replace(/^mailto:/i, '');
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return value.result === undefined ? '' : String(value.result);
    return '';
  }
  return String(value);
};

/** ExcelJS (with its zip, stream and archive libraries) loads with the first workbook: an idle server has no use for it. */
const loadExcel = async () => (await import('exceljs')).default;

async function parseXlsx(buffer: Buffer): Promise<string[][]> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(buffer).buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const table: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column++) cells.push(cellText(row.getCell(column).value).trim());
    table.push(cells);
  });
  return table;
}

/** Text of a CSV: UTF-8 (BOM removed), or Windows-1252 as German Excel writes it when the bytes are not UTF-8. */
function csvText(buffer: Buffer): string {
  const utf8 = buffer.toString('utf8');
  const text = utf8.includes('\uFFFD') ? new TextDecoder('windows-1252').decode(buffer) : utf8;
  return text.replace(/^\uFEFF/, '');
}

function parseCsv(buffer: Buffer): string[][] {
  const parsed = Papa.parse<string[]>(csvText(buffer), {
    skipEmptyLines: 'greedy',
    delimitersToGuess: [';', ',', '\t', '|'],
  });
  return parsed.data.map((row) => row.map((cell) => String(cell ?? '').trim()));
}

/**
 * Reads an uploaded CSV (`;`, `,`, tab or `|`, with or without BOM, UTF-8 or Windows-1252) or Excel workbook (first
 * sheet): the first non-empty row is the header. Answers null for a file that is neither, has no data row or more
 * than `maxRows`.
 */
export async function parseTableFile(buffer: Buffer, fileName: string, maxRows: number): Promise<ParsedTable | null> {
  let table: string[][];
  try {
    table =
      buffer.subarray(0, 4).equals(XLSX_MAGIC) || /\.xlsx$/i.test(fileName)
        ? await parseXlsx(buffer)
        : parseCsv(buffer);
  } catch {
    return null;
  }
  const [header, ...rows] = table.filter((row) => row.some((cell) => cell !== ''));
  if (!header || rows.length === 0 || rows.length > maxRows) return null;
  let width = header.length;
  for (const row of rows) if (row.length > width) width = row.length;
  const columns = Array.from({ length: width }, (_, index) => header[index] || `#${index + 1}`);
  return {
    columns,
    rows: rows.map((row) => (row.length === width ? row : Array.from({ length: width }, (_, i) => row[i] ?? ''))),
  };
}

const simplify = (name: string) => name.toLowerCase().replace(/[^a-z0-9äöüß]/g, '');

/**
 * The column each field is named by: its index among `columns`, compared in lower case without spaces and
 * punctuation against the field's German and English names; the first column that matches wins.
 */
export function guessColumns<F extends string>(
  columns: readonly string[],
  names: Record<F, readonly string[]>,
): Partial<Record<F, number>> {
  const simple = columns.map(simplify);
  const mapping: Partial<Record<F, number>> = {};
  for (const field of Object.keys(names) as F[]) {
    const wanted = names[field].map(simplify);
    const index = simple.findIndex((name) => wanted.includes(name));
    if (index >= 0) mapping[field] = index;
  }
  return mapping;
}
