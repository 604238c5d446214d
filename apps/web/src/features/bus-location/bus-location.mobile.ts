import { type LocaleFile, type MobileFeature, lazyPage, localeLoaders } from '../../lib/feature.ts';
import { DirectionsBusIcon } from '../../lib/mobile-icons.tsx';

const traveller = () => import('./bus-location-page.tsx');
const BusLocationIndex = lazyPage(traveller, (m) => m.BusLocationIndex);
const BusLocationPage = lazyPage(traveller, (m) => m.BusLocationPage);
const DrivePage = lazyPage(
  () => import('./drive-page.tsx'),
  (m) => m.DrivePage,
);

/** The coach's position on the phone: the traveller's bus location and the driver's position sharing. */
export const busLocationMobile: MobileFeature = {
  name: 'bus-location',
  mobileRoutes: [
    { path: '/appuser/Buslocation', component: BusLocationIndex, permissions: ['Buslocation-read'] },
    { path: '/appuser/Buslocation/:bookingId', component: BusLocationPage, permissions: ['Buslocation-read'] },
    {
      path: '/driver/drive/:transportId',
      component: DrivePage,
      permissions: ['Buslocation-update'],
      usable: (user) => user.isDriver,
    },
  ],
  mobileMenu: [
    {
      key: 'busLocation',
      to: '/appuser/Buslocation',
      permissions: ['Buslocation-read'],
      icon: DirectionsBusIcon,
      order: 20,
      // Drivers have the right to share their coach's position; following it is the travellers' screen.
      usable: (user) => !user.isDriver,
    },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
