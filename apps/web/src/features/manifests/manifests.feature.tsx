import { type FeatureModule, type LocaleFile, localeLoaders } from '../../lib/feature.ts';

/**
 * Manifests of a departure (boarding list, seat manifest, participant and rooming lists): no screen of their
 * own; `ManifestDownloads` (shared/manifest-downloads.tsx, since features never import each other) sits in the
 * departure screen's "Lists" tab. This module brings its translations.
 */
export const manifestsFeature: FeatureModule = {
  name: 'manifests',
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
