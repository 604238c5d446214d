import DirectionsBusIcon from '@mui/icons-material/DirectionsBus';
import { type FeatureModule, type LocaleFile, areaRights, localeLoaders, lazyPage } from '../../lib/feature.ts';

const pages = () => import('./driver-pages.tsx');

const DriverList = lazyPage(
  () => import('./driver-list.tsx'),
  (m) => m.DriverList,
);
const DriverCreate = lazyPage(pages, (m) => m.DriverCreate);
const DriverShow = lazyPage(pages, (m) => m.DriverShow);

/**
 * Drivers (/customers/drivers): customers flagged as drivers, each with a traveller-app login. A driver's page
 * shows the login and its invitation; the master data is edited as the customer it is. A new driver gets a
 * driver login (POST /registration-driver).
 */
export const driversFeature: FeatureModule = {
  name: 'drivers',
  resources: [
    {
      name: 'customers/drivers',
      api: {
        read: '/customers',
        create: '/registration-driver',
        createResult: 'customer',
        fixedFilter: { driversOnly: true },
        permissions: { ...areaRights('customers'), list: ['user-read'], show: ['user-read'], create: ['user-create'] },
      },
      icon: DirectionsBusIcon,
      list: DriverList,
      create: DriverCreate,
      show: DriverShow,
      recordRepresentation: 'name',
    },
  ],
  menu: [
    {
      key: 'drivers',
      group: 'customers',
      to: '/customers/drivers',
      permissions: ['user-read'],
      icon: DirectionsBusIcon,
    },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
