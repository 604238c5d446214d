import { MOBILE_FEATURES } from '../features/mobile.ts';
import { loadMessagesOf } from '../locales/load.ts';
import type { Messages } from '../locales/merge.ts';
import {
  OFFERED_LANGUAGES,
  TRANSLATED_LANGUAGES,
  initialLanguage,
  rememberLanguage,
  type TranslatedLanguage,
} from './language.ts';

/**
 * The traveller and driver app's translations, without i18next (its first load stays small): the shell's
 * messages and those of the features with phone screens, in react-admin's format — `%{name}` placeholders and
 * `one |||| other` plurals, chosen by the language's plural rule as i18next does for the back office (a form
 * other than "one" takes the second). Untranslated languages show English, like the back office.
 */
const isTranslated = (language: string): language is TranslatedLanguage =>
  (TRANSLATED_LANGUAGES as readonly string[]).includes(language);

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A message of `messages` with its placeholders filled in and, with `smart_count`, its plural form chosen. */
export function translateWith(
  messages: Messages,
  locale: string,
  key: string,
  options: Record<string, unknown> = {},
): string {
  const { _: fallback, ...values } = options;
  const text = lookup(messages, key) ?? (typeof fallback === 'string' ? fallback : key);
  const forms = text.split(' |||| ');
  const count = values.smart_count;
  const form =
    forms.length > 1 && typeof count === 'number'
      ? (forms[new Intl.PluralRules(locale).select(count) === 'one' ? 0 : 1] ?? forms[0]!)
      : forms[0]!;
  return form.replace(/%\{([a-zA-Z0-9-_]*)\}/g, (match, name: string) =>
    values[name] === undefined ? match : String(values[name]),
  );
}

async function messagesOf(locale: string): Promise<Messages> {
  return loadMessagesOf(isTranslated(locale) ? locale : 'en', MOBILE_FEATURES);
}

/** The phone app's translations (react-admin's I18nProvider, as far as the phone screens use it). */
export type MobileI18n = {
  translate: (key: string, options?: Record<string, unknown>) => string;
  changeLocale: (locale: string) => Promise<void>;
  getLocale: () => string;
  getLocales: () => Array<{ locale: string; name: string }>;
};

let started: Promise<MobileI18n> | null = null;

/** Starts loading the app's messages in the chosen language (at the page's start, beside the shell's chunk). */
export function startMobileI18n(): Promise<MobileI18n> {
  started ??= (async () => {
    let locale = initialLanguage();
    let messages = await messagesOf(locale);
    document.documentElement.lang = locale;
    return {
      translate: (key: string, options?: Record<string, unknown>) => translateWith(messages, locale, key, options),
      changeLocale: async (next: string) => {
        messages = await messagesOf(next);
        locale = next;
        rememberLanguage(next);
        document.documentElement.lang = next;
      },
      getLocale: () => locale,
      getLocales: () => [...OFFERED_LANGUAGES],
    };
  })();
  return started;
}
