import { FEATURES } from '../features/index.ts';
import type { TranslatedLanguage } from '../lib/i18n.ts';
import type { FeatureModule } from '../lib/feature.ts';
import type { Messages } from './merge.ts';
import { loadMessagesOf } from './load.ts';

/** Every message of `language`: the shell's and each feature's (of `features`, by default all), merged. */
export const messagesFor = (language: TranslatedLanguage, features: readonly FeatureModule[] = FEATURES) =>
  loadMessagesOf(language, features);

type I18nextMessages = { [key: string]: string | I18nextMessages };

/**
 * react-admin's message format in i18next's (as ra-i18n-i18next's convertRaTranslationsToI18next, without
 * lodash): `%{name}` becomes `{{name}}`, and `one |||| other` becomes `key_one` and `key_other`.
 */
export function toI18next(messages: Messages): I18nextMessages {
  const result: I18nextMessages = {};
  const placeholders = (text: string) =>
    text.replace(/%\{([a-zA-Z0-9-_]*)\}/g, (_match, name: string) => `{{${name}}}`);
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'object') {
      result[key] = toI18next(value);
    } else if (value.includes(' |||| ')) {
      const [one = '', other = ''] = value.split(' |||| ');
      result[`${key}_one`] = placeholders(one);
      result[`${key}_other`] = placeholders(other);
    } else {
      result[key] = placeholders(value);
    }
  }
  return result;
}

export async function loadMessages(language: TranslatedLanguage): Promise<object> {
  return toI18next(await messagesFor(language));
}
