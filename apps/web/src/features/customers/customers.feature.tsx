import { Route } from 'react-router-dom';
import DirectionsBusIcon from '@mui/icons-material/DirectionsBus';
import PeopleIcon from '@mui/icons-material/People';
import { type FeatureModule, type LocaleFile, areaRights, localeLoaders, lazyPage } from '../../lib/feature.ts';

const pages = () => import('./customer-pages.tsx');
const list = () => import('./customer-list.tsx');
const portal = () => import('./agency-customer-pages.tsx');

const CustomerList = lazyPage(list, (m) => m.CustomerList);
const DriverList = lazyPage(list, (m) => m.DriverList);
const CustomerCreate = lazyPage(pages, (m) => m.CustomerCreate);
const CustomerEdit = lazyPage(pages, (m) => m.CustomerEdit);
const CustomerCopy = lazyPage(pages, (m) => m.CustomerCopy);
const DriverCreate = lazyPage(pages, (m) => m.DriverCreate);
const AgencyCustomerList = lazyPage(portal, (m) => m.AgencyCustomerList);
const AgencyCustomerCreate = lazyPage(portal, (m) => m.AgencyCustomerCreate);
const AgencyCustomerEdit = lazyPage(portal, (m) => m.AgencyCustomerEdit);
const AgencyCustomerShow = lazyPage(portal, (m) => m.AgencyCustomerShow);

const hasAgency = (user: { vc_card: { agencyId: number | null } }) => user.vc_card.agencyId !== null;

/**
 * Customers (/customers, with /customers/copy/{id}), drivers (/customers/drivers, edited as customers) and
 * the agency portal's own customers (/agencies/customers, listed by the booking system's agency call).
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
      // Drivers are customers flagged as drivers; a new one gets a driver login (POST /registration-driver).
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
      recordRepresentation: 'name',
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
      key: 'drivers',
      group: 'customers',
      to: '/customers/drivers',
      permissions: ['user-read'],
      icon: DirectionsBusIcon,
    },
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
