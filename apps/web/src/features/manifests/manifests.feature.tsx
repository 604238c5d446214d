import { type FeatureModule, type LocaleFile, localeLoaders } from '../../lib/feature.ts';

/**
 * Manifests of a departure (boarding list, seat manifest, participant and rooming lists): no screen of their
 * own; `ManifestDownloads` sits in the departure screen. This module brings its translations.
 */
export const manifestsFeature: FeatureModule = {
  name: 'manifests',
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
