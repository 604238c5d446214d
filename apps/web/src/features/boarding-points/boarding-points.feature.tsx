import { Route } from 'react-router-dom';
import PlaceIcon from '@mui/icons-material/Place';
import LinearScaleIcon from '@mui/icons-material/LinearScale';
import { type FeatureModule, type LocaleFile, areaRights, localeLoaders, lazyPage } from '../../lib/feature.ts';

const stopPages = () => import('./boarding-point-pages.tsx');
const stopList = () => import('./boarding-point-list.tsx');
const groupPages = () => import('./stop-group-pages.tsx');

const BoardingPointList = lazyPage(stopList, (m) => m.BoardingPointList);
const BoardingPointCreate = lazyPage(stopPages, (m) => m.BoardingPointCreate);
const BoardingPointEdit = lazyPage(stopPages, (m) => m.BoardingPointEdit);
const StopGroupList = lazyPage(groupPages, (m) => m.StopGroupList);
const StopGroupCreate = lazyPage(groupPages, (m) => m.StopGroupCreate);
const StopGroupEdit = lazyPage(groupPages, (m) => m.StopGroupEdit);
const StopGroupCopy = lazyPage(groupPages, (m) => m.StopGroupCopy);

/**
 * Boarding points (/zustiege, with a map of each stop) and stop groups (/zustiege/gruppen: named, ordered lists
 * of boarding points that journeys offer), under the internet rights (spec §2).
 */
export const boardingPointsFeature: FeatureModule = {
  name: 'boarding-points',
  resources: [
    {
      name: 'zustiege',
      api: { read: '/zustiege-lit', permissions: areaRights('internet') },
      icon: PlaceIcon,
      list: BoardingPointList,
      create: BoardingPointCreate,
      edit: BoardingPointEdit,
      recordRepresentation: 'name',
    },
    {
      // More specific than `/zustiege/:id`, so the router prefers it.
      name: 'zustiege/gruppen',
      api: { read: '/zustiege-gruppen-lit', permissions: areaRights('internet') },
      icon: LinearScaleIcon,
      list: StopGroupList,
      create: StopGroupCreate,
      edit: StopGroupEdit,
      recordRepresentation: 'name',
      routes: <Route path="copy/:id?/*" element={<StopGroupCopy />} />,
    },
  ],
  menu: [
    { key: 'boardingPoints', group: 'trips', to: '/zustiege', permissions: ['internet-read'], icon: PlaceIcon },
    {
      key: 'boardingGroups',
      group: 'trips',
      to: '/zustiege/gruppen',
      permissions: ['internet-read'],
      icon: LinearScaleIcon,
    },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
