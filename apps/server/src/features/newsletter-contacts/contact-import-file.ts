import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { IMPORT_FIELDS, type ImportField } from '@tourdesk/contracts';

/** A parsed import file: the header row and the data rows, every cell as trimmed text. */
export type ParsedTable = { columns: string[]; rows: string[][] };

/** Rows an import may hold (a larger file is split by the user). */
export const MAX_IMPORT_ROWS = 50_000;

const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const cellText = (value: ExcelJS.CellValue): string => {
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

async function parseXlsx(buffer: Buffer): Promise<string[][]> {
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

function parseCsv(buffer: Buffer): string[][] {
  const text = buffer.toString('utf8').replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy', delimitersToGuess: [';', ',', '\t', '|'] });
  return parsed.data.map((row) => row.map((cell) => String(cell ?? '').trim()));
}

/**
 * Reads an uploaded CSV (any common separator, with or without BOM) or Excel workbook (first sheet): the first
 * non-empty row is the header. Answers null for a file that is neither or has no data row.
 */
export async function parseImportFile(buffer: Buffer, fileName: string): Promise<ParsedTable | null> {
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
  if (!header || rows.length === 0 || rows.length > MAX_IMPORT_ROWS) return null;
  const width = Math.max(header.length, ...rows.map((row) => row.length));
  const columns = Array.from({ length: width }, (_, index) => header[index] || `#${index + 1}`);
  return { columns, rows: rows.map((row) => Array.from({ length: width }, (_, index) => row[index] ?? '')) };
}

/** Column names (lower case, without spaces and punctuation) that name an import field, German and English. */
const FIELD_NAMES: Record<ImportField, readonly string[]> = {
  email: ['email', 'emailadresse', 'emailaddress', 'mail', 'e-mail', 'mailadresse'],
  firstName: ['firstname', 'vorname', 'givenname', 'first'],
  lastName: ['lastname', 'nachname', 'name', 'surname', 'familienname', 'last'],
  salutation: ['salutation', 'anrede'],
  title: ['title', 'titel'],
  language: ['language', 'sprache', 'lang'],
};

const simplify = (name: string) => name.toLowerCase().replace(/[^a-z0-9äöüß]/g, '');

/** The mapping guessed from the column names: each field → the first column that names it, or null. */
export function guessMapping(columns: readonly string[]): Record<ImportField, number | null> {
  const simple = columns.map(simplify);
  return Object.fromEntries(
    IMPORT_FIELDS.map((field) => {
      const names = FIELD_NAMES[field].map(simplify);
      const index = simple.findIndex((name) => names.includes(name));
      return [field, index >= 0 ? index : null];
    }),
  ) as Record<ImportField, number | null>;
}
