import { type FeatureModule, type LocaleFile, localeLoaders } from '../../lib/feature.ts';

/** The image database (issue #15): libraries, upload, trash, history, and the picker other features use. */
export const imagesFeature: FeatureModule = {
  name: 'images',
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
