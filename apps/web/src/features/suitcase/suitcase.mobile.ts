import { type LocaleFile, type MobileFeature, lazyPage, localeLoaders } from '../../lib/feature.ts';
import { LuggageIcon } from '../../lib/mobile-icons.tsx';

const SuitcaseJourneys = lazyPage(
  () => import('./suitcase-journeys.tsx'),
  (m) => m.SuitcaseJourneys,
);
const SuitcaseScreen = lazyPage(
  () => import('./suitcase-screen.tsx'),
  (m) => m.SuitcaseScreen,
);

/** The suitcase on the phone: the journeys to pack for and each journey's list (offline too). */
export const suitcaseMobile: MobileFeature = {
  name: 'suitcase',
  mobileRoutes: [
    { path: '/appuser/PackSuitcase', component: SuitcaseJourneys, permissions: ['PackSuitcase-read'] },
    { path: '/appuser/PackSuitcase/:id', component: SuitcaseScreen, permissions: ['PackSuitcase-read'] },
  ],
  mobileMenu: [
    { key: 'suitcase', to: '/appuser/PackSuitcase', permissions: ['PackSuitcase-read'], icon: LuggageIcon, order: 30 },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
