import { useMemo, useState } from 'react';
import i18next, { type i18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { useI18nextProvider } from 'ra-i18n-i18next';
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

/** Starts loading the chosen language's messages before i18next asks for them (the chunks are then cached). */
export function preloadMessages(): Promise<unknown> {
  const language = initialLanguage();
  if (!isTranslated(language)) return Promise.resolve();
  return import('../locales/index.ts').then(({ loadMessages }) => loadMessages(language)).catch(() => undefined);
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
