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

/** The normalised words of a `lit-search` query (at most 8, duplicates removed). */
export function searchWords(query: string | undefined | null): string[] {
  if (!query) return [];
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
