import { type FeatureModule, type LocaleFile, localeLoaders } from '../../lib/feature.ts';

/**
 * The texts of the debug page (/debug, superadmins; issue #18 item 5). The page itself is the shell's
 * (pages/debug-page.tsx, reached from the user menu); its server sections live in debug-sections.tsx.
 */
export const debugFeature: FeatureModule = {
  name: 'debug',
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
