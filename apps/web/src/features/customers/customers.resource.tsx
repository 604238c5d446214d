import { Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import PeopleIcon from '@mui/icons-material/People';
import { lazy } from 'react';

const pages = () => import('./customer-pages.tsx');
const list = () => import('./customer-list.tsx');

const CustomerList = lazy(() => list().then((m) => ({ default: m.CustomerList })));
const CustomerCreate = lazy(() => pages().then((m) => ({ default: m.CustomerCreate })));
const CustomerEdit = lazy(() => pages().then((m) => ({ default: m.CustomerEdit })));
const CustomerCopy = lazy(() => pages().then((m) => ({ default: m.CustomerCopy })));

/** Customers (/customers, with /customers/copy/{id}); drivers have their own feature (features/drivers). */
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
];
