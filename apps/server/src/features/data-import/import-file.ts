import type { DataImportField } from '@tourdesk/contracts';
import { guessColumns, parseTableFile, type ParsedTable } from '../../lib/table-file.ts';

export type { ParsedTable };

/** Rows one import may hold. */
export const MAX_DATA_IMPORT_ROWS = 300_000;

/** Reads an uploaded customer file (lib/table-file.ts); null for an unreadable, empty or too large one. */
export const parseDataImportFile = (buffer: Buffer, fileName: string): Promise<ParsedTable | null> =>
  parseTableFile(buffer, fileName, MAX_DATA_IMPORT_ROWS);

/** Column names (lower case, letters and digits only) that name an import field, German and English. */
const FIELD_NAMES: Record<DataImportField, readonly string[]> = {
  salutation: ['anrede', 'salutation'],
  title: ['titel', 'title'],
  firstName: ['vorname', 'firstname', 'givenname', 'first'],
  lastName: ['nachname', 'lastname', 'name', 'surname', 'familienname', 'last'],
  street: ['strasse', 'straße', 'street', 'adresse', 'address', 'strassehausnummer'],
  zip: ['plz', 'zip', 'postleitzahl', 'postcode', 'zipcode'],
  city: ['ort', 'stadt', 'city', 'wohnort'],
  country: ['land', 'country'],
  email: ['email', 'emailadresse', 'emailaddress', 'mail', 'mailadresse'],
  phone: ['telefon', 'phone', 'tel', 'telefonnummer', 'festnetz'],
  mobile: ['mobil', 'handy', 'mobile', 'mobiltelefon', 'cell'],
  birthday: ['geburtstag', 'geburtsdatum', 'birthday', 'dateofbirth', 'birthdate'],
  ratio_id: ['ratioid', 'ratio', 'kundennummer', 'kennziffer'],
  kuschick_id: ['kuschickid', 'kuschick'],
  newsletter: ['newsletter'],
};

/** The mapping guessed from the column names: each field → the first column that names it. */
export const guessDataImportMapping = (columns: readonly string[]): Partial<Record<DataImportField, number>> =>
  guessColumns(columns, FIELD_NAMES);
