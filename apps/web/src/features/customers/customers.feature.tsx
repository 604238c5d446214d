import { Route } from 'react-router-dom';
import PeopleIcon from '@mui/icons-material/People';
import { type FeatureModule, type LocaleFile, areaRights, localeLoaders, lazyPage } from '../../lib/feature.ts';

const pages = () => import('./customer-pages.tsx');
const list = () => import('./customer-list.tsx');
const portal = () => import('./agency-customer-pages.tsx');

const CustomerList = lazyPage(list, (m) => m.CustomerList);
const CustomerCreate = lazyPage(pages, (m) => m.CustomerCreate);
const CustomerEdit = lazyPage(pages, (m) => m.CustomerEdit);
const CustomerCopy = lazyPage(pages, (m) => m.CustomerCopy);
const AgencyCustomerList = lazyPage(portal, (m) => m.AgencyCustomerList);
const AgencyCustomerCreate = lazyPage(portal, (m) => m.AgencyCustomerCreate);
const AgencyCustomerEdit = lazyPage(portal, (m) => m.AgencyCustomerEdit);
const AgencyCustomerShow = lazyPage(portal, (m) => m.AgencyCustomerShow);

const hasAgency = (user: { vc_card: { agencyId: number | null } }) => user.vc_card.agencyId !== null;

/**
 * Customers (/customers, with /customers/copy/{id}) and the agency portal's own customers (/agencies/customers,
 * listed by the booking system's agency call). Drivers have a feature of their own (features/drivers).
 */
export const customersFeature: FeatureModule = {
  name: 'customers',
  resources: [
    {
      name: 'customers',
      api: { read: '/customers', permissions: areaRights('customers') },
      icon: PeopleIcon,
      list: CustomerList,
      create: CustomerCreate,
      edit: CustomerEdit,
      recordRepresentation: 'name',
      routes: <Route path="copy/:id?/*" element={<CustomerCopy />} />,
    },
    {
      // More specific than the agencies' `/agencies/:id`, so the router prefers it.
      name: 'agencies/customers',
      api: {
        read: '/customers',
        list: '/ratio/api/agencies/',
        paging: 'offset',
        permissions: areaRights('agencydata'),
      },
      icon: PeopleIcon,
      list: AgencyCustomerList,
      create: AgencyCustomerCreate,
      edit: AgencyCustomerEdit,
      show: AgencyCustomerShow,
      recordRepresentation: 'name',
    },
  ],
  menu: [
    { key: 'customers', group: 'customers', to: '/customers', permissions: ['customers-read'], icon: PeopleIcon },
    {
      key: 'agencyCustomers',
      group: 'agency',
      to: '/agencies/customers',
      permissions: ['agencydata-read'],
      icon: PeopleIcon,
      usable: hasAgency,
    },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
  readOnlyFields: ['agencyName'],
};
