import { useMemo, useState } from 'react';
import i18next, { type i18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { useI18nextProvider } from 'ra-i18n-i18next';
import type { I18nProvider } from 'react-admin';
import { readCookie, writeCookie } from './cookies.ts';

/** The languages the switcher offers (spec §1); only en, de, es and ru are translated, the rest fall back to en. */
export const OFFERED_LANGUAGES = [
  { locale: 'en', name: 'English' },
  { locale: 'es', name: 'Español' },
  { locale: 'pt', name: 'Português' },
  { locale: 'de', name: 'Deutsch' },
  { locale: 'fr', name: 'Français' },
  { locale: 'ar', name: 'العربية' },
  { locale: 'ko', name: '한국어' },
  { locale: 'ru', name: 'Русский' },
  { locale: 'zh', name: '中文' },
  { locale: 'ja', name: '日本語' },
] as const;

export const TRANSLATED_LANGUAGES = ['en', 'de', 'es', 'ru'] as const;
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

/** The cookie that keeps the choice for 365 days; there is no language prefix in URLs. */
export const LANGUAGE_COOKIE = 'i18n_redirected';

const offered = new Set<string>(OFFERED_LANGUAGES.map((language) => language.locale));

export function initialLanguage(): string {
  const saved = readCookie(LANGUAGE_COOKIE);
  return saved && offered.has(saved) ? saved : 'en';
}

export function rememberLanguage(locale: string): void {
  if (offered.has(locale)) writeCookie(LANGUAGE_COOKIE, locale, { maxAgeDays: 365 });
}

const isTranslated = (language: string): language is TranslatedLanguage =>
  (TRANSLATED_LANGUAGES as readonly string[]).includes(language);

/**
 * One i18next instance for react-admin and the app. Each language's messages (react-admin's own and
 * the features') are a separate chunk, loaded when the language is first used.
 */
export function createI18next(): i18n {
  return i18next.createInstance().use(
    resourcesToBackend(async (language: string) => {
      if (!isTranslated(language)) return {};
      const { loadMessages } = await import('../locales/index.ts');
      return loadMessages(language);
    }),
  );
}

export const I18NEXT_OPTIONS = {
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: OFFERED_LANGUAGES.map((language) => language.locale),
  interpolation: { escapeValue: false },
  returnEmptyString: false,
} as const;

/** react-admin's i18n provider on i18next; a language change also sets the `i18n_redirected` cookie. */
export function useI18nProvider(): I18nProvider | null {
  const [instance] = useState(createI18next);
  const provider = useI18nextProvider({
    i18nextInstance: instance,
    options: I18NEXT_OPTIONS,
    availableLocales: [...OFFERED_LANGUAGES],
  });
  return useMemo(
    () =>
      provider && {
        ...provider,
        changeLocale: async (locale: string, options?: unknown) => {
          rememberLanguage(locale);
          await provider.changeLocale(locale, options);
          document.documentElement.lang = locale;
        },
      },
    [provider],
  );
}
