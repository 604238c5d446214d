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
