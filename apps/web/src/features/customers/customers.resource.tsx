import { Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import DirectionsBusIcon from '@mui/icons-material/DirectionsBus';
import PeopleIcon from '@mui/icons-material/People';
import { lazy } from 'react';

const pages = () => import('./customer-pages.tsx');
const list = () => import('./customer-list.tsx');

const CustomerList = lazy(() => list().then((m) => ({ default: m.CustomerList })));
const DriverList = lazy(() => list().then((m) => ({ default: m.DriverList })));
const CustomerCreate = lazy(() => pages().then((m) => ({ default: m.CustomerCreate })));
const CustomerEdit = lazy(() => pages().then((m) => ({ default: m.CustomerEdit })));
const CustomerCopy = lazy(() => pages().then((m) => ({ default: m.CustomerCopy })));
const DriverCreate = lazy(() => pages().then((m) => ({ default: m.DriverCreate })));

/** Customers (/customers, with /customers/copy/{id}) and drivers (/customers/drivers, edited as customers). */
export const customersResources = [
  <Resource
    key="customers"
    name="customers"
    list={CustomerList}
    create={CustomerCreate}
    edit={CustomerEdit}
    icon={PeopleIcon}
    recordRepresentation="name"
  >
    <Route path="copy/:id?/*" element={<CustomerCopy />} />
  </Resource>,
  <Resource
    key="customers/drivers"
    name="customers/drivers"
    list={DriverList}
    create={DriverCreate}
    icon={DirectionsBusIcon}
    recordRepresentation="name"
  />,
];
