import { IMPORT_FIELDS, type ImportField } from '@tourdesk/contracts';
import { guessColumns, parseTableFile, type ParsedTable } from '../../lib/table-file.ts';

export type { ParsedTable };

/** Rows an import may hold (a larger file is split by the user). */
export const MAX_IMPORT_ROWS = 50_000;

/** Reads an uploaded contact file (lib/table-file.ts); null for an unreadable, empty or too large one. */
export const parseImportFile = (buffer: Buffer, fileName: string): Promise<ParsedTable | null> =>
  parseTableFile(buffer, fileName, MAX_IMPORT_ROWS);

/** Column names (lower case, without spaces and punctuation) that name an import field, German and English. */
const FIELD_NAMES: Record<ImportField, readonly string[]> = {
  email: ['email', 'emailadresse', 'emailaddress', 'mail', 'e-mail', 'mailadresse'],
  firstName: ['firstname', 'vorname', 'givenname', 'first'],
  lastName: ['lastname', 'nachname', 'name', 'surname', 'familienname', 'last'],
  salutation: ['salutation', 'anrede'],
  title: ['title', 'titel'],
  language: ['language', 'sprache', 'lang'],
};

/** The mapping guessed from the column names: each field → the first column that names it, or null. */
export function guessMapping(columns: readonly string[]): Record<ImportField, number | null> {
  const guessed = guessColumns(columns, FIELD_NAMES);
  return Object.fromEntries(IMPORT_FIELDS.map((field) => [field, guessed[field] ?? null])) as Record<
    ImportField,
    number | null
  >;
}
