import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import type { TranslatedLanguage } from '../lib/i18n.ts';
import type { Messages } from './merge.ts';

/** One chunk per language: react-admin's own messages and the app's, merged. */
const LOADERS: Record<TranslatedLanguage, () => Promise<{ messages: Messages }>> = {
  en: () => import('./en.ts'),
  de: () => import('./de.ts'),
  es: () => import('./es.ts'),
  ru: () => import('./ru.ts'),
};

export async function loadMessages(language: TranslatedLanguage): Promise<object> {
  const { messages } = await LOADERS[language]();
  return convertRaTranslationsToI18next(messages);
}
