import { describe, expect, it } from 'vitest';
import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import { messagesFor, toI18next } from './index.ts';

/** The app converts its messages itself (no ra-i18n-i18next in the first load); the result must be the same. */
describe('toI18next', () => {
  it.each(['en', 'de', 'es', 'ru'] as const)(
    'converts the %s messages exactly as ra-i18n-i18next does',
    async (language) => {
      const messages = await messagesFor(language);
      expect(toI18next(messages)).toEqual(convertRaTranslationsToI18next(messages));
    },
  );

  it('turns placeholders and plural forms into i18next’s', () => {
    expect(toI18next({ a: { b: 'Hallo %{name}', c: '%{smart_count} Reise |||| %{smart_count} Reisen' } })).toEqual({
      a: { b: 'Hallo {{name}}', c_one: '{{smart_count}} Reise', c_other: '{{smart_count}} Reisen' },
    });
  });
});
