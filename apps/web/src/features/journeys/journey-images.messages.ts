import type { FeatureModule, LocaleFile } from '../../lib/feature.ts';

const files = import.meta.glob<LocaleFile>('./locales/images.*.json');
const file = (language: string) => files[`./locales/images.${language}.json`]!;

/**
 * The images tab's translations (`journeys.images.*`), one lazy chunk per language. The journeys feature module
 * adds them to its own: `messages: combineMessages(localeLoaders(…), journeyImagesMessages)`.
 */
export const journeyImagesMessages: FeatureModule['messages'] = {
  en: file('en'),
  de: file('de'),
  es: file('es'),
  ru: file('ru'),
};
