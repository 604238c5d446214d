/**
 * Normalisation for case- and accent-insensitive search: lower case, diacritics removed, ß → ss.
 * The server stores every searchable record's text in this form and normalises the query the same way,
 * so "muller", "MÜLL" and "Müller" all find Müller on SQLite and PostgreSQL alike.
 */
export function normalizeSearchText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/œ/g, 'oe')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The sort key of a name after DIN 5007 (variant 1, the dictionary order): umlauts sort as their base letter
 * (ä → a, ö → o, ü → u), ß as ss, case and other accents are ignored. "Öztürk" sorts before "Zimmermann".
 * Lists keep this key in a column of its own, written with the name, so both databases sort the same.
 */
export const dinSortKey = (value: string | null | undefined): string => normalizeSearchText(value ?? '');

/**
 * A query made only of digits and the usual separators of a phone number, with at least six digits, that starts
 * like one (`+`, `0`) or is written like one (`/`, `-`). "200169 90402" (a customer number and a zip) is not.
 */
const PHONE_LIKE = /^\+?[\d\s/().-]+$/;
const PHONE_WRITTEN = /^\s*[+0(]|[/-]/;
const DEFAULT_COUNTRY_CODE = '49';

/**
 * One spelling of a phone number for searching: digits only, in the national form of the default country
 * (Germany) and with `00` for other countries. "+49 176 1962829", "0049 176 1962829", "0176 1962829",
 * "0176/1962829" and "0176-1962829" all become `01761962829`; "+43 660 1234567" becomes `00436601234567`.
 * Search texts contain this form of every phone, and a phone-like query is searched in it.
 */
export function phoneSearchKey(value: string): string {
  const trimmed = value.trim().replace(/\(0\)/g, '');
  const international = trimmed.startsWith('+') ? '00' : '';
  const digits = international + trimmed.replace(/\D/g, '');
  if (digits.startsWith(`00${DEFAULT_COUNTRY_CODE}`)) return `0${digits.slice(2 + DEFAULT_COUNTRY_CODE.length)}`;
  return digits;
}

const isPhoneLike = (query: string) =>
  PHONE_LIKE.test(query.trim()) && PHONE_WRITTEN.test(query) && query.replace(/\D/g, '').length >= 6;

/**
 * The normalised words of a `lit-search` query (at most 8, duplicates removed). A query that looks like a phone
 * number, however it is written, is one word: its `phoneSearchKey`.
 */
export function searchWords(query: string | undefined | null): string[] {
  if (!query) return [];
  if (isPhoneLike(query)) return [phoneSearchKey(query)];
  const words = normalizeSearchText(query).split(' ').filter(Boolean);
  return [...new Set(words)].slice(0, 8);
}

/** Joins the searchable values of a record into its stored search text. */
export function buildSearchText(values: ReadonlyArray<string | number | null | undefined>): string {
  return normalizeSearchText(
    values
      .filter((value) => value !== null && value !== undefined && value !== '')
      .map(String)
      .join(' '),
  );
}
