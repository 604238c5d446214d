import { Resource } from 'react-admin';
import BusinessIcon from '@mui/icons-material/Business';
import PeopleIcon from '@mui/icons-material/People';
import { lazy } from 'react';

const admin = () => import('./agency-pages.tsx');
const portal = () => import('./agency-customer-pages.tsx');

const AgencyList = lazy(() => admin().then((m) => ({ default: m.AgencyList })));
const AgencyCreate = lazy(() => admin().then((m) => ({ default: m.AgencyCreate })));
const AgencyEdit = lazy(() => admin().then((m) => ({ default: m.AgencyEdit })));
const AgencyCustomerList = lazy(() => portal().then((m) => ({ default: m.AgencyCustomerList })));
const AgencyCustomerCreate = lazy(() => portal().then((m) => ({ default: m.AgencyCustomerCreate })));
const AgencyCustomerEdit = lazy(() => portal().then((m) => ({ default: m.AgencyCustomerEdit })));
const AgencyCustomerShow = lazy(() => portal().then((m) => ({ default: m.AgencyCustomerShow })));

/** The agency page of the portal (/agencies/myProfile), a custom route inside the layout. */
export const MyAgencyPage = lazy(() => import('./my-agency-page.tsx').then((m) => ({ default: m.MyAgencyPage })));

/**
 * Agencies (/agencies, admins) and the agency portal's customers (/agencies/customers, agency users).
 * The portal's paths are more specific than the agencies' `/agencies/:id`, so the router prefers them.
 */
export const agenciesResources = [
  <Resource
    key="agencies"
    name="agencies"
    list={AgencyList}
    create={AgencyCreate}
    edit={AgencyEdit}
    icon={BusinessIcon}
    recordRepresentation="name"
  />,
  <Resource
    key="agencies/customers"
    name="agencies/customers"
    list={AgencyCustomerList}
    create={AgencyCustomerCreate}
    edit={AgencyCustomerEdit}
    show={AgencyCustomerShow}
    icon={PeopleIcon}
    recordRepresentation="name"
  />,
];
