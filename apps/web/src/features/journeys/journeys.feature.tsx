import { Route } from 'react-router-dom';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import { type FeatureModule, type LocaleFile, areaRights, lazyPage, localeLoaders } from '../../lib/feature.ts';

const pages = () => import('./journey-pages.tsx');

const JourneyList = lazyPage(
  () => import('./journey-list.tsx'),
  (m) => m.JourneyList,
);
const JourneyCreate = lazyPage(pages, (m) => m.JourneyCreate);
const JourneyEdit = lazyPage(pages, (m) => m.JourneyEdit);
const JourneyCopy = lazyPage(
  () => import('./journey-copy-page.tsx'),
  (m) => m.JourneyCopy,
);

/**
 * Trips (/internet/journeys): the catalogue list and the eight-tab trip editor (create, {id}), and
 * copy/{id}, which copies a journey on the server with its dates shifted. Everything under `internet-*`.
 */
export const journeysFeature: FeatureModule = {
  name: 'journeys',
  resources: [
    {
      name: 'internet/journeys',
      api: { read: '/journey-lit', permissions: areaRights('internet') },
      icon: TravelExploreIcon,
      list: JourneyList,
      create: JourneyCreate,
      edit: JourneyEdit,
      recordRepresentation: 'title',
      routes: <Route path="copy/:id/*" element={<JourneyCopy />} />,
    },
  ],
  menu: [
    {
      key: 'journeys',
      group: 'trips',
      to: '/internet/journeys',
      permissions: ['internet-read'],
      icon: TravelExploreIcon,
    },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
  readOnlyFields: ['categoryName', 'destinationName', 'organizationName', 'nextDate', 'dateCount', 'id_jrn_journey'],
};
