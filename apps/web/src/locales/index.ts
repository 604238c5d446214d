import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import { FEATURES } from '../features/index.ts';
import type { TranslatedLanguage } from '../lib/i18n.ts';
import { mergeMessages, type Messages } from './merge.ts';

/** One chunk per language for the shell's messages; the features' messages load beside it. */
const SHELL: Record<TranslatedLanguage, () => Promise<{ messages: Messages }>> = {
  en: () => import('./en.ts'),
  de: () => import('./de.ts'),
  es: () => import('./es.ts'),
  ru: () => import('./ru.ts'),
};

/** Every message of `language`: the shell's and each feature's, loaded in parallel and merged. */
export async function messagesFor(language: TranslatedLanguage): Promise<Messages> {
  const [shell, ...features] = await Promise.all([
    SHELL[language](),
    ...FEATURES.map((feature) => feature.messages[language]()),
  ]);
  return mergeMessages(shell.messages, ...features.map((feature) => feature.default));
}

export async function loadMessages(language: TranslatedLanguage): Promise<object> {
  return convertRaTranslationsToI18next(await messagesFor(language));
}
