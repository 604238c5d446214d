import type { TranslatedLanguage } from '../lib/language.ts';
import type { FeatureModule } from '../lib/feature.ts';
import { mergeMessages, type Messages } from './merge.ts';

/** One chunk per language for the shell's messages; the features' messages load beside it. */
const SHELL: Record<TranslatedLanguage, () => Promise<{ messages: Messages }>> = {
  en: () => import('./en.ts'),
  de: () => import('./de.ts'),
  es: () => import('./es.ts'),
  ru: () => import('./ru.ts'),
};

/**
 * Every message of `language`: the shell's and those of `features`, loaded in parallel and merged. Without the
 * registry of features, so the phone app (lib/mobile-i18n.ts) passes its own (features/mobile.ts).
 */
export async function loadMessagesOf(
  language: TranslatedLanguage,
  features: readonly Pick<FeatureModule, 'messages'>[],
): Promise<Messages> {
  const [shell, ...loaded] = await Promise.all([
    SHELL[language](),
    ...features.map((feature) => feature.messages[language]()),
  ]);
  return mergeMessages(shell.messages, ...loaded.map((feature) => feature.default));
}
