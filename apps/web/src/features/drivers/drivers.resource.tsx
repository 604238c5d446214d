import { Resource } from 'react-admin';
import DirectionsBusIcon from '@mui/icons-material/DirectionsBus';
import { lazy } from 'react';

const pages = () => import('./driver-pages.tsx');

const DriverList = lazy(() => import('./driver-list.tsx').then((m) => ({ default: m.DriverList })));
const DriverCreate = lazy(() => pages().then((m) => ({ default: m.DriverCreate })));
const DriverShow = lazy(() => pages().then((m) => ({ default: m.DriverShow })));

/**
 * Drivers (/customers/drivers): customers flagged as drivers, each with a traveller-app login. A driver's
 * page shows the login and its invitation; the master data is edited as the customer it is.
 */
export const driversResources = [
  <Resource
    key="customers/drivers"
    name="customers/drivers"
    list={DriverList}
    create={DriverCreate}
    show={DriverShow}
    icon={DirectionsBusIcon}
    recordRepresentation="name"
  />,
];
