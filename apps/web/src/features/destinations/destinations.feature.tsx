import { Route } from 'react-router-dom';
import PublicIcon from '@mui/icons-material/Public';
import { type FeatureModule, type LocaleFile, areaRights, localeLoaders, lazyPage } from '../../lib/feature.ts';

const list = () => import('./destination-list.tsx');
const pages = () => import('./destination-pages.tsx');
const DestinationList = lazyPage(list, (m) => m.DestinationList);
const DestinationCreate = lazyPage(pages, (m) => m.DestinationCreate);
const DestinationEdit = lazyPage(pages, (m) => m.DestinationEdit);
const DestinationCopy = lazyPage(pages, (m) => m.DestinationCopy);

/** Destinations (/internet/destinations): name, state, countries and SEO content, under the internet rights. */
export const destinationsFeature: FeatureModule = {
  name: 'destinations',
  resources: [
    {
      name: 'internet/destinations',
      api: { read: '/journey/destination', permissions: areaRights('internet') },
      icon: PublicIcon,
      list: DestinationList,
      create: DestinationCreate,
      edit: DestinationEdit,
      recordRepresentation: 'name',
      routes: <Route path="copy/:id?/*" element={<DestinationCopy />} />,
    },
  ],
  menu: [
    {
      key: 'destinations',
      group: 'trips',
      to: '/internet/destinations',
      permissions: ['internet-read'],
      icon: PublicIcon,
    },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
  readOnlyFields: ['journey_count', 'id_jrn_destination', 'pictureUrl', 'pictureThumbUrl'],
};
