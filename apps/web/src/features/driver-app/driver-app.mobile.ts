import { type LocaleFile, type MobileFeature, lazyPage, localeLoaders } from '../../lib/feature.ts';
import { DirectionsBusIcon } from '../../lib/mobile-icons.tsx';

const DriverHome = lazyPage(
  () => import('./driver-home.tsx'),
  (m) => m.DriverHome,
);
const DriverTransport = lazyPage(
  () => import('./driver-transport.tsx'),
  (m) => m.DriverTransport,
);
const TicketsScreen = lazyPage(
  () => import('./tickets-screen.tsx'),
  (m) => m.TicketsScreen,
);

const isDriver = (user: { isDriver: boolean }) => user.isDriver;

/**
 * The driver app (issue #13 items 8, 9, docs/adr/0020): /driver lists the driver's coaches (today's first),
 * /driver/transports/{id} is a coach's pick-up list with check-in and the ticket scanner. Travellers see their QR
 * tickets at /appuser/tickets/{bookingId} (when the system setting QR_TICKETS is 1).
 */
export const driverAppMobile: MobileFeature = {
  name: 'driver-app',
  mobileRoutes: [
    { path: '/driver', component: DriverHome, permissions: ['Buslocation-read'], usable: isDriver },
    { path: '/driver/transports/:id', component: DriverTransport, permissions: ['Buslocation-read'], usable: isDriver },
    { path: '/appuser/tickets/:bookingId', component: TicketsScreen, permissions: ['myJourneys-read'] },
  ],
  mobileMenu: [
    {
      key: 'driver',
      to: '/driver',
      permissions: ['Buslocation-read'],
      icon: DirectionsBusIcon,
      usable: isDriver,
      order: 1,
    },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
