import BusinessIcon from '@mui/icons-material/Business';
import PercentIcon from '@mui/icons-material/Percent';
import StorefrontIcon from '@mui/icons-material/Storefront';
import {
  type FeatureModule,
  type LocaleFile,
  type MenuUser,
  localeLoaders,
  onlyRight,
  lazyPage,
} from '../../lib/feature.ts';

const admin = () => import('./agency-pages.tsx');

const AgencyList = lazyPage(admin, (m) => m.AgencyList);
const AgencyCreate = lazyPage(admin, (m) => m.AgencyCreate);
const AgencyEdit = lazyPage(admin, (m) => m.AgencyEdit);
const MyAgencyPage = lazyPage(
  () => import('./my-agency-page.tsx'),
  (m) => m.MyAgencyPage,
);
const ProvisionPage = lazyPage(
  () => import('./provision-page.tsx'),
  (m) => m.ProvisionPage,
);

const hasAgency = (user: MenuUser) => user.vc_card.agencyId !== null;

/**
 * Travel agencies (/agencies, admins; the organizations of type 1, with their bookings, commission rates, commission
 * statement and collective invoices), an agency user's own agency page and its commission statement and collective
 * invoices (/agencies/provision).
 */
export const agenciesFeature: FeatureModule = {
  name: 'agencies',
  resources: [
    {
      name: 'agencies',
      api: { read: '/organization', fixedFilter: { type: 1 }, permissions: onlyRight('admin') },
      icon: BusinessIcon,
      list: AgencyList,
      create: AgencyCreate,
      edit: AgencyEdit,
      recordRepresentation: 'name',
    },
  ],
  routes: [
    { path: '/agencies/myProfile', component: MyAgencyPage, permissions: ['agencydata-read'] },
    { path: '/agencies/provision', component: ProvisionPage, permissions: ['agencydata-read'] },
  ],
  menu: [
    { key: 'agencies', group: 'agency', to: '/agencies', permissions: ['admin'], icon: BusinessIcon },
    {
      key: 'myAgency',
      group: 'agency',
      to: '/agencies/myProfile',
      permissions: ['agencydata-read'],
      icon: StorefrontIcon,
      usable: hasAgency,
    },
    {
      key: 'agencyCommission',
      group: 'agency',
      to: '/agencies/provision',
      permissions: ['agencydata-read'],
      icon: PercentIcon,
      usable: hasAgency,
    },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
  readOnlyFields: ['userCount', 'customerCount'],
};
