import { type LocaleFile, type MobileFeature, lazyPage, localeLoaders } from '../../lib/feature.ts';
import { HistoryIcon, LuggageIcon, ReceiptLongIcon } from '../../lib/mobile-icons.tsx';
import { fetchTrips } from '../../shared/traveller-trips.ts';
import { tripsKey } from './trip-keys.ts';

const listScreens = () => import('./journey-list.tsx');
const JourneysScreen = lazyPage(listScreens, (m) => m.JourneysScreen);
const HistoryScreen = lazyPage(listScreens, (m) => m.HistoryScreen);
const detailScreens = () => import('./journey-detail.tsx');
const ActiveJourneyScreen = lazyPage(detailScreens, (m) => m.ActiveJourneyScreen);
const PastJourneyScreen = lazyPage(detailScreens, (m) => m.PastJourneyScreen);
const processScreens = () => import('./process-screens.tsx');
const ProcessListScreen = lazyPage(processScreens, (m) => m.ProcessListScreen);
const ProcessDetailScreen = lazyPage(processScreens, (m) => m.ProcessDetailScreen);

/** The traveller's trips on the phone: coming and past trips, a journey, the processes. */
export const myJourneysMobile: MobileFeature = {
  name: 'my-journeys',
  mobileRoutes: [
    {
      path: '/appuser/aktJourneys',
      component: JourneysScreen,
      permissions: ['myJourneys-read'],
      // The first screen of most visits: the trips are asked for with the page, not after the shell rendered.
      prefetch: { queryKey: tripsKey('active'), queryFn: () => fetchTrips('active') },
      plain: true,
    },
    { path: '/appuser/aktJourneys/:id', component: ActiveJourneyScreen, permissions: ['myJourneys-read'] },
    {
      path: '/appuser/historyjourneys',
      component: HistoryScreen,
      permissions: ['myJourneys-read'],
      prefetch: { queryKey: tripsKey('past'), queryFn: () => fetchTrips('past') },
      plain: true,
    },
    {
      path: '/appuser/historyjourneys/:id',
      component: PastJourneyScreen,
      permissions: ['myJourneys-read'],
    },
    { path: '/appuser/process', component: ProcessListScreen, permissions: ['app-process-read'] },
    { path: '/appuser/process/:id', component: ProcessDetailScreen, permissions: ['app-process-read'] },
  ],
  mobileMenu: [
    { key: 'journeys', to: '/appuser/aktJourneys', permissions: ['myJourneys-read'], icon: LuggageIcon, order: 10 },
    {
      key: 'history',
      to: '/appuser/historyjourneys',
      permissions: ['myJourneys-read'],
      icon: HistoryIcon,
      order: 60,
    },
    { key: 'process', to: '/appuser/process', permissions: ['app-process-read'], icon: ReceiptLongIcon, order: 70 },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
