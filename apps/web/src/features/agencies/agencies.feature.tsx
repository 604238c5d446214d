import BusinessIcon from '@mui/icons-material/Business';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { type FeatureModule, type LocaleFile, localeLoaders, onlyRight, lazyPage } from '../../lib/feature.ts';

const admin = () => import('./agency-pages.tsx');

const AgencyList = lazyPage(admin, (m) => m.AgencyList);
const AgencyCreate = lazyPage(admin, (m) => m.AgencyCreate);
const AgencyEdit = lazyPage(admin, (m) => m.AgencyEdit);
const MyAgencyPage = lazyPage(
  () => import('./my-agency-page.tsx'),
  (m) => m.MyAgencyPage,
);

/** Travel agencies (/agencies, admins; the organizations of type 1) and an agency user's own agency page. */
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
  routes: [{ path: '/agencies/myProfile', component: MyAgencyPage, permissions: ['agencydata-read'] }],
  menu: [
    { key: 'agencies', group: 'agency', to: '/agencies', permissions: ['admin'], icon: BusinessIcon },
    {
      key: 'myAgency',
      group: 'agency',
      to: '/agencies/myProfile',
      permissions: ['agencydata-read'],
      icon: StorefrontIcon,
      usable: (user) => user.vc_card.agencyId !== null,
    },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
  readOnlyFields: ['userCount', 'customerCount'],
};
