import type { TranslationMessages } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { raGerman } from './de.ts';
import { raEnglish } from './en.ts';
import { raSpanish } from './es.ts';
import { raRussian } from './ru.ts';

/** Separator between plural forms, exactly as ra-i18n-i18next's converter splits on it. */
const PLURAL_SEPARATOR = ' |||| ';

/**
 * Placeholders react-admin passes side by side to the same message, so a translation may use either.
 * ra.sort.sort_by gets both `field` and `field_lower_first` (DatagridHeaderCell, DataTableHeadCell, SortButton);
 * German must keep the capital letter of its nouns, so it uses `field`.
 */
const INTERCHANGEABLE_PLACEHOLDERS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'ra.sort.sort_by': { field: 'field_lower_first' },
};

function collectLeaves(node: object, prefix: string, leaves: Map<string, unknown>): Map<string, unknown> {
  const entries: [string, unknown][] = Object.entries(node);
  for (const [key, value] of entries) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'object' && value !== null) {
      collectLeaves(value, path, leaves);
    } else {
      leaves.set(path, value);
    }
  }
  return leaves;
}

function leavesOf(messages: TranslationMessages): Map<string, unknown> {
  return collectLeaves(messages, '', new Map());
}

function placeholdersOf(key: string, message: string): string[] {
  const aliases = INTERCHANGEABLE_PLACEHOLDERS[key] ?? {};
  const names = [...message.matchAll(/%\{([A-Za-z0-9_-]+)\}/g)].map(([, name = '']) => aliases[name] ?? name);
  return [...new Set(names)].sort();
}

function pluralForms(message: string): string[] {
  return message.split('||||');
}

const english = leavesOf(raEnglish);
const englishKeys = [...english.keys()];

function englishText(key: string): string {
  const text = english.get(key);
  if (typeof text !== 'string') throw new Error(`English message ${key} is not a string`);
  return text;
}

const languages: { lang: string; messages: TranslationMessages; maxPluralForms: number }[] = [
  { lang: 'de', messages: raGerman, maxPluralForms: 2 },
  { lang: 'es', messages: raSpanish, maxPluralForms: 2 },
  // node-polyglot picks among three forms for Russian (one, few, many).
  { lang: 'ru', messages: raRussian, maxPluralForms: 3 },
];

describe('English reference messages', () => {
  it('are a non-trivial set of string leaves', () => {
    expect(englishKeys.length).toBeGreaterThan(100);
    for (const key of englishKeys) expect(typeof english.get(key), key).toBe('string');
  });
});

describe.each(languages)('react-admin messages ($lang)', ({ lang, messages, maxPluralForms }) => {
  const translated = leavesOf(messages);

  function translatedText(key: string): string {
    const text = translated.get(key);
    if (typeof text !== 'string') throw new Error(`${lang}: ${key} is ${text === undefined ? 'missing' : typeof text}`);
    return text;
  }

  it('has exactly the leaf keys of English (no missing, no extra)', () => {
    const missing = englishKeys.filter((key) => !translated.has(key));
    const extra = [...translated.keys()].filter((key) => !english.has(key));
    expect(missing, `${lang}: missing keys`).toEqual([]);
    expect(extra, `${lang}: extra keys`).toEqual([]);
  });

  it.each(englishKeys)('%s is a non-empty string', (key) => {
    const text = translatedText(key);
    expect(text.length, `${lang}: ${key}`).toBeGreaterThan(0);
  });

  it.each(englishKeys)('%s uses the same %{placeholders} as English', (key) => {
    expect(placeholdersOf(key, translatedText(key)), `${lang}: ${key}`).toEqual(placeholdersOf(key, englishText(key)));
  });

  it.each(englishKeys)('%s has plural forms exactly where English has them', (key) => {
    const text = translatedText(key);
    if (!englishText(key).includes('||||')) {
      expect(text, `${lang}: ${key} must not be pluralized`).not.toContain('||||');
      return;
    }
    expect(text, `${lang}: ${key} must be pluralized`).toContain('||||');
    const forms = pluralForms(text);
    expect(forms.length, `${lang}: ${key} plural forms`).toBeGreaterThanOrEqual(2);
    expect(forms.length, `${lang}: ${key} plural forms`).toBeLessThanOrEqual(maxPluralForms);
    expect(text.split(PLURAL_SEPARATOR).length, `${lang}: ${key} separator must be "${PLURAL_SEPARATOR}"`).toBe(
      forms.length,
    );
    for (const form of forms) expect(form.trim(), `${lang}: ${key} empty plural form`).not.toBe('');
  });
});
