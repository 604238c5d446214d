import { useEffect, useState } from 'react';
import i18next, { type i18n, type TOptions } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import type { I18nProvider } from 'react-admin';
import {
  OFFERED_LANGUAGES,
  TRANSLATED_LANGUAGES,
  initialLanguage,
  rememberLanguage,
  type TranslatedLanguage,
} from './language.ts';

export { OFFERED_LANGUAGES, TRANSLATED_LANGUAGES, initialLanguage, rememberLanguage, type TranslatedLanguage };

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

/**
 * react-admin's i18n provider on an i18next instance (what ra-i18n-i18next's `getI18nProvider` does, written out
 * here so the traveller app's first load does not carry ra-i18n-i18next, react-i18next and lodash).
 */
async function i18nProviderOn(
  instance: i18n,
  options: typeof I18NEXT_OPTIONS,
  locales: ReadonlyArray<{ locale: string; name: string }>,
): Promise<I18nProvider> {
  let translate = await instance.init({ ...options });
  return {
    translate: (key: string, values: Record<string, unknown> = {}) => {
      const { _: defaultValue, smart_count: count, ...others } = values ?? {};
      // react-admin's `_` (the text when the key is missing) and `smart_count` (plurals) in i18next's words.
      const options: TOptions = {
        ...others,
        ...(typeof defaultValue === 'string' ? { defaultValue } : {}),
        ...(typeof count === 'number' ? { count, smart_count: count } : {}),
      };
      return String(translate(key, options));
    },
    changeLocale: async (locale: string) => {
      await instance.loadLanguages(locale);
      translate = await instance.changeLanguage(locale);
    },
    getLocale: () => instance.language,
    getLocales: () => [...locales],
  };
}

/** The page's one i18n provider, once it is ready (both shells share it). */
let ready: I18nProvider | null = null;
let starting: Promise<I18nProvider> | null = null;

/**
 * Starts react-admin's i18n provider on i18next: called with the app's start, so the chosen language's
 * messages load and i18next initialises beside the brand and user requests, not after a shell has mounted.
 * A language change also sets the `i18n_redirected` cookie.
 */
export function startI18n(): Promise<I18nProvider> {
  starting ??= i18nProviderOn(createI18next(), { ...I18NEXT_OPTIONS }, OFFERED_LANGUAGES).then((provider) => {
    ready = {
      ...provider,
      changeLocale: async (locale: string, options?: unknown) => {
        rememberLanguage(locale);
        await provider.changeLocale(locale, options);
        document.documentElement.lang = locale;
      },
    };
    return ready;
  });
  return starting;
}

/** The i18n provider; null until its messages are in (at once when `startI18n` finished before the shell mounted). */
export function useI18nProvider(): I18nProvider | null {
  const [provider, setProvider] = useState(() => ready);
  useEffect(() => {
    if (provider) return;
    let active = true;
    void startI18n().then((started) => {
      if (active) setProvider(started);
    });
    return () => {
      active = false;
    };
  }, [provider]);
  return provider;
}
