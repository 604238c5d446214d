import { type FeatureModule, type LocaleFile, lazyPage, localeLoaders } from '../../lib/feature.ts';

const DeparturePage = lazyPage(
  () => import('./departure-page.tsx'),
  (m) => m.DeparturePage,
);
const OccupancyPage = lazyPage(
  () => import('./occupancy-page.tsx'),
  (m) => m.OccupancyPage,
);

/**
 * Departures: a journey date planned for sale (/internet/journeys/{id}/dates/{nr}: coaches with seat plans,
 * travel stops, pools, alerts and the seat picker) and the occupancy of a journey's dates
 * (/internet/journeys/{id}/occupancy). Both are reached from the trip editor's dates tab.
 */
export const departuresFeature: FeatureModule = {
  name: 'departures',
  routes: [
    { path: '/internet/journeys/:id/dates/:nr/*', component: DeparturePage, permissions: ['internet-read'] },
    { path: '/internet/journeys/:id/occupancy', component: OccupancyPage, permissions: ['internet-read'] },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
